// +k8s:deepcopy-gen=package

// Package generics has generic types and fields of instantiated ones.
package generics
