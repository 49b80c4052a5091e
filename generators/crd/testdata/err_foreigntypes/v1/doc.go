// Package v1 includes a type of another module that a CRD cannot
// describe: apiextensions' JSONSchemaProps, with float fields. The errors
// are positioned at the root type here, not in the module cache.
//
// +groupName=schemas.example.com
// +metagen:crd-dir=../crds
package v1
