package unstructural

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Graph cannot have a structural schema.
//
// +kubebuilder:object:root=true
type Graph struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Root is recursive.
	Root Node `json:"root"`
	// Extra is any object.
	// +optional
	Extra runtime.Object `json:"extra,omitempty"`
}

// Node is recursive.
type Node struct {
	// Next is the next node.
	// +optional
	Next *Node `json:"next,omitempty"`
}
