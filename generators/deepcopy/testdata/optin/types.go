package optin

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Chosen opts in.
// +k8s:deepcopy-gen=true
type Chosen struct {
	Values []string
	Other  *Chosen
}

// NotChosen does not opt in: it gets nothing.
type NotChosen struct {
	Values []string
}

// Root is a kubebuilder root object: it gets DeepCopyObject too.
// +kubebuilder:object:root=true
type Root struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Chosen `json:"spec"`
}

// ByKubebuilder opts in with kubebuilder's marker.
// +kubebuilder:object:generate=true
type ByKubebuilder struct {
	Labels map[string]string
}

// Tags opts in: a named slice with value receivers.
// +k8s:deepcopy-gen=true
type Tags []string
