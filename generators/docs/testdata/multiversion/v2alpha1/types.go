package v2alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Toy is a preview, not served yet.
//
// +genclient
// +kubebuilder:unservedversion
// +metagen:short-names=ty
type Toy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec ToySpec `json:"spec"`
}

// ToySpec is the desired state of a Toy.
type ToySpec struct {
	// Colors replace the color.
	// +optional
	// +listType=atomic
	Colors []string `json:"colors,omitempty"`
}
