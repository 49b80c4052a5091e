// Package v1 is version v1 of an API whose versions disagree.
//
// +groupName=conflict.example.com
// +metagen:crd-dir=../crds
package v1
