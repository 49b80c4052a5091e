// +k8s:deepcopy-gen=package

// Package namedtypes has named slice, map, pointer, array and basic types.
package namedtypes
