// +k8s:deepcopy-gen=package

// Package unexported has unexported fields, which are copied like any other.
package unexported
