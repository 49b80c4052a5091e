// Package agreement writes a CRD: the crd generator checks its CEL rules
// with apiextensions' validation, as kube-apiserver does on create.
// +groupName=agreement.example.com
// +metagen:crd-dir=crds
package agreement
