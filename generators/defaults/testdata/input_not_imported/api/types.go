// +k8s:deepcopy-gen=package

// Package api holds external types, as k8s.io/api does: their defaulters
// live in another package, which does not import this one.
package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec `json:"spec"`
}

type GadgetSpec struct {
	// +default=3
	Replicas *int32 `json:"replicas,omitempty"`
	// +default="blue"
	Color string `json:"color,omitempty"`
	Parts []Part `json:"parts,omitempty"`
}

type Part struct {
	// +default=1
	Count int64 `json:"count,omitempty"`
}
