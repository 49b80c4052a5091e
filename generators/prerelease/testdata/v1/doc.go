// +k8s:prerelease-lifecycle-gen=true

// Package v1 is GA: only the introduction, unless deprecation or removal is written.
package v1
