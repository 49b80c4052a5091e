// Package v1 has a field of every shape an apply configuration maps, for
// the comparison with applyconfiguration-gen (clientgen_test.go): pointers
// to slices and maps, slices of pointers, named slice and map types, maps
// of slices and of structs, embedded structs and pointers, slices of named
// strings, []byte, arrays and aliases.
//
// +groupName=shapes.example.com
// +kubebuilder:object:generate=true
// +metagen:client-output=../client
package v1
