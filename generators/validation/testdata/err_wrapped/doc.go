// Package errwrapped has struct-level tags whose wrapping tags disagree, or
// that validation-gen would drop without a word.
//
// +k8s:validation-gen=*
package errwrapped
