// Package custom calls hand-written validation (+k8s:customValidation).
//
// +k8s:validation-gen=*
package custom
