// Package v1alpha1 is an early version of the fleet API that is no longer
// part of the CRD.
//
// +kubebuilder:object:generate=true
// +groupName=fleet.example.com
// +metagen:crd-dir=../../crds
package v1alpha1
