package modes

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func TestStrictUnion(t *testing.T) {
	expect.Errors(t, Validate_StrictUnion(expect.Ctx, expect.Create, nil, &StrictUnion{D1: "A", FieldA: ptr.To("a")}, nil))
	errs := Validate_StrictUnion(expect.Ctx, expect.Create, nil, &StrictUnion{D1: "A"}, nil)
	expect.Errors(t, errs, "fieldA: Required value")
	// validation-gen does not mark the validations of a mode as
	// short-circuits.
	if len(errs) == 1 && errs[0].ShortCircuit {
		t.Errorf("fieldA: marked as a short-circuit")
	}
	expect.Errors(t, Validate_StrictUnion(expect.Ctx, expect.Create, nil, &StrictUnion{D1: "A", FieldA: ptr.To("a"), FieldB: ptr.To("b")}, nil),
		"fieldB: Forbidden")
	expect.Errors(t, Validate_StrictUnion(expect.Ctx, expect.Create, nil, &StrictUnion{D1: "B", FieldA: ptr.To("a")}, nil),
		"fieldA: Forbidden",
		"fieldB: Required value")
	// A mode no ifMode names forbids both.
	expect.Errors(t, Validate_StrictUnion(expect.Ctx, expect.Create, nil, &StrictUnion{D1: "C", FieldA: ptr.To("a"), FieldB: ptr.To("b")}, nil),
		"fieldA: Forbidden",
		"fieldB: Forbidden")
	expect.Errors(t, Validate_StrictUnion(expect.Ctx, expect.Create, nil, &StrictUnion{D1: "C"}, nil))
}

func TestSharedField(t *testing.T) {
	for _, mode := range []string{"A", "B"} {
		expect.Errors(t, Validate_SharedField(expect.Ctx, expect.Create, nil, &SharedField{D1: mode}, nil))
		expect.Errors(t, Validate_SharedField(expect.Ctx, expect.Create, nil, &SharedField{D1: mode, FieldA: ptr.To("x")}, nil))
	}
	expect.Errors(t, Validate_SharedField(expect.Ctx, expect.Create, nil, &SharedField{D1: "C", FieldA: ptr.To("x")}, nil),
		"fieldA: Forbidden")
}

func TestChained(t *testing.T) {
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Create, nil, &Chained{D1: "A", FieldA: ptr.To("abc")}, nil))
	// Required fails first and stops maxLength.
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Create, nil, &Chained{D1: "A"}, nil),
		"fieldA: Required value")
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Create, nil, &Chained{D1: "A", FieldA: ptr.To("too-long")}, nil),
		"fieldA: Too long: may not be more than 5 characters")
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Create, nil, &Chained{D1: "B", FieldA: ptr.To("x")}, nil),
		"fieldA: Forbidden")
}

// Unchanged values in an unchanged mode are not validated again; a new
// value or a new mode is.
func TestRatcheting(t *testing.T) {
	old := &Chained{D1: "A", FieldA: ptr.To("too-long-string")}
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Update, nil, &Chained{D1: "A", FieldA: ptr.To("too-long-string")}, old))
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Update, nil, &Chained{D1: "A", FieldA: ptr.To("also-too-long")}, old),
		`fieldA: Too long: may not be more than 5 characters`)
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Update, nil, &Chained{D1: "A", FieldA: ptr.To("too-long-string")}, &Chained{D1: "B", FieldA: ptr.To("too-long-string")}),
		`fieldA: Too long: may not be more than 5 characters`)
	// Without an old object, an update validates everything.
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Update, nil, &Chained{D1: "A", FieldA: ptr.To("too-long-string")}, nil),
		`fieldA: Too long: may not be more than 5 characters`)
	// An unchanged forbidden value stays.
	stale := &StrictUnion{D1: "A", FieldA: ptr.To("a"), FieldB: ptr.To("b")}
	expect.Errors(t, Validate_StrictUnion(expect.Ctx, expect.Update, nil, &StrictUnion{D1: "A", FieldA: ptr.To("a"), FieldB: ptr.To("b")}, stale))
}

func TestBoolMode(t *testing.T) {
	expect.Errors(t, Validate_BoolMode(expect.Ctx, expect.Create, nil, &BoolMode{D1: true, FieldA: ptr.To("x")}, nil))
	expect.Errors(t, Validate_BoolMode(expect.Ctx, expect.Create, nil, &BoolMode{D1: true}, nil),
		"fieldA: Required value")
	expect.Errors(t, Validate_BoolMode(expect.Ctx, expect.Create, nil, &BoolMode{D1: false, FieldA: ptr.To("x")}, nil),
		"fieldA: Forbidden")
}

