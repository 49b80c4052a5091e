// +k8s:deepcopy-gen=package

// Package nonpointer puts interface methods on value receivers.
package nonpointer
