package errkubebuilder

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget has markers that cannot hold.
//
// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec GadgetSpec `json:"spec"`
}

// GadgetSpec is the desired state of a Gadget.
//
// +kubebuilder:validation:ExactlyOneOf=wired;wireless
type GadgetSpec struct {
	// Window's default with no closing brace is in testdata/err_values:
	// the load refuses such values before any generator runs.
	// +optional
	Window map[string]int32 `json:"window,omitempty"`
	// Name's default that ends at its comma is in testdata/err_values.
	//
	// +optional
	Name string `json:"name,omitempty"`
	// Wired is required, so it cannot be one of two.
	Wired *bool `json:"wired"`
	// Wireless is the other one.
	// +optional
	Wireless *bool `json:"wireless,omitempty"`
}

// Kit has a list kube-apiserver refuses.
//
// +kubebuilder:object:root=true
type Kit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Parts are unique: kube-apiserver refuses uniqueItems in a CRD, as the
	// check takes quadratic time. Use +listType=set.
	// +kubebuilder:validation:UniqueItems=true
	// +optional
	Parts []string `json:"parts,omitempty"`
}
