// Package verbs exercises every +genclient verb tag.
//
// +groupName=verbs.example.com
// +kubebuilder:object:generate=true
// +metagen:client-output=../client
package v1
