// Package v1 is version v1 of the kinds API.
//
// +groupName=kinds.example.com
// +metagen:crd-dir=../crds
package v1
