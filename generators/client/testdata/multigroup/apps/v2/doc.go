// Package v2 gets its register file generated.
//
// +groupName=apps.example.com
// +kubebuilder:object:generate=true
// +metagen:client-output=../../client
package v2
