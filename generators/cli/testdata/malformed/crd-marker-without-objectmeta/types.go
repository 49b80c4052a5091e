// Package crdmarkerwithoutobjectmeta marks a type without metadata as a
// CRD root type: the error is at the marker.
//
// +groupName=things.example.com
// +metagen:crd-dir=crds
package crdmarkerwithoutobjectmeta

// Thing has no metav1.ObjectMeta.
//
// +metagen:crd=true
// +kubebuilder:object:generate=false
type Thing struct {
	Size int32 `json:"size"`
}
