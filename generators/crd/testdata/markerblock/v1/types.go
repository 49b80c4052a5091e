package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Neighbor is a root type whose marker is one blank line above its doc.
type Neighbor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              NeighborSpec `json:"spec,omitempty"`
}

type NeighborSpec struct {
	PasswordSecret SecretReference `json:"passwordSecret,omitempty"`
	Mode           Mode            `json:"mode,omitempty"`
}

//nolint
//+structType=atomic

// SecretReference names a secret.
type SecretReference struct {
	Name      string `json:"name,omitempty"`
	Namespace string `json:"namespace,omitempty"`
}

// +kubebuilder:validation:Enum=active;passive

// Mode is how the session opens.
type Mode string
