// Package validation has the validation markers openapi-gen ignores and we
// write into the schemas.
//
// +k8s:openapi-gen=true
package validation
