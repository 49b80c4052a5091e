package validationcustomresourcename

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +metagen:custom-resource
// +metagen:name-format=dns-label
// +metagen:allowed-finalizers=other.example.com/cleanup
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
