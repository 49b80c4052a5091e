// +k8s:deepcopy-gen=package
// +groupName=basic.example.com

// Package basic has a struct with every kind of field.
package basic
