package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Lamp has two versions, neither the storage version.
//
// +genclient
type Lamp struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Bulb gives other names and metadata than its v2 version.
//
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:resource:shortName=bl
// +kubebuilder:metadata:labels="versions.example.com/tier=a"
type Bulb struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Fan lists other finalizers than its v2 version, and one outside its
// group's domain.
//
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +metagen:allowed-finalizers=versions.example.com/stop,example.org/stop
type Fan struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Heater's allowed finalizers contradict its +kubebuilder:metadata annotation.
//
// +kubebuilder:object:root=true
// +metagen:allowed-finalizers=versions.example.com/cool
// +kubebuilder:metadata:annotations="metagen.dev/allowed-finalizers=versions.example.com/heat"
type Heater struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
