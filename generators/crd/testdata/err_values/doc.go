// Package errvalues has marker values the marker parser refuses where it
// reads them, at load, each with one wording, before any generator runs.
//
// +groupName=values.example.com
// +metagen:crd-dir=crds
package errvalues
