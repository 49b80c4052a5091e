// Package v2 refers to a type of v1: its apply configuration is v1's.
//
// +groupName=apply.example.com
// +kubebuilder:object:generate=true
// +metagen:client-output=../client
package v2
