package testtags

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func strict(enabled bool) operation.Operation {
	return operation.Operation{Type: operation.Create, Options: map[string]bool{"Strict": enabled}}
}

func value() *T {
	return &T{S: "s", Named: "n", Items: []string{"x", "y"}, Keys: map[string]int{"k": 1}}
}

// TestWhereAndInWhichOrder checks every call validation-gen's test tags
// make: paths, messages, short-circuits, non-errors and cohorts.
func TestWhereAndInWhichOrder(t *testing.T) {
	errs := Validate_T(expect.Ctx, strict(true), nil, value(), nil)
	expect.Errors(t, errs,
		`s: Invalid value: "s": forced failure: field T.S`,
		`noMessage: Invalid value: 0: forced failure: `,
		// The short-circuit runs first and stops "second".
		`short: Invalid value: "": forced failure: first`,
		// "ignored" is not an error; "counted" is.
		`nonError: Invalid value: "": forced failure: counted`,
		// "stops silently" reports nothing and stops "skipped".
		// The default cohort first, then c2 and c1 as first written; c1's
		// short-circuit stops only c1.
		`cohorts: Invalid value: "": forced failure: default`,
		`cohorts: Invalid value: "": forced failure: c2`,
		`cohorts: Invalid value: "": forced failure: c1 first`,
		`typed: Invalid value: 0: forced failure: typed`,
		`named: Invalid value: "n": forced failure: type Name`,
		`items[0]: Invalid value: "x": forced failure: item`,
		`items[1]: Invalid value: "y": forced failure: item`,
		`keys: Invalid value: "k": forced failure: key`,
		`alpha: Invalid value: "": forced failure: alpha`,
		`gated: Invalid value: "": forced failure: strict`,
	)
	for _, e := range errs {
		if e.Origin != "validateFalse" {
			t.Errorf("%s: origin %q", e.Field, e.Origin)
		}
		if e.IsAlpha() != (e.Field == "alpha") {
			t.Errorf("%s: alpha %v", e.Field, e.IsAlpha())
		}
	}
	if errs[2].Field != "short" || !errs[2].ShortCircuit || errs[0].ShortCircuit {
		t.Errorf("short-circuit marks: %v %v", errs[2].ShortCircuit, errs[0].ShortCircuit)
	}
}

func TestOptionDisabled(t *testing.T) {
	errs := Validate_T(expect.Ctx, strict(false), nil, value(), nil)
	if last := errs[len(errs)-1].Error(); last != `alpha: Invalid value: "": forced failure: alpha` {
		t.Errorf("last error: %s", last)
	}
}

// Unchanged values are not validated again: the tags' failures ratchet.
func TestRatcheting(t *testing.T) {
	expect.Errors(t, Validate_T(expect.Ctx, operation.Operation{Type: operation.Update, Options: map[string]bool{"Strict": true}}, nil, value(), value()))
	changed := value()
	changed.Items[1] = "z"
	changed.S = "t"
	// The items of an atomic list are not paired with old ones: a changed
	// list validates every item again.
	expect.Errors(t, Validate_T(expect.Ctx, operation.Operation{Type: operation.Update, Options: map[string]bool{"Strict": true}}, nil, changed, value()),
		`s: Invalid value: "t": forced failure: field T.S`,
		`items[0]: Invalid value: "x": forced failure: item`,
		`items[1]: Invalid value: "z": forced failure: item`,
	)
}
