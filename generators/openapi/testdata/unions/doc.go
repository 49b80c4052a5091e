// Package unions has unions, as openapi-gen describes them.
//
// +k8s:openapi-gen=true
package unions
