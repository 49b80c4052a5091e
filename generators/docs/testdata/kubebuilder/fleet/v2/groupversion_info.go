// Package v2 contains API Schema definitions for the fleet v2 API group.
//
// +kubebuilder:object:generate=true
// +groupName=fleet.example.com
// +metagen:crd-dir=../../crds
// +metagen:docs-dir=../../docs
package v2
