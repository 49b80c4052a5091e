// Package crdwords is the differential corpus of the schema dialect: a kind
// whose truth is its CRD, validated by the generated Go validation and by
// apiextensions-apiserver's own schema and list-type validation of the CRD
// metagen writes (crds/, kept current by TestCRDWords), which must agree
// error for error.
//
// +groupName=crdwords.example.com
// +metagen:crd-dir=crds
// +k8s:validation-gen=TypeMeta
package crdwords
