// +k8s:deepcopy-gen=package

// Package multipkg uses types of another input package of the same run: our
// generated files are not loaded, so markers say they will have DeepCopyInto.
package multipkg
