// Package compat has the same types as validation, written as openapi-gen
// writes them.
//
// +k8s:openapi-gen=true
// +metagen:openapi-gen-compatible
package compat
