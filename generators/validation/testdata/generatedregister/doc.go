// Package generatedregister has no register.go: metagen writes
// zz_generated.register.go, and the generated validation registers through
// the localSchemeBuilder declared there.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=gadgets.example.com
package generatedregister
