// Package kubebuilder has every +kubebuilder:validation marker the Go code
// enforces, in the CRD schema's meaning.
//
// +k8s:validation-gen=*
package kubebuilder
