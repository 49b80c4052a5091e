// Package v1beta1 is version v1beta1 of the kinds API.
//
// +groupName=kinds.example.com
// +metagen:crd-dir=../crds
package v1beta1
