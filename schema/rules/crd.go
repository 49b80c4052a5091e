package rules

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	openapierrors "k8s.io/kube-openapi/pkg/validation/errors"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
	openapivalidate "k8s.io/kube-openapi/pkg/validation/validate"
)

// The +kubebuilder:validation rules in the words of the CRD: what
// kube-apiserver answers when it validates the custom resource against the
// schema of its CRD (apiextensions-apiserver's ValidateCustomResource). The
// checks are kube-openapi's own (validate.MinimumNativeType, MaxLength,
// Pattern, FormatOf, …), run on the value as the apiserver decodes it from
// the object's JSON, and their errors become field.Errors as
// ValidateCustomResource makes them: Required, NotSupported (the values in
// declared order), TooLong and TooMany keep their types, the others are
// Invalid with kube-openapi's message ("spec.x in body should be greater
// than or equal to 0").
//
// kube-openapi's message names the value's path. Generated code validates a
// field with a nil path and puts the errors under it afterwards (Child,
// Index, Key), so the message starts with the relative path ("<nil> in
// body …") and is rewritten with the error's field; under a map key the
// path is the schema validator's ("spec.labels.a", where field.Path would
// say "spec.labels[a]").

// inBody is what follows the path in kube-openapi's messages about a value
// of the request body.
const inBody = "body"

// NumberSchema holds the numeric keywords of one value's schema.
type NumberSchema struct {
	HasMultipleOf    bool
	MultipleOf       float64
	HasMinimum       bool
	Minimum          float64
	ExclusiveMinimum bool
	HasMaximum       bool
	Maximum          float64
	ExclusiveMaximum bool
}

// StringSchema holds the string keywords of one value's schema; a negative
// length is no bound, an empty pattern none.
type StringSchema struct {
	MaxLength, MinLength int64
	Pattern              string
}

// SchemaNumber checks multipleOf, minimum and maximum, in that order, as the
// schema validator does, on the number the JSON encoding of value decodes
// to (int64 when it is whole, else float64).
func SchemaNumber[T Number](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, s NumberSchema) field.ErrorList {
	if value == nil || numberHolds(float64(*value), s) {
		return nil
	}
	data := jsonNumber(*value)
	path := fldPath.String()
	var errs field.ErrorList
	if s.HasMultipleOf {
		errs = appendOpenAPI(errs, openapivalidate.MultipleOfNativeType(path, inBody, data, s.MultipleOf))
	}
	if s.HasMinimum {
		errs = appendOpenAPI(errs, openapivalidate.MinimumNativeType(path, inBody, data, s.Minimum, s.ExclusiveMinimum))
	}
	if s.HasMaximum {
		errs = appendOpenAPI(errs, openapivalidate.MaximumNativeType(path, inBody, data, s.Maximum, s.ExclusiveMaximum))
	}
	return errs
}

// numberHolds reports, without allocating, a value that certainly meets
// the keywords: whole bounds and factors, and a value a float64 holds
// exactly, compare the same as integers and as floats. Anything else goes
// to kube-openapi's checks.
func numberHolds(v float64, s NumberSchema) bool {
	const exact = 1 << 53
	whole := func(f float64) bool { return f == math.Trunc(f) && math.Abs(f) < exact }
	if math.Abs(v) >= exact {
		return false
	}
	if s.HasMultipleOf && !(whole(s.MultipleOf) && s.MultipleOf > 0 && whole(v) && math.Mod(v, s.MultipleOf) == 0) {
		return false
	}
	if s.HasMinimum && !(whole(s.Minimum) && (v > s.Minimum || v == s.Minimum && !s.ExclusiveMinimum)) {
		return false
	}
	if s.HasMaximum && !(whole(s.Maximum) && (v < s.Maximum || v == s.Maximum && !s.ExclusiveMaximum)) {
		return false
	}
	return true
}

