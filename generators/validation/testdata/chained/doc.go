// Package chained has rules chained to a part of a value: +k8s:subfield and
// +k8s:item.
//
// +k8s:validation-gen=*
package chained
