// Package enums has string types marked +enum.
//
// +k8s:openapi-gen=true
package enums
