// Package v1alpha1 contains API Schema definitions for the ops v1alpha1 API
// group. Its fields are optional unless marked otherwise.
//
// +kubebuilder:object:generate=true
// +kubebuilder:validation:Optional
// +groupName=ops.example.com
// +metagen:crd-dir=../../crds
// +metagen:docs-dir=../../docs
package v1alpha1
