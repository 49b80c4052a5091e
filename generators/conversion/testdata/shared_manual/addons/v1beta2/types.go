// Package v1beta2 is the hub version of the addons group.
package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

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
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}
