// Package presence has required, optional and forbidden in each dialect,
// on values, pointers, lists and maps.
//
// +k8s:validation-gen=*
package presence
