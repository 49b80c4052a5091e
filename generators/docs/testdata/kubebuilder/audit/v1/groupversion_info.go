// Package v1 contains API Schema definitions for the audit v1 API group.
// Its fields are required unless marked otherwise.
//
// +kubebuilder:validation:Required
// +groupName=audit.example.com
// +metagen:crd-dir=../../crds
// +metagen:docs-dir=../../docs
package v1
