package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	corev1beta1 "github.com/metagen-dev/metagen/generators/conversion/testdata/shared_manual/core/v1beta1"
)

type ClusterResourceSet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ClusterResourceSetSpec   `json:"spec,omitempty"`
	Status            ClusterResourceSetStatus `json:"status,omitempty"`
}

type ClusterResourceSetSpec struct {
	ClusterSelector metav1.LabelSelector `json:"clusterSelector"`
	Strategy        string               `json:"strategy,omitempty"`
}

type ClusterResourceSetStatus struct {
	Conditions corev1beta1.Conditions `json:"conditions,omitempty"`
}