// jsonNumber is the number kube-apiserver holds for v once encoding/json has
// written it and the apiserver's JSON decoder read it back: an int64 when
// the text is a whole number that fits, else a float64.
func jsonNumber[T Number](v T) any {
	switch reflect.TypeFor[T]().Kind() {
	case reflect.Float32, reflect.Float64:
		f := float64(v)
		if f == math.Trunc(f) && math.Abs(f) < 1e21 && f >= math.MinInt64 && f < math.MaxInt64 {
			return int64(f)
		}
		if reflect.TypeFor[T]().Kind() == reflect.Float32 {
			// encoding/json writes a float32 with its shortest
			// float32 spelling, which the decoder reads as a float64.
			var back float64
			text, _ := json.Marshal(v)
			_ = json.Unmarshal(text, &back)
			return back
		}
		return f
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if uint64(v) > math.MaxInt64 {
			return float64(v)
		}
	}
	return int64(v)
}

// SchemaString checks maxLength, minLength and pattern, in that order; as
// the schema validator, it reports the first that fails only.
func SchemaString[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, s StringSchema) field.ErrorList {
	if value == nil {
		return nil
	}
	return schemaString(fldPath, string(*value), s)
}

// SchemaBytes checks the string keywords on the base64 text the JSON
// encoding writes for value.
func SchemaBytes[T ~[]byte](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ T, s StringSchema) field.ErrorList {
	if value == nil {
		return nil
	}
	return schemaString(fldPath, base64.StdEncoding.EncodeToString(value), s)
}

func schemaString(fldPath *field.Path, data string, s StringSchema) field.ErrorList {
	// Without allocating: a string no longer in bytes than maxLength is no
	// longer in characters.
	if (s.MaxLength < 0 || int64(len(data)) <= s.MaxLength) &&
		(s.MinLength < 0 || int64(utf8.RuneCountInString(data)) >= s.MinLength) &&
		(s.Pattern == "" || openapivalidate.Pattern("", inBody, data, s.Pattern) == nil) {
		return nil
	}
	path := fldPath.String()
	if s.MaxLength >= 0 {
		if err := openapivalidate.MaxLength(path, inBody, data, s.MaxLength); err != nil {
			return appendOpenAPI(nil, err)
		}
	}
	if s.MinLength >= 0 {
		if err := openapivalidate.MinLength(path, inBody, data, s.MinLength); err != nil {
			return appendOpenAPI(nil, err)
		}
	}
	if s.Pattern != "" {
		if err := openapivalidate.Pattern(path, inBody, data, s.Pattern); err != nil {
			return appendOpenAPI(nil, err)
		}
	}
	return nil
}

// SchemaFormat checks one of kube-openapi's string formats.
func SchemaFormat[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, format string) field.ErrorList {
	if value == nil || strfmt.Default.ContainsName(format) && strfmt.Default.Validates(format, string(*value)) {
		return nil
	}
	return appendOpenAPI(nil, openapivalidate.FormatOf(fldPath.String(), inBody, format, string(*value), strfmt.Default))
}

// SchemaStringEnum checks that value is one of values, which are reported in
// the order the schema lists them.
func SchemaStringEnum[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, values []string) field.ErrorList {
	if value == nil {
		return nil
	}
	for _, allowed := range values {
		if string(*value) == allowed {
			return nil
		}
	}
	return field.ErrorList{field.NotSupported(fldPath, string(*value), values).WithOrigin(schemaOrigin)}
}

// SchemaNumberEnum checks that the number the JSON encoding of value decodes
// to is one of values, compared as kube-apiserver compares them (see
// enumMatches: an enum of 1 takes 1.5); the supported values are reported
// as JSON, in the order the schema lists them.
func SchemaNumberEnum[T Number](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, values []float64) field.ErrorList {
	if value == nil {
		return nil
	}
	data := jsonNumber(*value)
	var number float64
	switch n := data.(type) {
	case int64:
		number = float64(n)
	case float64:
		number = n
	}
	for _, allowed := range values {
		if enumMatches(number, allowed) {
			return nil
		}
	}
	words := make([]string, 0, len(values))
	for _, allowed := range values {
		text, _ := json.Marshal(allowed)
		words = append(words, string(text))
	}
	return field.ErrorList{field.NotSupported(fldPath, data, words).WithOrigin(schemaOrigin)}
}

