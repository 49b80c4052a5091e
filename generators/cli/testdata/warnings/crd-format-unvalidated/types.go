package formats

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RouteSpec `json:"spec,omitempty"`
}

type RouteSpec struct {
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:Format="cidr"
	Prefixes []string `json:"prefixes,omitempty"`
	// cidr on a string: validated, no warning.
	// +kubebuilder:validation:Format="cidr"
	Prefix string `json:"prefix,omitempty"`
}
