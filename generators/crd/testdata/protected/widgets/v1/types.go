package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a resource of a protected group.
//
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Size is how big it is.
	// +optional
	Size int32 `json:"size,omitempty"`
}
