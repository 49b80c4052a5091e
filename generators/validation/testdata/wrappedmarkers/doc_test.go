package wrappedmarkers

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func withOptions(options ...string) operation.Operation {
	op := operation.Operation{Type: operation.Create, Options: map[string]bool{"Strict": false, "Preemption": false}}
	for _, o := range options {
		op.Options[o] = true
	}
	return op
}

func valid() *Schema {
	return &Schema{
		Type: "Exempt", Selector: ptr.To("s"), Handler: ptr.To("h"), Strict: ptr.To("x"),
		Policy: ptr.To("never"), Defaulted: ptr.To("auto"), Note: ptr.To("n"), Name: "name",
		Replicas: 3, Tags: []string{"a", "b"},
	}
}

func TestValid(t *testing.T) {
	expect.Errors(t, Validate_Schema(expect.Ctx, withOptions("Strict", "Preemption"), nil, valid(), nil))
	// Without the options, Strict is not required and Policy is forbidden.
	s := valid()
	s.Strict, s.Policy = nil, nil
	expect.Errors(t, Validate_Schema(expect.Ctx, withOptions(), nil, s, nil))
	// A kubebuilder Required gives way to the beta +k8s:optional.
	s.Note = nil
	expect.Errors(t, Validate_Schema(expect.Ctx, withOptions(), nil, s, nil))
}

// Each missing value is reported once, with the tag's stability level:
// +required and the kubebuilder marker add no check of their own.
func TestOneRequiredEach(t *testing.T) {
	errs := Validate_Schema(expect.Ctx, withOptions(), nil, &Schema{}, nil)
	expect.Errors(t, errs,
		"type: Required value",
		"selector: Required value",
		"handler: Required value",
		"defaulted: Required value",
		"replicas: Invalid value: 0: must be greater than or equal to 1",
	)
	expect.Levels(t, errs, "beta,alpha,beta,beta,beta")
}

// The option-wrapped tags decide under their option, and only then.
func TestOptions(t *testing.T) {
	s := valid()
	s.Strict, s.Policy = nil, ptr.To("Not_A_Name")
	errs := Validate_Schema(expect.Ctx, withOptions("Strict"), nil, s, nil)
	expect.Errors(t, errs, "strict: Required value", "policy: Forbidden")
	expect.Levels(t, errs, "stable,stable")
	errs = Validate_Schema(expect.Ctx, withOptions("Preemption"), nil, s, nil)
	expect.Errors(t, errs, `policy: Invalid value: "Not_A_Name": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`)
	expect.Levels(t, errs, "stable")
}

// A kubebuilder bound with a wrapped tag of the same bound is the tag's one
// check; one without a tag of its kind checks on its own.
func TestBounds(t *testing.T) {
	s := valid()
	s.Name, s.Note, s.Replicas, s.Tags = "toolong", ptr.To("long"), 11, []string{"long", "ok"}
	errs := Validate_Schema(expect.Ctx, withOptions("Strict", "Preemption"), nil, s, nil)
	expect.Errors(t, errs,
		"note: Too long: may not be more than 3 characters",
		"name: Too long: may not be more than 5 characters",
		"replicas: Invalid value: 11: replicas in body should be less than or equal to 10",
		"tags[0]: Too long: may not be more than 3 characters",
	)
	expect.Levels(t, errs, "beta,alpha,stable,beta")
	// MaxItems holds only under Strict, where it stops the items' checks.
	s = valid()
	s.Tags = []string{"a", "b", "long"}
	errs = Validate_Schema(expect.Ctx, withOptions("Strict", "Preemption"), nil, s, nil)
	expect.Errors(t, errs, "tags: Too many: 3: must have at most 2 items")
	expect.Levels(t, errs, "stable")
	errs = Validate_Schema(expect.Ctx, withOptions("Preemption"), nil, s, nil)
	expect.Errors(t, errs, "tags[2]: Too long: may not be more than 3 characters")
	expect.Levels(t, errs, "beta")
}
