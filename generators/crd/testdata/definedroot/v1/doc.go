// Package v1 is the stored version of the gates API.
//
// +groupName=gates.example.com
// +metagen:crd-dir=../crds
package v1
