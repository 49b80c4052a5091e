// Package packageclausemismatch has a file with another package clause:
// the error is at that clause.
//
// +k8s:deepcopy-gen=package
package packageclausemismatch
