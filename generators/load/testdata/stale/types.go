package stale

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a test type.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Size is how big.
	// +optional
	Size   *int32 `json:"size,omitempty"`
	Color  string `json:"color,omitzero"`
	hidden int
}

// register.go in real packages does this; without the generated
// DeepCopyObject it does not type-check, and that must not stop a load.
var _ runtime.Object = &Widget{}
