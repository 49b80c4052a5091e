// Package v1beta1 contains API Schema definitions for the fleet v1beta1 API group.
//
// +kubebuilder:object:generate=true
// +groupName=fleet.example.com
// +metagen:crd-dir=../../crds
// +metagen:docs-dir=../../docs
package v1beta1
