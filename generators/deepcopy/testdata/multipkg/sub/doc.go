// +k8s:deepcopy-gen=package

// Package sub is used by multipkg.
package sub
