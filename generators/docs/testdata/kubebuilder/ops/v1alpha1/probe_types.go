package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Hostname is the fully qualified domain name of a network host.
//
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=253
// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`
type Hostname string

// HeaderName is the name of an HTTP header.
//
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=256
// +kubebuilder:validation:Pattern=`^[A-Za-z0-9!#$%&'*+\-.^_|~]+$`
type HeaderName string

// HTTPHeaderName is the name of an HTTP header, compared without regard to case.
//
// +kubebuilder:validation:XValidation:rule="self.lowerAscii() != 'host'",message="the host header cannot be set"
type HTTPHeaderName HeaderName

// Port is a TCP port.
//
// +kubebuilder:validation:Minimum=1
// +kubebuilder:validation:Maximum=65535
type Port int32

// Labels are the labels to add.
//
// +kubebuilder:validation:MaxProperties=16
type Labels map[string]string

// ConditionReason says why a probe failed.
type ConditionReason string

// ReasonInvalid is the reason of a probe whose target is invalid.
const ReasonInvalid ConditionReason = "FieldValueInvalid"

// Target is where a probe connects.
//
// +structType=atomic
// +kubebuilder:validation:XValidation:rule="!has(self.port) || has(self.host)",message="a port needs a host"
type Target struct {
	// Host to connect to.
	Host Hostname `json:"host,omitempty"`
	// Port to connect to.
	Port Port `json:"port,omitempty"`
}

// Authorization is how a probe authenticates.
type Authorization struct {
	// Type of the credentials.
	// +kubebuilder:validation:MaxLength=32
	Type string `json:"type,omitempty"`
}

// HTTPConfig is the HTTP client configuration of a probe.
//
// +kubebuilder:validation:XValidation:rule="!has(self.authorization) || !has(self.bearerToken)",message="use authorization or bearerToken, not both"
type HTTPConfig struct {
	// Authorization of the client.
	Authorization *Authorization `json:"authorization,omitempty"`
	// BearerToken is a token to send.
	BearerToken string `json:"bearerToken,omitempty"`
}

// ProbeSpec defines the desired state of Probe.
type ProbeSpec struct {
	Target `json:",inline"`

	// Secret holds the credentials.
	corev1.LocalObjectReference `json:",inline"`

	HTTPConfig `json:",inline"`

	// Hostnames to probe.
	// +kubebuilder:validation:MaxItems=16
	Hostnames []Hostname `json:"hostnames,omitempty"`
	// Headers to send, by name.
	// +kubebuilder:validation:MaxProperties=16
	Headers map[string]HTTPHeaderName `json:"headers,omitempty"`
	// Header to check.
	Header HTTPHeaderName `json:"header,omitempty"`
	// HeaderNames to check.
	// +kubebuilder:validation:MaxItems=16
	HeaderNames []HTTPHeaderName `json:"headerNames,omitempty"`
	// Ports to try, in order.
	Ports []Port `json:"ports,omitempty"`
	// PortsByName are the ports by name.
	PortsByName map[string]Port `json:"portsByName,omitempty"`
	// ExtraLabels are sets of labels.
	ExtraLabels []Labels `json:"extraLabels,omitempty"`

	// Reason of a failed probe.
	// +kubebuilder:default=FieldValueInvalid
	Reason ConditionReason `json:"reason,omitempty"`
}

// Probe checks that a host answers.
//
// +kubebuilder:object:root=true
type Probe struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ProbeSpec `json:"spec"`
}

// ProbeList contains a list of Probe.
//
// +kubebuilder:object:root=true
type ProbeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Probe `json:"items"`
}
