// Package v1 has root types: its register file also records their
// resources (names, scope, /status) on the scheme, as their CRDs and typed
// clients name them.
//
// +groupName=names.example.com
package v1
