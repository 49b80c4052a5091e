package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Toy is an older version.
//
// +genclient
// +kubebuilder:deprecatedversion:warning="toys.example.com/v1beta1 is deprecated; use v1"
// +metagen:short-names=ty
// +metagen:allowed-finalizers=toys.example.com/cleanup
type Toy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec ToySpec `json:"spec"`
}

// ToySpec is the desired state of a Toy.
type ToySpec struct {
	// Color is optional in v1beta1.
	// +optional
	Color string `json:"color,omitempty"`
}
