// +k8s:deepcopy-gen=package
// +groupName=interfaces.example.com

// Package interfaces has runtime.Object types and a package-local interface
// with a DeepCopy<Name> method.
package interfaces
