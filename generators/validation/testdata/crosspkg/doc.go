// Package crosspkg uses validated types of another package of the run,
// metav1.Condition, and recursive types.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
package crosspkg
