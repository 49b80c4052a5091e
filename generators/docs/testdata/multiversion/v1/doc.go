// Package v1 is version v1 of the toys API.
//
// +groupName=toys.example.com
// +metagen:crd-dir=../crds
// +metagen:docs-dir=../docs
package v1
