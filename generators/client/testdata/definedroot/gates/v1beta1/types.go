package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "github.com/metagen-dev/metagen/generators/client/testdata/definedroot/gates/v1"
)

// Gate lets traffic in, as first released: the struct of v1.Gate.
//
// +genclient
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Gate v1.Gate

// GateList is a list of gates.
//
// +kubebuilder:object:root=true
type GateList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gate `json:"items"`
}
