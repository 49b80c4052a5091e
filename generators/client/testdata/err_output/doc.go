// Package erroutput has clients without a scheme. (The loader refuses a
// client output directory outside the module: see the cli malformed cases.)
// It opts in to deepcopy, which a run of every generator still writes
// (TestDefaultRunSkipsClientsWithWarning).
//
// +k8s:deepcopy-gen=package
package erroutput
