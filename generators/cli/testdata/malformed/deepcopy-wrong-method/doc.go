// Package deepcopywrongmethod has a hand-written DeepCopyInto with the
// wrong signature: the error is at the method, not at the type.
//
// +k8s:deepcopy-gen=package
package deepcopywrongmethod
