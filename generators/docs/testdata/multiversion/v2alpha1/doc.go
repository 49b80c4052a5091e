// Package v2alpha1 is version v2alpha1 of the toys API.
//
// +groupName=toys.example.com
// +metagen:crd-dir=../crds
// +metagen:docs-dir=../docs
package v2alpha1
