package rules

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"math"
	"slices"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The +kubebuilder:validation rules on values whose JSON form is not their
// Go kind. A CRD schema checks the JSON, so these check what encoding/json
// writes: a []byte is a base64 string, a *[]T an array or nothing, and an
// enum of numbers compares numbers.

// Base64MinLength checks MinLength on a []byte, whose JSON value is its
// base64 encoding: the limit counts the encoded characters, 4 for each 3
// bytes or part of them. A nil slice is written as null, which kube-apiserver
// drops from a custom resource, so it is not checked.
func Base64MinLength[T ~[]byte](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ T, min int) field.ErrorList {
	if value == nil || base64.StdEncoding.EncodedLen(len(value)) >= min {
		return nil
	}
	return field.ErrorList{field.TooShort(fldPath, base64.StdEncoding.EncodeToString(value), min).WithOrigin("minLength")}
}

// Base64MaxLength checks MaxLength on a []byte, as Base64MinLength does.
func Base64MaxLength[T ~[]byte](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ T, max int) field.ErrorList {
	if value == nil || base64.StdEncoding.EncodedLen(len(value)) <= max {
		return nil
	}
	return field.ErrorList{field.TooLongCharacters(fldPath, "", max).WithOrigin("maxLength")}
}

// PtrMinItems checks MinItems on a *[]T: a nil pointer, or one to a nil
// list, is written as nothing or null, which the schema does not check.
func PtrMinItems[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, _ *[]T, min int) field.ErrorList {
	if value == nil || *value == nil {
		return nil
	}
	return validate.MinItems(ctx, op, fldPath, *value, nil, min)
}

// PtrMaxItems checks MaxItems on a *[]T, as PtrMinItems does.
func PtrMaxItems[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, _ *[]T, max int) field.ErrorList {
	if value == nil || *value == nil {
		return nil
	}
	return validate.MaxItems(ctx, op, fldPath, *value, nil, max)
}

// NumberEnum checks an enum of numbers, which validate.Enum (strings only)
// cannot: the value must equal one of values, as kube-apiserver compares
// them. The supported values are listed as kube-apiserver lists them, in
// their JSON spelling and the marker's order.
func NumberEnum[T Number](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, values []float64) field.ErrorList {
	if value == nil || slices.ContainsFunc(values, func(v float64) bool { return enumMatches(float64(*value), v) }) {
		return nil
	}
	supported := make([]string, len(values))
	for i, v := range values {
		spelled, _ := json.Marshal(v)
		supported[i] = string(spelled)
	}
	return field.ErrorList{field.NotSupported(fldPath, *value, supported)}
}

// enumMatches compares a number with an enum value as kube-apiserver does:
// the CRD decodes a whole enum value to an int64 and converts the value to
// it, dropping any fraction, before comparing (an enum of 1 takes 1.5);
// other enum values compare as float64.
func enumMatches(value, enum float64) bool {
	if enum == math.Trunc(enum) {
		return math.Trunc(value) == enum
	}
	return value == enum
}
