// Package v1 is another group in the same clientset, with a Go name of its own.
//
// +groupName=batch.example.com
// +groupGoName=BatchJobs
// +kubebuilder:object:generate=true
// +metagen:client-output=../../client
package v1
