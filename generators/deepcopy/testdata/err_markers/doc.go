// +k8s:deepcopy-gen=package

// Package err_markers asks for what cannot be done.
package err_markers
