package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Goose is plural geese.
//
// +kubebuilder:object:root=true
type Goose struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// GooseList is a list of Goose.
//
// +kubebuilder:object:root=true
type GooseList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Goose `json:"items"`
}
