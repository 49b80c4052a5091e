package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	applyv1 "github.com/metagen-dev/metagen/generators/client/testdata/apply/v1"
)

// Pool is cluster-scoped, without a status.
//
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:object:root=true
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Ports             []applyv1.Port `json:"ports,omitempty"`
}

// +kubebuilder:object:root=true
type PoolList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Pool `json:"items"`
}
