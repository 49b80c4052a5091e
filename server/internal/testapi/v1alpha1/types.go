// Package v1alpha1 is gadgets.example.com/v1alpha1.
//
// +k8s:deepcopy-gen=package
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate .
package v1alpha1

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/conversion"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/server/internal/testapi"
	v1 "github.com/metagen-dev/metagen/server/internal/testapi/v1"
)

// SchemeGroupVersion is gadgets.example.com/v1alpha1.
var SchemeGroupVersion = schema.GroupVersion{Group: testapi.GroupName, Version: "v1alpha1"}

// Gadget is a namespaced resource with a status.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec"`
	Status GadgetStatus `json:"status,omitzero"`
}

// GadgetSpec is the desired state of a Gadget.
type GadgetSpec struct {
	// Color is any string in v1alpha1.
	Color string `json:"color"`
	// Count is v1's replicas; at most 10.
	Count int32 `json:"count,omitempty"`
}

// GadgetStatus is the observed state of a Gadget.
type GadgetStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// GadgetList is a list of Gadgets.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Gadget `json:"items"`
}

// Sprocket converts to and from the hub, v1.Sprocket.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SprocketSpec `json:"spec"`
}

// SprocketSpec is the spec of a Sprocket.
type SprocketSpec struct {
	Teeth int32 `json:"teeth,omitempty"`
}

// ConvertTo converts s to the hub, as controller-runtime's
// conversion.Convertible does.
func (s *Sprocket) ConvertTo(dst testapi.Hub) error {
	hub := dst.(*v1.Sprocket)
	hub.ObjectMeta = s.ObjectMeta
	hub.Spec.TeethCount = s.Spec.Teeth
	return nil
}

// ConvertFrom converts the hub to s.
func (s *Sprocket) ConvertFrom(src testapi.Hub) error {
	hub := src.(*v1.Sprocket)
	s.ObjectMeta = hub.ObjectMeta
	s.Spec.Teeth = hub.Spec.TeethCount
	return nil
}

// SprocketList is a list of Sprockets.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type SprocketList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Sprocket `json:"items"`
}

// Mismatch has a string spec.size (an integer in v1).
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Mismatch struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec struct {
		Size string `json:"size"`
	} `json:"spec"`
}

// MismatchList is a list of Mismatches.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type MismatchList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Mismatch `json:"items"`
}

// AddToScheme registers Gadget with its validation.
func AddToScheme(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(SchemeGroupVersion, &Gadget{}, &GadgetList{})
	metav1.AddToGroupVersion(scheme, SchemeGroupVersion)
	scheme.AddValidationFunc((*Gadget)(nil), func(ctx context.Context, op operation.Operation, obj, _ interface{}) field.ErrorList {
		return validateGadget(obj.(*Gadget))
	})
	return nil
}

// validateGadget is v1alpha1's validation: a count of at most 10.
func validateGadget(g *Gadget) field.ErrorList {
	if g.Spec.Count > 10 {
		return field.ErrorList{field.Invalid(field.NewPath("spec", "count"), g.Spec.Count, "must be less than or equal to 10")}
	}
	return nil
}

// RegisterConversions adds the conversions between Gadget and v1.Gadget:
// count is replicas.
func RegisterConversions(scheme *runtime.Scheme) error {
	if err := scheme.AddConversionFunc((*Gadget)(nil), (*v1.Gadget)(nil), func(a, b interface{}, _ conversion.Scope) error {
		in, out := a.(*Gadget), b.(*v1.Gadget)
		out.ObjectMeta = in.ObjectMeta
		out.Spec = v1.GadgetSpec{Color: in.Spec.Color, Replicas: in.Spec.Count}
		out.Status = v1.GadgetStatus{Ready: in.Status.Ready}
		return nil
	}); err != nil {
		return err
	}
	return scheme.AddConversionFunc((*v1.Gadget)(nil), (*Gadget)(nil), func(a, b interface{}, _ conversion.Scope) error {
		in, out := a.(*v1.Gadget), b.(*Gadget)
		out.ObjectMeta = in.ObjectMeta
		out.Spec = GadgetSpec{Color: in.Spec.Color, Count: in.Spec.Replicas}
		out.Status = GadgetStatus{Ready: in.Status.Ready}
		return nil
	})
}
