// Package v1 has a broken markdown template.
//
// +groupName=toys.example.com
// +metagen:crd-dir=../crds
// +metagen:docs-dir=../docs
// +metagen:docs-templates=../tmpl
package v1
