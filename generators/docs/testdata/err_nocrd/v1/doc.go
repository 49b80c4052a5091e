// Package v1 asks for docs without CRDs.
//
// +groupName=toys.example.com
// +metagen:docs-dir=../docs
package v1
