package kubebuilder

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func valid() *Spec {
	return &Spec{
		Count: 5, Ratio: 1, Step: 10, Code: "abc", Email: "a@example.com", Speed: "very slow",
		Tags: []string{"a", "b"}, Env: map[string]string{"A": "1"}, Owner: ptr.To("me"),
	}
}

func TestValid(t *testing.T) {
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, valid(), nil))
}

func TestInvalid(t *testing.T) {
	obj := &Spec{
		Count: 11, OptionalCount: -1, Ratio: 1.5, Step: 7, Code: "A", Email: "nope", Speed: "medium",
		Tags: []string{"a", "a", "toolong", "B"}, Env: map[string]string{"A": "1", "B": "2", "C": "3"}, Owner: ptr.To(""),
	}
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil),
		`count: Invalid value: 11: must be less than or equal to 10`,
		`optionalCount: Invalid value: -1: must be greater than or equal to 1`,
		`ratio: Invalid value: 1.5: must be less than 1.5`,
		`step: Invalid value: 7: must be a multiple of 5`,
		`code: Too short: must be at least 2 characters`,
		`code: Invalid value: "A": must match the regular expression '^[a-z]+$'`,
		`email: Invalid value: "nope": must be a valid email`,
		`speed: Unsupported value: "medium": supported values: "fast", "slow", "very slow"`,
		`tags: Too many: 4: must have at most 3 items`,
		`env: Too many: 3: must have at most 2 items`,
		`owner: Too short: must be at least 1 character`,
		`<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation`,
	)
	obj.Tags = obj.Tags[:3]
	obj.Env = nil
	obj.Owner = nil
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil)[8:],
		`tags[1]: Duplicate value: "a"`,
		`tags[2]: Too long: may not be more than 4 characters`,
		`env: Too few: 0: must have at least 1 item`,
		`owner: Required value`,
		`<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation`,
	)
}

// A zero value the JSON encoding omits is not checked, as in a CRD.
func TestOmittedValuesAreNotChecked(t *testing.T) {
	obj := valid()
	obj.OptionalCount = 0
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil))
}

func TestBoundsAreExclusive(t *testing.T) {
	obj := valid()
	obj.Ratio = 0
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil),
		`ratio: Invalid value: 0: must be greater than 0`)
}
