package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Lamp has short names of its own in each version, and no storage version.
//
// +genclient
// +kubebuilder:resource:shortName=lampv2
type Lamp struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
