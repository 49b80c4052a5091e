package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// Widget is a namespaced example resource with a spec and a status.
//
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state of the widget.
	Spec WidgetSpec `json:"spec"`
	// Status is the observed state of the widget.
	// +optional
	Status WidgetStatus `json:"status,omitzero"`
}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// Color is the widget's paint color.
	Color string `json:"color"`
	// Replicas is how many widgets to keep running.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
	// Size is how much room one widget takes.
	// +optional
	Size *resource.Quantity `json:"size,omitempty"`
	// Parts lists the widget's parts, in assembly order.
	// +optional
	// +listType=map
	// +listMapKey=name
	Parts []Part `json:"parts,omitempty"`
	// Selector picks the gadgets this widget drives.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// Settings are free-form key/value pairs.
	// +optional
	Settings map[string]string `json:"settings,omitempty"`
}

// Part is one part of a widget.
type Part struct {
	// Name identifies the part within its widget.
	Name string `json:"name"`
	// Suppliers may deliver the part, most preferred first.
	// +optional
	// +listType=atomic
	Suppliers []string `json:"suppliers,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// ObservedGeneration is the generation the status describes.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Conditions describe the widget's current state.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// LastAssembled is when the widget was last assembled.
	// +optional
	LastAssembled *metav1.Time `json:"lastAssembled,omitempty"`
}

// WidgetList is a list of Widgets.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}
