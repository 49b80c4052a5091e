// Package v1 is gadgets.example.com/v1, the storage version.
//
// +k8s:deepcopy-gen=package
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate .
package v1

import (
	"context"
	"regexp"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/server/internal/testapi"
)

// SchemeGroupVersion is gadgets.example.com/v1.
var SchemeGroupVersion = schema.GroupVersion{Group: testapi.GroupName, Version: "v1"}

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
	// Color must be lowercase letters in v1.
	Color string `json:"color"`
	// Replicas is v1alpha1's count; at most 100.
	Replicas int32 `json:"replicas,omitempty"`
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

// Sprocket is the hub of controller-runtime style conversion.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec SprocketSpec `json:"spec"`
}

// SprocketSpec is v1alpha1's with teeth renamed.
type SprocketSpec struct {
	TeethCount int32 `json:"teethCount,omitempty"`
}

// Hub marks Sprocket as the conversion hub.
func (*Sprocket) Hub() {}

// SprocketList is a list of Sprockets.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type SprocketList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Sprocket `json:"items"`
}

// Mismatch has an integer spec.size (a string in v1alpha1).
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Mismatch struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec struct {
		Size int32 `json:"size"`
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

var lowercase = regexp.MustCompile(`^[a-z]+$`)

// validateGadget is v1's validation: a lowercase color, at most 100
// replicas. (Generated validation would check ObjectMeta too.)
func validateGadget(g *Gadget) field.ErrorList {
	var errs field.ErrorList
	spec := field.NewPath("spec")
	if !lowercase.MatchString(g.Spec.Color) {
		errs = append(errs, field.Invalid(spec.Child("color"), g.Spec.Color, "must be lowercase letters"))
	}
	if g.Spec.Replicas > 100 {
		errs = append(errs, field.Invalid(spec.Child("replicas"), g.Spec.Replicas, "must be less than or equal to 100"))
	}
	return errs
}
