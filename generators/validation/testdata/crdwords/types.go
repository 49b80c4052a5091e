package crdwords

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a kind whose truth is its CRD.
//
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// DeepCopyObject makes Widget a runtime.Object (a shallow copy is enough
// for the tests).
func (in *Widget) DeepCopyObject() runtime.Object { out := *in; return &out }

// WidgetSpec has a field per schema keyword.
type WidgetSpec struct {
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=10
	Count int32 `json:"count"`

	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:Maximum=1.5
	// +kubebuilder:validation:ExclusiveMaximum=true
	Ratio float64 `json:"ratio"`

	// +kubebuilder:validation:Minimum=0.5
	// +optional
	Half *float64 `json:"half,omitempty"`

	// +kubebuilder:validation:MultipleOf=5
	Step int `json:"step"`

	// +kubebuilder:validation:MultipleOf=0.25
	// +optional
	Quarter *float64 `json:"quarter,omitempty"`

	// +kubebuilder:validation:MinLength=2
	// +kubebuilder:validation:MaxLength=5
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	Code string `json:"code"`

	// Lengths count characters (runes), not bytes.
	// +kubebuilder:validation:MaxLength=3
	// +optional
	Short string `json:"short,omitempty"`

	// +kubebuilder:validation:Format=email
	// +optional
	Email string `json:"email,omitempty"`

	// +kubebuilder:validation:Format=uuid
	// +optional
	UID string `json:"uid,omitempty"`

	// +kubebuilder:validation:Enum=slow;fast;"very slow"
	Speed string `json:"speed"`

	// +kubebuilder:validation:Enum=3;1;2
	// +optional
	Level int32 `json:"level,omitempty"`

	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=3
	// +kubebuilder:validation:items:MaxLength=4
	// +kubebuilder:validation:items:Pattern=`^[a-z]*$`
	// +optional
	Tags []string `json:"tags,omitempty"`

	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=2
	// +optional
	Env map[string]string `json:"env,omitempty"`

	// Map values are named by the schema validator as properties.
	// +optional
	Limits map[string]Limit `json:"limits,omitempty"`

	// +kubebuilder:validation:Required
	// +kubebuilder:validation:MinLength=1
	Owner *string `json:"owner,omitempty"`

	// Required, but always in the JSON: "" is too short, not missing.
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:MinLength=1
	Alias string `json:"alias"`

	// Required and omitted when empty: "" is missing.
	// +required
	// +kubebuilder:validation:MinLength=2
	Nick string `json:"nick,omitempty"`

	// +listType=set
	// +optional
	Set []string `json:"set,omitempty"`

	// +listType=set
	// +optional
	Numbers []int32 `json:"numbers,omitempty"`

	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	// +optional
	Ports []Port `json:"ports,omitempty"`

	// +listType=map
	// +listMapKey=id
	// +kubebuilder:validation:MaxItems=3
	// +optional
	Items []Item `json:"items,omitempty"`

	// The schema checks the base64 text the JSON encoding writes.
	// +kubebuilder:validation:MaxLength=8
	// +optional
	Blob []byte `json:"blob,omitempty"`

	// A type declared as another has that type's bounds too.
	// +optional
	Header HTTPHeader `json:"header,omitempty"`

	// +optional
	Headers []HTTPHeader `json:"headers,omitempty"`

	// A field's bound and pattern over its type's: the CRD keeps both of
	// each, in allOf (controller-gen's flattening); its enum is the type's.
	// +kubebuilder:validation:MaxLength=4
	// +kubebuilder:validation:Pattern=`^[A-Z]`
	// +kubebuilder:validation:Enum=Accept;X-Abc;A:b;"";Other
	// +optional
	Head Header `json:"head,omitempty"`

	// A field's bound over its type's, and a bound its type has not.
	// +kubebuilder:validation:MaxLength=5
	// +kubebuilder:validation:MinLength=2
	// +optional
	Word Word `json:"word,omitempty"`

	// Items markers over the item type's: both bounds hold.
	// +kubebuilder:validation:items:MaxLength=3
	// +optional
	Words []Word `json:"words,omitempty"`
}

// Word is a lowercase word.
// +kubebuilder:validation:MaxLength=10
// +kubebuilder:validation:Pattern=`^[a-z]+$`
type Word string

// Header is a header name.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=8
// +kubebuilder:validation:Pattern=`^[A-Za-z-]+$`
// +kubebuilder:validation:Enum=Accept;X-Abc;A:b;""
type Header string

// HTTPHeader is declared as Header: controller-gen's schema of it refers
// to Header's and flattens both, so Header's bounds hold on it; its own
// MaxLength and Header's both hold (the CRD keeps both, in allOf), its own
// pattern too, and Header's enum is kept over its own.
// +kubebuilder:validation:MaxLength=5
// +kubebuilder:validation:Pattern=`^[A-Z]`
// +kubebuilder:validation:Enum=Accept;X-Abc;A:b;"";Other
type HTTPHeader Header

// Limit is a map value.
type Limit struct {
	// +kubebuilder:validation:Minimum=0
	Value int32 `json:"value"`
	// +kubebuilder:validation:Enum=soft;hard
	// +optional
	Kind string `json:"kind,omitempty"`
}

// Port is an item of a list-map with two keys.
type Port struct {
	Name     string `json:"name"`
	Protocol string `json:"protocol"`
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	Number int32 `json:"number"`
}

// Item is an item of a list-map with one key.
type Item struct {
	// +kubebuilder:validation:MaxLength=3
	ID string `json:"id"`
	// +optional
	Value int32 `json:"value,omitempty"`
}
