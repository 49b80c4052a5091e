// Package cel has kinds whose schemas carry CEL rules
// (+kubebuilder:validation:XValidation and the rules ExactlyOneOf writes):
// their Validate_ functions evaluate them as kube-apiserver evaluates the
// CRD's x-kubernetes-validations, through schema/cel.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=cel.example.com
package cel

import "k8s.io/apimachinery/pkg/runtime"

var localSchemeBuilder = runtime.NewSchemeBuilder()
