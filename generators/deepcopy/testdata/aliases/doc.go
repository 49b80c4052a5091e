// +k8s:deepcopy-gen=package

// Package aliases uses type aliases, which resolve to their targets.
package aliases
