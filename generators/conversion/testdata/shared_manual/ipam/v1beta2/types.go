// Package v1beta2 is the hub version of the ipam group.
package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type IPAddressClaim struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              IPAddressClaimSpec   `json:"spec,omitempty"`
	Status            IPAddressClaimStatus `json:"status,omitempty"`
}

type IPAddressClaimSpec struct {
	PoolName string `json:"poolName"`
}

type IPAddressClaimStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}
