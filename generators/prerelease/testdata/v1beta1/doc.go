// +k8s:prerelease-lifecycle-gen=true

// Package v1beta1 is a prerelease version: deprecation and removal follow
// from the introduction unless written.
package v1beta1
