package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Lamp takes its names from v1.
//
// +genclient
type Lamp struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Bulb has a client but no CRD version.
//
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:skipversion
type Bulb struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
