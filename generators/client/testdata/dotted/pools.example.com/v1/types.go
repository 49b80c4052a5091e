package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// IPPool is a pool of addresses.
//
// +genclient
// +kubebuilder:object:root=true
type IPPool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              IPPoolSpec `json:"spec"`
}

type IPPoolSpec struct {
	Range string `json:"range"`
}

// +kubebuilder:object:root=true
type IPPoolList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []IPPool `json:"items"`
}
