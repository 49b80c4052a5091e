package custom

import (
	"context"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Window is validated by hand as a whole and in one field.
//
// +k8s:customValidation
type Window struct {
	Start int `json:"start"`
	End   int `json:"end"`
	// +k8s:customValidation
	// +k8s:maxLength=10
	Label string `json:"label,omitempty"`
}

// ValidateCustom_Window checks what no tag can: the order of two fields.
func ValidateCustom_Window(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *Window) field.ErrorList {
	if obj.End < obj.Start {
		return field.ErrorList{field.Invalid(fldPath.Child("end"), obj.End, "must not be before start")}
	}
	return nil
}

// ValidateCustom_Window_Label rejects spaces.
func ValidateCustom_Window_Label(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *string) field.ErrorList {
	if strings.Contains(*obj, " ") {
		return field.ErrorList{field.Invalid(fldPath, *obj, "must not contain spaces")}
	}
	return nil
}
