// Package dialects has markers of the schema dialects that k8s.io/api
// writes together: +optional with a kubebuilder Required (core/v1
// PortStatus.Error), +listType on a value that is not a list
// (admissionregistration/v1beta1 sideEffects), and an enum with no
// constants.
//
// +k8s:validation-gen=*
package dialects
