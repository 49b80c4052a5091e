// Package methods exercises +genclient:method.
//
// +groupName=methods.example.com
// +groupGoName=Extra
// +kubebuilder:object:generate=true
// +metagen:client-output=../client
package v1
