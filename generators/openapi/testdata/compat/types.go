package compat

import (
	"k8s.io/apimachinery/pkg/runtime"
)

// Level is a bounded number; its markers apply wherever it is used.
// +k8s:minimum=1
// +k8s:maximum=10
type Level int32

// Mode is an enum by validation-gen's tag.
// +k8s:enum
type Mode string

const (
	// ModeOn is on.
	ModeOn Mode = "On"
	// ModeOff is off.
	ModeOff Mode = "Off"
)

// Machine has validation markers of both dialects.
// +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
// +kubebuilder:validation:MinProperties=1
type Machine struct {
	// Name is a short name.
	// +k8s:required
	// +k8s:format=k8s-short-name
	// +k8s:maxLength=63
	Name string `json:"name,omitempty"`
	// Host is a long name, by kubebuilder's markers.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=253
	// +kubebuilder:validation:Pattern=`^[a-z0-9.-]+$`
	Host string `json:"host,omitempty"`
	// MinReplicas has a lower bound.
	// +optional
	// +k8s:minimum=0
	MinReplicas *int32 `json:"minReplicas,omitempty"`
	// MaxReplicas has both bounds, exclusive above.
	// +optional
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=100
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +kubebuilder:validation:MultipleOf=1
	MaxReplicas *int32 `json:"maxReplicas,omitempty"`
	// Level takes its type's bounds.
	// +optional
	Level Level `json:"level,omitempty"`
	// Mode is an enum.
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// Tier is an enum by kubebuilder's marker.
	// +optional
	// +kubebuilder:validation:Enum=gold;silver;bronze
	// +kubebuilder:default=bronze
	Tier string `json:"tier,omitempty"`
	// Zones are listed with bounds and items formats.
	// +optional
	// +k8s:listType=set
	// +k8s:minItems=1
	// +k8s:maxItems=3
	// +k8s:eachVal=+k8s:format=k8s-long-name
	Zones []string `json:"zones,omitempty"`
	// Ports are unique, each a port number.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:UniqueItems=true
	// +kubebuilder:validation:items:Minimum=1
	// +kubebuilder:validation:items:Maximum=65535
	Ports []int32 `json:"ports,omitempty"`
	// Labels are bounded.
	// +optional
	// +k8s:maxProperties=16
	// +kubebuilder:validation:MinProperties=0
	Labels map[string]string `json:"labels,omitempty"`
	// Note may be null.
	// +optional
	// +nullable
	// +kubebuilder:title=A note
	// +kubebuilder:example="hello"
	Note *string `json:"note,omitempty"`
	// Port is an int or a string.
	// +optional
	// +kubebuilder:validation:XIntOrString
	Port string `json:"port,omitempty"`
	// Raw is kept as it is.
	// +optional
	// +kubebuilder:validation:XPreserveUnknownFields
	// +kubebuilder:validation:XEmbeddedResource
	Raw *runtime.RawExtension `json:"raw,omitempty"`
	// Limits has a CEL rule with every argument.
	// +optional
	// +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self.all(k, size(k) < 10)",messageExpression="'bad key'",reason=FieldValueForbidden,fieldPath=".x",optionalOldSelf=true
	Limits map[string]int32 `json:"limits,omitempty"`
	// Count is omitzero: optional, without a default.
	Count int32 `json:"count,omitzero"`
	// Since is a date.
	// +optional
	// +kubebuilder:validation:Format=date
	Since string `json:"since,omitempty"`
	// Kube uses kube-openapi's own markers; openapi-gen writes all but format, enum and nullable.
	// +optional
	// +k8s:validation:maxLength=8
	// +k8s:validation:format="hostname"
	// +k8s:validation:cel[0]:rule="self != 'x'"
	// +k8s:validation:cel[0]:message="not x"
	Kube string `json:"kube,omitempty"`
}
