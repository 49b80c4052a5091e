package basic

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Widget is a top-level object.
//
// It has two paragraphs; the second one
// spans two lines.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec WidgetSpec `json:"spec"`
	// Status is the observed state.
	// +optional
	Status *WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec holds every kind of field.
type WidgetSpec struct {
	// Name is a plain string, required because it is not omitempty.
	Name string `json:"name"`
	// Count is optional by omitempty.
	Count int32 `json:"count,omitempty"`
	// Big is an int64.
	// +optional
	Big *int64 `json:"big,omitempty"`
	// Ratio is a float.
	// +optional
	Ratio float64 `json:"ratio,omitempty"`
	// Enabled is a boolean; its zero value is enforced as the default.
	Enabled bool `json:"enabled"`
	// Data is base64 bytes.
	// +optional
	Data []byte `json:"data,omitempty"`
	// Tags are strings.
	// +optional
	// +listType=set
	Tags []string `json:"tags,omitempty"`
	// Labels map strings to strings.
	// +optional
	// +mapType=atomic
	Labels map[string]string `json:"labels,omitempty"`
	// Parts are structs, keyed by name.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +patchStrategy=merge
	// +patchMergeKey=name
	Parts []Part `json:"parts,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	// Matrix is a list of lists.
	// +optional
	// +listType=atomic
	Matrix [][]int32 `json:"matrix,omitempty"`
	// ByName maps to structs.
	// +optional
	ByName map[string]Part `json:"byName,omitempty"`
	// Nested maps to lists.
	// +optional
	Nested map[string][]string `json:"nested,omitempty"`
	// Port is an int or a string.
	// +optional
	Port intstr.IntOrString `json:"port,omitempty"`
	// Size is a quantity.
	// +optional
	Size *resource.Quantity `json:"size,omitempty"`
	// Started is a time.
	// +optional
	Started metav1.Time `json:"started,omitempty"`
	// Extension holds anything.
	// +optional
	Extension runtime.RawExtension `json:"extension,omitempty"`
	// Object is an interface: no schema.
	// +optional
	Object runtime.Object `json:"-"`
	// Anything is an empty interface.
	// +optional
	Anything interface{} `json:"anything,omitempty"`
	// Number is written as a string.
	Number int64 `json:"number,string"`
	// NoTag has no JSON tag and keeps its Go name.
	NoTag string
	// Hidden is not serialized.
	Hidden string `json:"-"`
	// Skipped is left out of OpenAPI.
	// +k8s:openapi-gen=false
	Skipped string `json:"skipped"`
	// Required is optional by tag but required by marker.
	// +required
	Required string `json:"required,omitempty"`
	// Custom carries an extension.
	// +k8s:openapi-gen=x-kubernetes-custom:value
	// +optional
	Custom string `json:"custom,omitempty"`
	// Zero is omitted when zero: we count omitzero as omitempty.
	Zero int32 `json:"zero,omitzero"`
	// TODO: this line is dropped.
	// Indented lines keep their breaks:
	//   one
	//   two
	//
	// ---
	// Everything after the separator is dropped.
	Documented string `json:"documented,omitempty"`
	Inlined    `json:",inline"`
}

// Inlined fields appear in the struct that embeds them.
type Inlined struct {
	// InlinedField comes from Inlined.
	InlinedField string `json:"inlinedField"`
}

// Part is one part.
// +structType=atomic
type Part struct {
	// Name identifies the part.
	Name string `json:"name"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	// Conditions are the latest observations.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// WidgetList is a list of widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`

	// Items are the widgets.
	Items []Widget `json:"items"`
}

// Excluded is not described.
// +k8s:openapi-gen=false
type Excluded struct {
	Field string `json:"field"`
}

// unexported types are not described.
type unexported struct {
	Field string `json:"field"`
}

// Phase is not a struct, so it gets no definition.
type Phase string
