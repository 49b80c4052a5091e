package wrapped

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func withOptions(options ...string) operation.Operation {
	op := operation.Operation{Type: operation.Create, Options: map[string]bool{}}
	for _, o := range []string{"Groups", "Strict", "Shares"} {
		op.Options[o] = false
	}
	for _, o := range options {
		op.Options[o] = true
	}
	return op
}

// An alpha union reports alpha errors; its members' own rules keep theirs.
func TestAlphaUnion(t *testing.T) {
	expect.Errors(t, Validate_Access(expect.Ctx, expect.Create, nil, &Access{Resource: &Target{Path: "p"}}, nil))
	errs := Validate_Access(expect.Ctx, expect.Create, nil, &Access{}, nil)
	expect.Errors(t, errs, "<nil>: Invalid value: \"\": must specify one of: `resource`, `nonResource`")
	expect.Levels(t, errs, "alpha")
	errs = Validate_Access(expect.Ctx, expect.Create, nil, &Access{Resource: &Target{}, NonResource: &Target{Path: "p"}}, nil)
	expect.Errors(t, errs,
		"<nil>: Invalid value: \"{resource, nonResource}\": must specify exactly one of: `resource`, `nonResource`",
		"resource.path: Required value")
	expect.Levels(t, errs, "alpha,stable")
}

// The discriminator is not wrapped; the members are beta, and so is the
// union.
func TestBetaDiscriminatedUnion(t *testing.T) {
	expect.Errors(t, Validate_Value(expect.Ctx, expect.Create, nil, &Value{Kind: "Text", String: ptr.To("s")}, nil))
	errs := Validate_Value(expect.Ctx, expect.Create, nil, &Value{Kind: "Int", String: ptr.To("s")}, nil)
	expect.Errors(t, errs,
		"int: Invalid value: \"\": must be specified when `kind` is \"Int\"",
		"string: Invalid value: \"\": may only be specified when `kind` is \"Text\"")
	expect.Levels(t, errs, "beta,beta")
}

// At most one of the Approved and Denied conditions, as a beta check; the
// other conditions are not members.
func TestBetaItemUnion(t *testing.T) {
	expect.Errors(t, Validate_Request(expect.Ctx, expect.Create, nil, &Request{Conditions: []Condition{{Type: "Approved"}, {Type: "Failed"}}}, nil))
	errs := Validate_Request(expect.Ctx, expect.Create, nil, &Request{Conditions: []Condition{{Type: "Denied"}, {Type: "Approved"}}}, nil)
	expect.Errors(t, errs, "conditions: Invalid value: \"{conditions[{\\\"type\\\": \\\"Approved\\\"}], conditions[{\\\"type\\\": \\\"Denied\\\"}]}\": must specify at most one of: `conditions[{\"type\": \"Approved\"}]`, `conditions[{\"type\": \"Denied\"}]`")
	expect.Levels(t, errs, "beta")
	// Ratcheting: an unchanged list is not checked again.
	old := &Request{Conditions: []Condition{{Type: "Denied"}, {Type: "Approved"}}}
	expect.Errors(t, Validate_Request(expect.Ctx, expect.Update, nil, &Request{Conditions: []Condition{{Type: "Denied"}, {Type: "Approved"}}}, old))
}

// An alpha dependency, with its sibling quoted; a dependency and a
// zero-or-one-of union that hold only while an option is enabled or
// disabled.
func TestDependenciesAndOptions(t *testing.T) {
	expect.Errors(t, Validate_Job(expect.Ctx, withOptions(), nil, &Job{MaxFailedIndexes: ptr.To[int32](1), BackoffLimitPerIndex: ptr.To[int32](2)}, nil))
	errs := Validate_Job(expect.Ctx, withOptions(), nil, &Job{MaxFailedIndexes: ptr.To[int32](1), Responders: []string{"r"}, Group: "g", A: ptr.To(1), B: ptr.To(2)}, nil)
	expect.Errors(t, errs,
		"backoffLimitPerIndex: Required value: must be set when maxFailedIndexes is set",
		"<nil>: Invalid value: \"{a, b}\": must specify at most one of: `a`, `b`")
	expect.Levels(t, errs, "alpha,stable")
	errs = Validate_Job(expect.Ctx, withOptions("Groups", "Strict"), nil, &Job{Responders: []string{"r"}, Group: "g", A: ptr.To(1), B: ptr.To(2)}, nil)
	expect.Errors(t, errs, "group: Forbidden: may not be set when responders is set")
	expect.Levels(t, errs, "stable")
}

// Beta modes under a beta discriminator; a discriminated union checked only
// while Shares is enabled.
func TestModesAndOptionalUnion(t *testing.T) {
	expect.Errors(t, Validate_Priority(expect.Ctx, withOptions(), nil, &Priority{Type: ModeLimited, Limited: &Limits{}}, nil))
	errs := Validate_Priority(expect.Ctx, withOptions(), nil, &Priority{Type: ModeLimited, Exempt: &Limits{}}, nil)
	expect.Errors(t, errs, "exempt: Forbidden", "limited: Required value")
	expect.Levels(t, errs, "beta,beta")
	expect.Errors(t, Validate_Priority(expect.Ctx, withOptions(), nil, &Priority{Type: ModeExempt, Exempt: &Limits{}, Policy: "Fixed", Shared: ptr.To[int32](1)}, nil))
	errs = Validate_Priority(expect.Ctx, withOptions("Shares"), nil, &Priority{Type: ModeExempt, Exempt: &Limits{}, Policy: "Fixed", Shared: ptr.To[int32](1)}, nil)
	expect.Errors(t, errs,
		"fixed: Invalid value: \"\": must be specified when `policy` is \"Fixed\"",
		"shared: Invalid value: \"\": may only be specified when `policy` is \"Shared\"")
	expect.Levels(t, errs, "stable,stable")
}

// The type is +required and +k8s:beta=+k8s:required, as flowcontrol/v1's:
// one beta error, as validation-gen reports it (issue 3).
func TestRequiredOnceBeta(t *testing.T) {
	errs := Validate_Priority(expect.Ctx, withOptions(), nil, &Priority{}, nil)
	expect.Errors(t, errs, "type: Required value")
	expect.Levels(t, errs, "beta")
}
