// Package errnames has markers that contradict each other.
//
// +groupName=names.example.com
// +metagen:crd-dir=crds
package errnames
