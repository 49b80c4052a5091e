package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gate lets traffic in, in the stored version.
//
// +genclient
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
// +kubebuilder:resource:categories=gates,shortName=gt
// +kubebuilder:printcolumn:name="Class",type=string,JSONPath=`.spec.className`
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
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=253
	ClassName string `json:"className"`

	// Ports are the ports the gate listens on.
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MaxItems=16
	// +optional
	Ports []Port `json:"ports,omitempty"`
}

// Port is one port of a gate.
type Port struct {
	// Name of the port.
	Name string `json:"name"`
	// Number of the port.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	Number int32 `json:"number"`
	// Protocol spoken on the port.
	// +kubebuilder:validation:Enum=TCP;UDP
	// +kubebuilder:default=TCP
	// +optional
	Protocol string `json:"protocol,omitempty"`
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
