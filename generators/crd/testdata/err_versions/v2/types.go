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

// Bulb gives other names and metadata than its v1 version.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:shortName=bb
// +kubebuilder:metadata:labels="versions.example.com/tier=b"
// +kubebuilder:metadata:annotations="versions.example.com/note=x;versions.example.com/note=y"
type Bulb struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Fan lists other finalizers than its v1 version.
//
// +kubebuilder:object:root=true
// +metagen:allowed-finalizers=versions.example.com/stop,versions.example.com/drain
type Fan struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
