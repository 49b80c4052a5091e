package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Toy is a toy.
//
// +kubebuilder:object:root=true
type Toy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Name of the toy.
	Name string `json:"name,omitempty"`
}
