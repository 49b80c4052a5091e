// Package inherited has markers that apply beyond their declaration: on the
// items and values of a named type, through type A B, and from inlined
// structs. (Fields that shadow those of an inlined struct are in the crd
// case shadowed: openapi-gen writes both, which does not compile.)
//
// +k8s:openapi-gen=true
package inherited