// SchemaItems checks minItems and maxItems of a list of n items (present:
// the JSON encoding writes the list).
func SchemaItems(_ context.Context, _ operation.Operation, fldPath *field.Path, present bool, n int, minItems, maxItems int64) field.ErrorList {
	if !present || (minItems < 0 || int64(n) >= minItems) && (maxItems < 0 || int64(n) <= maxItems) {
		return nil
	}
	var errs field.ErrorList
	if minItems >= 0 {
		errs = appendOpenAPI(errs, openapivalidate.MinItems(fldPath.String(), inBody, int64(n), minItems))
	}
	if maxItems >= 0 {
		errs = appendOpenAPI(errs, openapivalidate.MaxItems(fldPath.String(), inBody, int64(n), maxItems))
	}
	return errs
}

// SchemaProperties checks minProperties and maxProperties of an object with
// n properties.
func SchemaProperties(_ context.Context, _ operation.Operation, fldPath *field.Path, present bool, n int, minProperties, maxProperties int64) field.ErrorList {
	if !present {
		return nil
	}
	var errs field.ErrorList
	if minProperties >= 0 && int64(n) < minProperties {
		errs = appendOpenAPI(errs, openapierrors.TooFewProperties(fldPath.String(), inBody, minProperties, int64(n)))
	}
	if maxProperties >= 0 && int64(n) > maxProperties {
		errs = appendOpenAPI(errs, openapierrors.TooManyProperties(fldPath.String(), inBody, maxProperties, int64(n)))
	}
	return errs
}

// ListSetDuplicates reports the items of a list with
// x-kubernetes-list-type: set that repeat an earlier one, as
// kube-apiserver's list-type validation does: the second item of each
// repeated value, with the value.
func ListSetDuplicates[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, list, _ []T, equal func(a, b *T) bool) field.ErrorList {
	var errs field.ErrorList
	for i := range list {
		if repeatsOnce(list, i, equal) {
			errs = append(errs, Index(fldPath, i, field.ErrorList{field.Duplicate(nil, list[i])})...)
		}
	}
	return errs
}

// ListMapDuplicates reports the items of a list with
// x-kubernetes-list-type: map whose keys repeat an earlier item's, as
// kube-apiserver's list-type validation does: the second item of each
// repeated key, with the key fields the item has (key).
func ListMapDuplicates[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, list, _ []T, sameKey func(a, b *T) bool, key func(*T) map[string]any) field.ErrorList {
	var errs field.ErrorList
	for i := range list {
		if repeatsOnce(list, i, sameKey) {
			errs = append(errs, Index(fldPath, i, field.ErrorList{field.Duplicate(nil, key(&list[i]))})...)
		}
	}
	return errs
}

// PtrListMapDuplicates is ListMapDuplicates for a list of pointers: a nil
// item has no keys.
func PtrListMapDuplicates[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, list, old []*T, sameKey func(a, b *T) bool, key func(*T) map[string]any) field.ErrorList {
	same := func(a, b **T) bool {
		if *a == nil || *b == nil {
			return *a == nil && *b == nil
		}
		return sameKey(*a, *b)
	}
	keyOf := func(item **T) map[string]any {
		if *item == nil {
			return map[string]any{}
		}
		return key(*item)
	}
	return ListMapDuplicates(ctx, op, fldPath, list, old, same, keyOf)
}

// repeatsOnce reports whether item i of list equals exactly one earlier
// item: the first repetition of a value.
func repeatsOnce[T any](list []T, i int, equal func(a, b *T) bool) bool {
	seen := 0
	for j := 0; j < i && seen < 2; j++ {
		if equal(&list[j], &list[i]) {
			seen++
		}
	}
	return seen == 1
}

