// Package errschema has schemas apiextensions refuses.
//
// +groupName=schema.example.com
// +metagen:crd-dir=crds
package errschema
