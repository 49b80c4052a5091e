package cel

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a kind with rules on its spec, its fields and its list items.
//
// +kubebuilder:validation:XValidation:rule="self.metadata.name.startsWith('w-')",message="name must start with w-"
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec has create and transition rules.
//
// +kubebuilder:validation:XValidation:rule="self.min <= self.max",messageExpression="'min exceeds max in mode ' + self.mode",fieldPath=".min",reason=FieldValueForbidden
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.mode) || has(self.mode)",message="mode may not be removed"
// +kubebuilder:validation:ExactlyOneOf=url;path
type WidgetSpec struct {
	// +kubebuilder:validation:Maximum=100
	Min int32 `json:"min"`
	// +kubebuilder:validation:Maximum=100
	Max int32 `json:"max"`

	// Mode cannot change once set.
	// +optional
	// +kubebuilder:validation:MaxLength=10
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="mode is immutable"
	Mode string `json:"mode,omitempty"`

	// Size may only grow; absent before, any value goes (optionalOldSelf).
	// +optional
	// +kubebuilder:validation:XValidation:rule="oldSelf.hasValue() ? self >= oldSelf.value() : self > 0",message="size may only grow",optionalOldSelf=true
	Size *int32 `json:"size,omitempty"`

	// +optional
	URL string `json:"url,omitempty"`
	// +optional
	Path string `json:"path,omitempty"`

	// +optional
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MaxItems=10
	Ports []Port `json:"ports,omitempty"`
}

// Port is a list item with a rule of its own.
//
// +kubebuilder:validation:XValidation:rule="has(self.port) || self.name == 'none'",message="port is required",reason=FieldValueRequired
type Port struct {
	// +kubebuilder:validation:MaxLength=10
	Name string `json:"name"`
	Port int32  `json:"port,omitempty"`
}

// Plain is a kind without rules: it does not call schema/cel.
type Plain struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +kubebuilder:validation:MaxLength=3
	Name string `json:"name,omitempty"`
}

func (in *Widget) DeepCopyObject() runtime.Object { out := *in; return &out }
func (in *Plain) DeepCopyObject() runtime.Object  { out := *in; return &out }
