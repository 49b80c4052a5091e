// Package ext is loaded with outside but does not opt in to validation: its
// hand-written Validate_Limit is what values of Limit call.
package ext

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Limit has a hand-written validation.
type Limit struct {
	Max int `json:"max"`
}

// Validate_Limit rejects a negative maximum.
func Validate_Limit(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *Limit) field.ErrorList {
	if obj != nil && obj.Max < 0 {
		return field.ErrorList{field.Invalid(fldPath.Child("max"), obj.Max, "must not be negative")}
	}
	return nil
}

// Limits is a list with a hand-written validation, taken as it is.
type Limits []Limit

// Validate_Limits allows at most two limits.
func Validate_Limits(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ Limits) field.ErrorList {
	if len(obj) > 2 {
		return field.ErrorList{field.TooMany(fldPath, len(obj), 2)}
	}
	return nil
}
