// Package enumexclude has enums with values left out by +k8s:enumExclude,
// always or under an option.
//
// +k8s:validation-gen=*
package enumexclude
