// Package v1 exercises apply configurations: every field shape
// applyconfiguration-gen maps, extra apply methods, and the schema.
//
// +groupName=apply.example.com
// +kubebuilder:object:generate=true
// +metagen:client-output=../client
package v1
