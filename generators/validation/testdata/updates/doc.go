// Package updates has the rules about what an update may change.
//
// +k8s:validation-gen=*
package updates
