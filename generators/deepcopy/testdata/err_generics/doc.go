// +k8s:deepcopy-gen=package

// Package err_generics has type parameters that may hold references.
package err_generics
