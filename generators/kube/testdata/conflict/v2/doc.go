// Package v2 is version v2 of an API whose versions disagree.
//
// +groupName=conflict.example.com
// +metagen:crd-dir=../crds
package v2
