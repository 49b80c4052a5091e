// Package v1alpha1 is an early version of the fleet API: its Ship is no
// longer part of the CRD, its Beacon still is.
//
// +kubebuilder:object:generate=true
// +groupName=fleet.example.com
// +metagen:crd-dir=../../crds
// +metagen:docs-dir=../../docs
package v1alpha1