// appendOpenAPI appends err (when there is one) as ValidateCustomResource
// turns a kube-openapi error into a field.Error.
func appendOpenAPI(errs field.ErrorList, err *openapierrors.Validation) field.ErrorList {
	if err == nil {
		return errs
	}
	var path *field.Path
	if err.Name != "" && err.Name != "." && err.Name != nilPath {
		path = field.NewPath(strings.TrimPrefix(err.Name, "."))
	}
	value := err.Value
	if value == nil {
		value = ""
	}
	asInt := func(v any) int {
		if i, ok := v.(int64); ok {
			return int(i)
		}
		return -1
	}
	var fieldErr *field.Error
	switch err.Code() {
	case openapierrors.RequiredFailCode:
		fieldErr = field.Required(path, "")
	case openapierrors.TooLongFailCode:
		fieldErr = field.TooLong(path, "", asInt(err.Valid))
	case openapierrors.MaxItemsFailCode, openapierrors.TooManyPropertiesCode:
		fieldErr = field.TooMany(path, asInt(err.Value), asInt(err.Valid))
	case openapierrors.InvalidTypeCode:
		fieldErr = field.TypeInvalid(path, value, err.Error())
	default:
		fieldErr = field.Invalid(path, value, err.Error())
	}
	return append(errs, fieldErr.WithOrigin(schemaOrigin))
}

// schemaOrigin marks the errors of the schema validator's checks: under a
// map key they are put where that validator puts them (Key). kube-apiserver
// sets no origin on them.
const schemaOrigin = "schema"

// schemaWords reports an error whose detail is a schema validator's message
// about its own field ("spec.x in body should …"): its path is rewritten
// with the field's.
func schemaWords(err *field.Error) bool {
	return err.Origin == schemaOrigin && len(err.Detail) > len(err.Field) && strings.HasPrefix(err.Detail, err.Field) &&
		strings.HasPrefix(err.Detail[len(err.Field):], " in "+inBody+" ")
}

// SchemaRequired reports a value the object's JSON leaves out that the
// schema requires, as the schema validator does (after the object's other
// properties; the generated code checks it first, as the value's other
// keywords have nothing to check then).
func SchemaRequired(fldPath *field.Path, absent bool) field.ErrorList {
	if !absent {
		return nil
	}
	return field.ErrorList{field.Required(fldPath, "").WithOrigin(schemaOrigin)}
}

// allOfOrigin marks the error SchemaAllOf adds for an allOf that failed:
// kube-apiserver reports it at the root of the object (the schema
// validator's composite error has no field), naming the value's path in its
// message, which nesting rewrites while the field stays.
const allOfOrigin = "schema-allOf"

// SchemaAllOf gives the errors of a value's allOf branches, each the
// errors of its own keywords, in order, as the schema validator reports
// them before the value's other keywords: the branches' errors, then, when
// one failed, the composite error, at the root, that the value must
// validate all the schemas (". None validated" when no branch held). A
// CRD's schema has allOf where a field's marker and its type's give one
// keyword two values (controller-gen's flattening): both hold.
func SchemaAllOf(fldPath *field.Path, branches ...field.ErrorList) field.ErrorList {
	var errs field.ErrorList
	held := 0
	for _, b := range branches {
		if len(b) == 0 {
			held++
			continue
		}
		errs = append(errs, b...)
	}
	if held == len(branches) {
		return nil
	}
	extra := ""
	if held == 0 {
		extra = ". None validated"
	}
	msg := strconv.Quote(fldPath.String()) + " must validate all the schemas (allOf)" + extra
	return append(errs, field.Invalid(nil, "", msg).WithOrigin(allOfOrigin))
}

// allOfPath rewrites the path the composite error of SchemaAllOf names,
// relative to the value validated, with the value's path there.
func allOfPath(err *field.Error, base string) {
	quoted, qerr := strconv.QuotedPrefix(err.Detail)
	if qerr != nil {
		return
	}
	rel, _ := strconv.Unquote(quoted)
	switch {
	case rel == nilPath:
		rel = base
	case strings.HasPrefix(rel, "["):
		rel = base + rel
	default:
		rel = base + "." + rel
	}
	err.Detail = strconv.Quote(rel) + err.Detail[len(quoted):]
}
