// Package markerblock has type markers in a comment block one blank line
// above the type's doc, which controller-gen reads as the type's (metallb
// frr-k8s: "//nolint", "//+structType=atomic", a blank line, then
// SecretReference's doc): the CRD has x-kubernetes-map-type: atomic and the
// block's validation.
//
// +groupName=blocks.example.com
// +metagen:crd-dir=../crds
package v1
