// Package defaults has +default markers.
//
// +k8s:openapi-gen=true
package defaults
