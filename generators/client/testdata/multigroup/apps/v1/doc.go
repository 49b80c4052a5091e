// Package v1 has a hand-written register.go.
//
// +groupName=apps.example.com
// +kubebuilder:object:generate=true
// +metagen:client-output=../../client
package v1
