// Package missingmodule imports a package of a module go.mod does not
// require: the error is at the import.
//
// +k8s:deepcopy-gen=package
package missingmodule
