package gating

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func invalid() *Gated {
	return &Gated{
		Alpha: "long", Beta: 1, Name: "Not_Short_But_Very_Long_Indeed", NotThis: "forbidden",
		Matrix: [][]string{{"ok", "bad"}}, Counts: map[string]int{"long": 0},
	}
}

func withOption(enabled bool) operation.Operation {
	return operation.Operation{Type: operation.Create, Options: map[string]bool{"StrictNames": enabled}}
}

func TestEnabled(t *testing.T) {
	errs := Validate_Gated(expect.Ctx, withOption(true), nil, invalid(), nil)
	expect.Errors(t, errs,
		`alpha: Too long: may not be more than 3 characters`,
		`beta: Invalid value: 1: must be greater than or equal to 10`,
		`name: Invalid value: "Not_Short_But_Very_Long_Indeed": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
		`notThis: Invalid value: "forbidden": must not be equal to "forbidden"`,
		`notZero: Invalid value: 0: must not be equal to 0`,
		`matrix[0][1]: Too long: may not be more than 2 characters`,
		`counts: Too long: may not be more than 3 characters`,
		`counts[long]: Invalid value: 0: must be greater than or equal to 1`,
		`inner.value: Required value`,
	)
	if !errs[0].IsAlpha() || !errs[1].IsBeta() || errs[2].IsAlpha() {
		t.Errorf("stability levels: %v %v %v", errs[0].IsAlpha(), errs[1].IsBeta(), errs[2].IsAlpha())
	}
}

func TestDisabled(t *testing.T) {
	errs := Validate_Gated(expect.Ctx, withOption(false), nil, invalid(), nil)
	if got := errs[2].Error(); got != `name: Too long: may not be more than 20 characters` {
		t.Errorf("name: %s", got)
	}
}

func TestUndefinedOptionIsAnInternalError(t *testing.T) {
	errs := Validate_Gated(expect.Ctx, expect.Create, nil, invalid(), nil)
	if got := errs[2].Error(); got != `name: Internal error: undefined validation option "StrictNames"` {
		t.Errorf("name: %s", got)
	}
}

// +k8s:alpha=+k8s:enum (and beta) checks the enum, marking its errors.
func TestStagedEnums(t *testing.T) {
	on := BetaPhaseOn
	expect.Errors(t, Validate_Staged(expect.Ctx, expect.Create, nil, &Staged{Alpha: AlphaPhaseOn, Beta: &on}, nil))
	off := BetaPhase("Off")
	errs := Validate_Staged(expect.Ctx, expect.Create, nil, &Staged{Alpha: "Off", Beta: &off}, nil)
	expect.Errors(t, errs,
		`alpha: Unsupported value: "Off": supported values: "On"`,
		`beta: Unsupported value: "Off": supported values: "On"`,
	)
	if !errs[0].IsAlpha() || errs[0].IsBeta() || !errs[1].IsBeta() || errs[1].IsAlpha() {
		t.Errorf("stability levels: %v %v", errs[0].IsAlpha(), errs[1].IsBeta())
	}
}

// The fields of a +k8s:opaqueType struct type are not validated.
func TestOpaqueTypeFields(t *testing.T) {
	obj := &Staged{Alpha: AlphaPhaseOn, Sealed: Sealed{Name: "long"}}
	expect.Errors(t, Validate_Staged(expect.Ctx, expect.Create, nil, obj, nil))
}
