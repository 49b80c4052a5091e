package kubebuilder

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func valid() *Spec {
	return &Spec{
		Count: 5, Ratio: 0.5, Step: 10, Code: "abc", Email: "a@example.com", Speed: "very slow",
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
		`count: Invalid value: 11: count in body should be less than or equal to 10`,
		`optionalCount: Invalid value: -1: optionalCount in body should be greater than or equal to 1`,
		`ratio: Invalid value: 1.5: ratio in body should be less than 1.5`,
		`step: Invalid value: 7: step in body should be a multiple of 5`,
		`code: Invalid value: "A": code in body should be at least 2 chars long`,
		`email: Invalid value: "nope": email in body must be of type email: "nope"`,
		`speed: Unsupported value: "medium": supported values: "fast", "slow", "very slow"`,
		`tags[1]: Duplicate value: "a"`,
		`tags[2]: Too long: may not be more than 4 bytes`,
		`tags[3]: Invalid value: "B": tags[3] in body should match '^[a-z]*$'`,
		`tags: Too many: 4: must have at most 3 items`,
		`env: Too many: 3: must have at most 2 items`,
		`owner: Invalid value: "": owner in body should be at least 1 chars long`,
		`<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation`,
	)
	obj.Tags = obj.Tags[:3]
	obj.Env = nil
	obj.Owner = nil
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil)[8:],
		`tags[2]: Too long: may not be more than 4 bytes`,
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

// As kube-apiserver's schema validation (kube-openapi), a whole number is
// compared with a fractional bound made whole: 1 is not below 1.5.
func TestWholeNumbersMeetWholeBounds(t *testing.T) {
	obj := valid()
	obj.Ratio = 1
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil),
		`ratio: Invalid value: 1: ratio in body should be less than 1`)
}

func TestBoundsAreExclusive(t *testing.T) {
	obj := valid()
	obj.Ratio = 0
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil),
		`ratio: Invalid value: 0: ratio in body should be greater than 0`)
}
