package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Toy is stored in this version.
//
// +genclient
// +kubebuilder:storageversion
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
	// Color is required in v1.
	Color string `json:"color"`
}
