package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec"`
	Status            WidgetStatus `json:"status"`
}

type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

type Mode string

type WidgetSpec struct {
	// Replicas is a pointer here: the hand-written conversion handles it.
	Replicas *int32              `json:"replicas,omitempty"`
	Selector map[string]string   `json:"selector,omitempty"`
	Ports    []Port              `json:"ports,omitempty"`
	Named    map[string]Template `json:"named,omitempty"`
	Template *Template           `json:"template,omitempty"`
	Mode     Mode                `json:"mode,omitempty"`
	Modes    []Mode              `json:"modes,omitempty"`
	// Length is the internal Size.
	Length string `json:"length,omitempty"`
	// +k8s:conversion-gen=false
	Internal string `json:"-"`
}

// Port has the internal layout: it converts with one unsafe cast.
type Port struct {
	Name   string `json:"name"`
	Number int32  `json:"number"`
}

type Template struct {
	Labels map[string]string `json:"labels,omitempty"`
	Ports  []Port            `json:"ports,omitempty"`
	Mode   Mode              `json:"mode,omitempty"`
}

type WidgetStatus struct {
	Ready bool `json:"ready"`
}

// +k8s:conversion-gen:explicit-from=net/url.Values
type WidgetOptions struct {
	metav1.TypeMeta `json:",inline"`
	Verbose         bool   `json:"verbose,omitempty"`
	Name            string `json:"name,omitempty"`
	Limit           int64  `json:"limit,omitempty"`
}
