// +k8s:prerelease-lifecycle-gen=false

// Package optout opts out: nothing is generated, and no marker is required.
package optout
