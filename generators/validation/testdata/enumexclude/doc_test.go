package enumexclude

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func TestAlwaysExcluded(t *testing.T) {
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, &Spec{Protocol: ProtocolTCP}, nil))
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, &Spec{Protocol: ProtocolLegacy}, nil),
		`protocol: Unsupported value: "Legacy": supported values: "TCP", "UDP"`)
	// Every value of Retired is excluded: nothing is supported.
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, &Spec{Protocol: ProtocolUDP, Retired: ptr.To(RetiredOnly)}, nil),
		`retired: Unsupported value: "Only"`)
}

// An excluded value already stored stays; setting it anew does not.
func TestRatcheting(t *testing.T) {
	stored := &Spec{Protocol: ProtocolLegacy, Retired: ptr.To(RetiredOnly)}
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Update, nil, &Spec{Protocol: ProtocolLegacy, Retired: ptr.To(RetiredOnly)}, stored))
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Update, nil, &Spec{Protocol: ProtocolLegacy}, &Spec{Protocol: ProtocolTCP}),
		`protocol: Unsupported value: "Legacy": supported values: "TCP", "UDP"`)
}

// options defines the four options, enabling the named ones.
func options(enabled ...string) operation.Operation {
	op := operation.Operation{Type: operation.Create, Options: map[string]bool{"FeatureA": false, "FeatureB": false, "FeatureC": false, "FeatureD": false}}
	for _, name := range enabled {
		op.Options[name] = true
	}
	return op
}

// TestConditional follows validation-gen's own cases for conditional
// exclusions: the values left for each set of options, and the message
// listing them.
func TestConditional(t *testing.T) {
	for _, tc := range []struct {
		enabled   []string
		supported []Conditional
		message   string
	}{
		{nil, []Conditional{"A", "C", "D"}, `"A", "C", "D"`},
		{[]string{"FeatureA"}, []Conditional{"C"}, `"C"`},
		{[]string{"FeatureB"}, []Conditional{"A", "B", "C"}, `"A", "B", "C"`},
		{[]string{"FeatureA", "FeatureB"}, []Conditional{"B", "C"}, `"B", "C"`},
		{[]string{"FeatureC", "FeatureD"}, []Conditional{"A", "C", "D"}, `"A", "C", "D"`},
		{[]string{"FeatureC"}, []Conditional{"A", "C", "D", "F"}, `"A", "C", "D", "F"`},
	} {
		op := options(tc.enabled...)
		for _, value := range []Conditional{"A", "B", "C", "D", "F", "X"} {
			errs := Validate_Spec(expect.Ctx, op, nil, &Spec{Protocol: ProtocolTCP, Conditional: ptr.To(value)}, nil)
			supported := false
			for _, s := range tc.supported {
				supported = supported || s == value
			}
			if supported {
				expect.Errors(t, errs)
			} else {
				expect.Errors(t, errs, `conditional: Unsupported value: "`+string(value)+`": supported values: `+tc.message)
			}
		}
	}
}

// Options that an exclusion names must be defined, as for +k8s:ifEnabled.
func TestUndefinedOption(t *testing.T) {
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, &Spec{Protocol: ProtocolTCP, Conditional: ptr.To(ConditionalC)}, nil),
		`conditional: Internal error: undefined validation option "FeatureA"`)
}
