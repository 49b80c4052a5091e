// +k8s:deepcopy-gen=package

// Package api holds external types, as k8s.io/api does: their defaulters
// live in another package.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

type Protocol string

const ProtocolTCP Protocol = "TCP"

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec"`
}

type WidgetSpec struct {
	// +default=ref(ProtocolTCP)
	Protocol Protocol `json:"protocol,omitempty"`
	// +default=3
	Replicas *int32            `json:"replicas,omitempty"`
	Ports    []Port            `json:"ports,omitempty"`
	Named    map[string]Port   `json:"named,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Template *Template         `json:"template,omitempty"`
}

type Port struct {
	// +default=80
	Number int32 `json:"number,omitempty"`
}

type Template struct {
	Ports []*Port `json:"ports,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// +k8s:defaulter-gen=false

// Skipped has TypeMeta but opts out.
type Skipped struct {
	metav1.TypeMeta `json:",inline"`
	Spec            WidgetSpec `json:"spec"`
}

// +k8s:defaulter-gen=true

// Chosen has no TypeMeta but opts in.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Chosen struct {
	Template Template `json:"template"`
}

// GetObjectKind makes Chosen a runtime.Object without TypeMeta.
func (*Chosen) GetObjectKind() schema.ObjectKind { return schema.EmptyObjectKind }
