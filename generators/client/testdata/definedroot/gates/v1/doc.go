// Package v1 is the stored version of the gates API.
//
// +groupName=gates.example.com
// +kubebuilder:object:generate=true
// +metagen:client-output=../../client
package v1
