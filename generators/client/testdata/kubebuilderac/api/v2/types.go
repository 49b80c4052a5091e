package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Frigate is namespaced; its Hull is opted out, but reached, so it gets an
// apply configuration as a type Frigate contains.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource
type Frigate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Hull              Hull `json:"hull"`
}

// Hull is opted out as a root.
//
// +kubebuilder:ac:generate=false
type Hull struct {
	Length int32 `json:"length"`
}

// +kubebuilder:object:root=true
type FrigateList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Frigate `json:"items"`
}
