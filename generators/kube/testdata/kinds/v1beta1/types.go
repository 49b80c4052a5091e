package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Lamp is no longer served.
//
// +genclient
// +kubebuilder:unservedversion
type Lamp struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
