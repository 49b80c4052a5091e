// Package basic has the common field rules.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=basic.example.com
package basic

import "k8s.io/apimachinery/pkg/runtime"

var (
	// SchemeBuilder registers the package's types and validations.
	SchemeBuilder      = runtime.NewSchemeBuilder()
	localSchemeBuilder = &SchemeBuilder
)
