// Package errtagvalues has +k8s: tags whose values gengo's codetags, the
// marker parser, refuses where it reads them, at load, with one wording.
//
// +k8s:validation-gen=*
package errtagvalues
