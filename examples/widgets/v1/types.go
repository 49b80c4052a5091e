package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Widget is a namespaced example resource with a spec and a status.
//
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Color,type=string,JSONPath=`.spec.color`
// +kubebuilder:printcolumn:name=Replicas,type=integer,JSONPath=`.spec.replicas`
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=`.metadata.creationTimestamp`
// +k8s:supportsSubresource=/status
// +metagen:allowed-finalizers=widgets.example.com/cleanup
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
	// +k8s:required
	// +k8s:maxLength=32
	// +kubebuilder:validation:Pattern=`^[a-z]+(-[a-z]+)*$`
	Color string `json:"color"`
	// Replicas is how many widgets to keep running.
	// +optional
	// +k8s:minimum=0
	// +k8s:maximum=100
	Replicas *int32 `json:"replicas,omitempty"`
	// Size is how much room one widget takes.
	// +optional
	Size *resource.Quantity `json:"size,omitempty"`
	// Parts lists the widget's parts, in assembly order.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +k8s:maxItems=16
	Parts []Part `json:"parts,omitempty"`
	// Selector picks the gadgets this widget drives.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// Settings are free-form key/value pairs.
	// +optional
	// +k8s:maxProperties=32
	// +k8s:eachKey=+k8s:format=k8s-label-key
	Settings map[string]string `json:"settings,omitempty"`
}

// Part is one part of a widget.
type Part struct {
	// Name identifies the part within its widget.
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// Suppliers may deliver the part, most preferred first.
	// +optional
	// +listType=atomic
	// +k8s:eachVal=+k8s:format=k8s-long-name
	Suppliers []string `json:"suppliers,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// ObservedGeneration is the generation the status describes.
	// +optional
	// +k8s:minimum=0
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