// Modalities run sorted by name, and their fields by Go name.
func TestTwoModalities(t *testing.T) {
	expect.Errors(t, Validate_TwoModalities(expect.Ctx, expect.Create, nil, &TwoModalities{D1: "A", D2: "B", FieldA: ptr.To("a"), FieldB: ptr.To("b")}, nil))
	expect.Errors(t, Validate_TwoModalities(expect.Ctx, expect.Create, nil, &TwoModalities{D1: "A", D2: "B"}, nil),
		"fieldA: Required value",
		"fieldB: Required value")
	expect.Errors(t, Validate_TwoModalities(expect.Ctx, expect.Create, nil, &TwoModalities{D1: "X", D2: "Y", FieldA: ptr.To("a"), FieldB: ptr.To("b")}, nil),
		"fieldA: Forbidden",
		"fieldB: Forbidden")
}

func TestCollections(t *testing.T) {
	expect.Errors(t, Validate_Collections(expect.Ctx, expect.Create, nil, &Collections{D1: "A"}, nil))
	expect.Errors(t, Validate_Collections(expect.Ctx, expect.Create, nil, &Collections{D1: "A", ListField: []string{"x"}, MapField: map[string]string{"k": "v"}}, nil))
	expect.Errors(t, Validate_Collections(expect.Ctx, expect.Create, nil, &Collections{D1: "B", ListField: []string{"x"}, MapField: map[string]string{"k": "v"}}, nil),
		"listField: Forbidden",
		"mapField: Forbidden")
	// Empty collections are unset.
	expect.Errors(t, Validate_Collections(expect.Ctx, expect.Create, nil, &Collections{D1: "B", ListField: []string{}, MapField: map[string]string{}}, nil))
}

func turbo(enabled bool) operation.Operation {
	return operation.Operation{Type: operation.Create, Options: map[string]bool{"Turbo": enabled}}
}

// Tuned's modes run before its fields, by Go name: boost, delay, speed.
func TestTuned(t *testing.T) {
	expect.Errors(t, Validate_Tuned(expect.Ctx, turbo(false), nil, &Tuned{Kind: KindFast, Speed: 20, Boost: ptr.To(500)}, nil))
	expect.Errors(t, Validate_Tuned(expect.Ctx, turbo(true), nil, &Tuned{Kind: KindFast, Speed: 5, Boost: ptr.To(500)}, nil),
		"boost: Invalid value: 500: must be less than or equal to 100",
		"speed: Invalid value: 5: must be greater than or equal to 10")
	errs := Validate_Tuned(expect.Ctx, turbo(false), nil, &Tuned{Kind: KindSlow, Speed: 2000, Boost: ptr.To(1)}, nil)
	expect.Errors(t, errs,
		"boost: Forbidden",
		"delay: Required value",
		"speed: Forbidden",
		"speed: Invalid value: 2000: must be less than or equal to 1000")
	if errs[0].IsAlpha() || !errs[1].IsAlpha() || errs[2].IsAlpha() {
		t.Errorf("alpha: boost %v, delay %v, speed %v", errs[0].IsAlpha(), errs[1].IsAlpha(), errs[2].IsAlpha())
	}
	// Every ifMode of delay is alpha, so its forbidden default is too.
	errs = Validate_Tuned(expect.Ctx, turbo(false), nil, &Tuned{Kind: KindFast, Speed: 10, Delay: ptr.To(1)}, nil)
	expect.Errors(t, errs, "delay: Forbidden")
	if len(errs) == 1 && !errs[0].IsAlpha() {
		t.Errorf("delay's forbidden default is not alpha")
	}
	// The discriminator's own validation still runs; an unknown kind
	// forbids every field.
	expect.Errors(t, Validate_Tuned(expect.Ctx, turbo(false), nil, &Tuned{Kind: "Other", Speed: 1}, nil),
		"speed: Forbidden",
		`kind: Unsupported value: "Other": supported values: "Fast", "Slow"`)
}

func TestUndefinedOptionInAMode(t *testing.T) {
	expect.Errors(t, Validate_Tuned(expect.Ctx, expect.Create, nil, &Tuned{Kind: KindFast, Speed: 10, Boost: ptr.To(1)}, nil),
		`boost: Internal error: undefined validation option "Turbo"`)
}

// A field's dependency runs before its mode: +k8s:dependentRequired sorts
// before +k8s:ifMode.
func TestOrder(t *testing.T) {
	expect.Errors(t, Validate_Ordered(expect.Ctx, expect.Create, nil, &Ordered{Mode: "Off", A: ptr.To(1)}, nil),
		"b: Required value: must be set when a is set",
		"a: Forbidden")
}
