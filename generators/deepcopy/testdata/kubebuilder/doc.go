// Package kubebuilder opts in the way controller-gen reads it.
// +kubebuilder:object:generate=true
// +groupName=kb.example.com
package kubebuilder
