// +k8s:deepcopy-gen=package

// Package blank has blank fields, which only the first assignment copies.
package blank
