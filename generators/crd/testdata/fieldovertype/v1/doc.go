// Package v1 has fields whose validation markers meet the values their
// named types already have, and types declared on others with their own:
// controller-gen's schema of such a field is the type's schema flattened
// with the field's markers (controller-tools pkg/crd/flatten.go): a keyword
// both set differently is kept twice, in two allOf branches (the type's
// first); equal strings are kept once, bounds twice (they are compared as
// pointers) but equal property counts once; the type's enum is kept over
// the field's.
//
// +groupName=fields.example.com
// +metagen:crd-dir=../crds
package v1
