// +k8s:deepcopy-gen=package

// Package err_any has fields that may hold anything.
package err_any
