// Package typedefs has rules written on types: named strings, integers,
// lists and maps, and enums, used by fields, list items and map values.
//
// +k8s:validation-gen=TypesWithSuffix=Spec
package typedefs
