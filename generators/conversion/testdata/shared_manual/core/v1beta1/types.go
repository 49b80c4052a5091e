package v1beta1

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
	Phase      string     `json:"phase,omitempty"`
	Conditions Conditions `json:"conditions,omitempty"`
}

// Condition is the v1beta1 condition: Severity has no place in metav1.Condition.
type Condition struct {
	Type               string                 `json:"type"`
	Status             metav1.ConditionStatus `json:"status"`
	Severity           string                 `json:"severity,omitempty"`
	LastTransitionTime metav1.Time            `json:"lastTransitionTime,omitempty"`
	Reason             string                 `json:"reason,omitempty"`
	Message            string                 `json:"message,omitempty"`
}

type Conditions []Condition
