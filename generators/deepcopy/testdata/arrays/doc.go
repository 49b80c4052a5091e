// +k8s:deepcopy-gen=package

// Package arrays has arrays whose elements hold references; deepcopy-gen
// copies those shallowly, metagen copies each element.
package arrays
