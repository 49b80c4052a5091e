// Package lists has list semantics: sets, maps with one or more keys
// (pointer keys too), unique=…, customUnique and UniqueItems.
//
// +k8s:validation-gen=*
package lists
