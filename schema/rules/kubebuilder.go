package rules

import (
	"context"
	"fmt"
	"math"
	"regexp"

	"k8s.io/apimachinery/pkg/api/operation"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// The +kubebuilder:validation rules that k8s.io/apimachinery/pkg/api/validate
// has no function for. They mean what the CRD schema means (the same bounds,
// RE2 patterns, kube-openapi's formats); their messages use validate's
// wording ("must be …") rather than the schema validator's
// ("<path> in body should be …").

// Number is what numeric rules accept.
type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

// Minimum checks value >= min, or value > min when exclusive, for any number
// and a bound that need not be whole.
func Minimum[T Number](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, min float64, exclusive bool) field.ErrorList {
	if value == nil {
		return nil
	}
	v := float64(*value)
	if v > min || (v == min && !exclusive) {
		return nil
	}
	detail := "must be greater than or equal to %v"
	if exclusive {
		detail = "must be greater than %v"
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf(detail, min)).WithOrigin("minimum")}
}

// Maximum checks value <= max, or value < max when exclusive.
func Maximum[T Number](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, max float64, exclusive bool) field.ErrorList {
	if value == nil {
		return nil
	}
	v := float64(*value)
	if v < max || (v == max && !exclusive) {
		return nil
	}
	detail := "must be less than or equal to %v"
	if exclusive {
		detail = "must be less than %v"
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf(detail, max)).WithOrigin("maximum")}
}

// MultipleOf checks that value is a whole multiple of factor (> 0).
func MultipleOf[T Number](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, factor float64) field.ErrorList {
	if value == nil {
		return nil
	}
	quotient := float64(*value) / factor
	if quotient == math.Trunc(quotient) {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf("must be a multiple of %v", factor)).WithOrigin("multipleOf")}
}

// Pattern checks that value matches pattern, which generated code compiles
// once, when its package is initialised.
func Pattern[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, pattern *regexp.Regexp) field.ErrorList {
	if value == nil || pattern.MatchString(string(*value)) {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf("must match the regular expression '%s'", pattern)).WithOrigin("pattern")}
}

// Format checks value against one of kube-openapi's string formats, the
// ones CRD schemas use (date-time, email, uri, uuid, ipv4, cidr, …).
func Format[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, format string) field.ErrorList {
	if value == nil || strfmt.Default.Validates(format, string(*value)) {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf("must be a valid %s", format)).WithOrigin("format=" + format)}
}

// IsFormat reports whether format is one Format knows.
func IsFormat(format string) bool { return strfmt.Default.ContainsName(format) }

// IPSloppy checks +k8s:format=k8s-ip: an IPv4 or IPv6 address, where IPv4
// octets may have leading zeros, with apimachinery's messages
// (validation.IsValidIPForLegacyField).
func IPSloppy[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	return utilvalidation.IsValidIPForLegacyField(fldPath, string(*value), false, nil).WithOrigin("format=k8s-ip")
}
