// Package errstructure has types no structural schema describes.
//
// +groupName=structure.example.com
// +metagen:crd-dir=crds
package errstructure
