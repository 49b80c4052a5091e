// +k8s:deepcopy-gen=package

// Package optout opts in as a whole; some types opt out.
package optout
