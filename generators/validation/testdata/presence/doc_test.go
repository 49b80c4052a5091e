package presence

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func valid() *Presence {
	return &Presence{
		RequiredValue: "v", RequiredPointer: ptr.To(0), RequiredSlice: []string{"a"}, RequiredMap: map[string]int{"a": 1},
		PlainRequired: "p", KubebuilderRequired: ptr.To(false), Defaulted: "auto",
	}
}

func TestValid(t *testing.T) {
	expect.Errors(t, Validate_Presence(expect.Ctx, expect.Create, nil, valid(), nil))
}

func TestMissingAndForbidden(t *testing.T) {
	obj := &Presence{
		RequiredSlice: []string{}, OptionalValue: "long", OptionalPointer: ptr.To(0), OptionalSlice: []string{"a"},
		ForbiddenValue: "x", ForbiddenPointer: ptr.To(""), ForbiddenMap: map[string]string{"k": "v"}, ZeroDefault: 6,
	}
	// +required (the CRD's required list) is not missing on plainRequired:
	// the JSON encoding writes "" (no omitempty), as kube-apiserver sees.
	expect.Errors(t, Validate_Presence(expect.Ctx, expect.Create, nil, obj, nil),
		`requiredValue: Required value`,
		`requiredPointer: Required value`,
		`requiredSlice: Required value`,
		`requiredMap: Required value`,
		`kubebuilderRequired: Required value`,
		`optionalValue: Too long: may not be more than 3 characters`,
		`optionalPointer: Invalid value: 0: must be greater than or equal to 1`,
		`optionalSlice: Too few: 1: must have at least 2 items`,
		`forbiddenValue: Forbidden`,
		`forbiddenPointer: Forbidden`,
		`forbiddenMap: Forbidden`,
		`defaulted: Required value`,
		`zeroDefault: Invalid value: 6: must be less than or equal to 5`,
	)
}

// Unset optional values skip their other rules.
func TestOptionalUnset(t *testing.T) {
	obj := valid()
	obj.OptionalValue, obj.OptionalPointer, obj.OptionalSlice = "", nil, nil
	expect.Errors(t, Validate_Presence(expect.Ctx, expect.Create, nil, obj, nil))
}
