package errstructure

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Tree cannot be described.
//
// +genclient
type Tree struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec TreeSpec `json:"spec"`
}

// TreeSpec is the desired state.
type TreeSpec struct {
	// Root refers to itself.
	Root Node `json:"root"`
	// Object is an interface.
	// +optional
	Object runtime.Object `json:"object,omitempty"`
	// Anything is free-form.
	// +optional
	Anything map[string]interface{} `json:"anything,omitempty"`
	// Kept is free-form too, but keeps unknown fields.
	// +optional
	// +kubebuilder:validation:XPreserveUnknownFields
	Kept map[string]interface{} `json:"kept,omitempty"`
	// Scalar has a list type.
	// +optional
	// +listType=atomic
	Scalar string `json:"scalar,omitempty"`
}

// Node is recursive.
type Node struct {
	// Children are nodes.
	// +optional
	// +listType=atomic
	Children []Node `json:"children,omitempty"`
}
