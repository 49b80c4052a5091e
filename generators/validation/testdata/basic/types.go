package basic

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Thing is a root type.
//
// +k8s:supportsSubresource=/status
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec"`
}

// DeepCopyObject is written by hand in this test package.
func (t *Thing) DeepCopyObject() runtime.Object { c := *t; return &c }

// ThingSpec holds the fields.
type ThingSpec struct {
	// +k8s:required
	// +k8s:maxLength=16
	Name string `json:"name"`

	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=10
	Replicas *int32 `json:"replicas,omitempty"`

	// +k8s:format=k8s-short-name
	Short string `json:"short,omitempty"`

	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	Word string `json:"word,omitempty"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=4
	Items []Item `json:"items,omitempty"`

	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:maxLength=8
	Labels map[string]string `json:"labels,omitempty"`

	Color Color `json:"color,omitempty"`

	// +k8s:immutable
	Fixed string `json:"fixed,omitempty"`
}

// Item is a list-map item.
type Item struct {
	Name string `json:"name"`
	// +k8s:minimum=0
	Weight int `json:"weight"`
}

// Color is an enum.
//
// +k8s:enum
type Color string

const (
	Red  Color = "red"
	Blue Color = "blue"
)
