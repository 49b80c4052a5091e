package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Lamp gives the names of every version, and is stored in this one.
//
// +genclient
// +kubebuilder:resource:shortName=lp,categories=all
// +kubebuilder:storageversion
type Lamp struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Bulb is cluster-scoped.
//
// +genclient
// +genclient:nonNamespaced
type Bulb struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
