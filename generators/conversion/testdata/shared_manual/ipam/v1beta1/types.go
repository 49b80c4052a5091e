package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	corev1beta1 "github.com/metagen-dev/metagen/generators/conversion/testdata/shared_manual/core/v1beta1"
)

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
	Conditions corev1beta1.Conditions `json:"conditions,omitempty"`
}
