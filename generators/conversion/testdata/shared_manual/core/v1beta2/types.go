// Package v1beta2 is the hub version of the core group: it has no conversions.
package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Machine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              MachineSpec   `json:"spec,omitempty"`
	Status            MachineStatus `json:"status,omitempty"`
}

type MachineSpec struct {
	ClusterName string `json:"clusterName"`
}

type MachineStatus struct {
	Phase      string             `json:"phase,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}
