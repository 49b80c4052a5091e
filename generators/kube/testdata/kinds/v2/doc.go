// Package v2 is version v2 of the kinds API.
//
// +groupName=kinds.example.com
// +metagen:crd-dir=../crds
package v2
