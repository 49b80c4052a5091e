// Package foreigngeneratedfile has a zz_generated.deepcopy.go that metagen
// did not write (no metagen header): the error names it, at its first line.
//
// +k8s:deepcopy-gen=package
package foreigngeneratedfile
