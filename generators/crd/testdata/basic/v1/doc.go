// Package v1 is an API group with two resources.
//
// +groupName=shop.example.com
// +metagen:crd-dir=../crds
package v1
