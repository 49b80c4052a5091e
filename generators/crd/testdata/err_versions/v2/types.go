package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Lamp has two versions, neither the storage version; this one is
// cluster-scoped, the other is not.
//
// +genclient
// +genclient:nonNamespaced
type Lamp struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
