package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gate lets traffic in.
//
// +genclient
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Gate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state of the gate.
	Spec GateSpec `json:"spec"`

	// Status is the observed state of the gate.
	// +optional
	Status GateStatus `json:"status,omitempty"`
}

// GateSpec is the desired state of a Gate.
type GateSpec struct {
	// ClassName names the class of the gate.
	ClassName string `json:"className"`

	// Ports are the ports the gate listens on.
	// +listType=map
	// +listMapKey=name
	// +optional
	Ports []Port `json:"ports,omitempty"`
}

// Port is one port of a gate.
type Port struct {
	// Name of the port.
	Name string `json:"name"`
	// Number of the port.
	Number int32 `json:"number"`
}

// GateStatus is the observed state of a Gate.
type GateStatus struct {
	// Conditions describe the state of the gate.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// GateList is a list of gates.
//
// +kubebuilder:object:root=true
type GateList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gate `json:"items"`
}
