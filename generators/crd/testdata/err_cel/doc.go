// Package errcel has CEL rules apiextensions refuses.
//
// +groupName=cel.example.com
// +metagen:crd-dir=crds
package errcel
