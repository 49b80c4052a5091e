// +k8s:deepcopy-gen=package

// Package err_chanfunc has chan and func fields.
package err_chanfunc
