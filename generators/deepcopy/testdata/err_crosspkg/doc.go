// +k8s:deepcopy-gen=package

// Package err_crosspkg uses structs of another package that have references
// but no DeepCopyInto.
package err_crosspkg
