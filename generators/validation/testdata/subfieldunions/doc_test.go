package subfieldunions

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

// The cases of validation-gen's output_tests/tags/subfield/unions.
func TestDiscriminatedUnion(t *testing.T) {
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, &Struct{Subfield: SubStruct{D: "M1", M1: ptr.To(1)}}, nil))
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, &Struct{Subfield: SubStruct{D: "M2", M2: ptr.To(1)}}, nil))
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, &Struct{Subfield: SubStruct{D: "M1", M2: ptr.To(1)}}, nil),
		"subfield.m1: Invalid value: \"\": must be specified when `d` is \"M1\"",
		"subfield.m2: Invalid value: \"\": may only be specified when `d` is \"M2\"")
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, &Struct{Subfield: SubStruct{D: "M1", M1: ptr.To(1), M2: ptr.To(1)}}, nil),
		"subfield.m2: Invalid value: \"\": may only be specified when `d` is \"M2\"")
	// An unchanged value is not checked again.
	old := &Struct{Subfield: SubStruct{D: "M1", M2: ptr.To(1)}}
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Update, nil, &Struct{Subfield: SubStruct{D: "M1", M2: ptr.To(1)}}, old))
}

// An alpha zero-or-one-of union and a dependency over a pointer's fields;
// a nil pointer has none.
func TestThroughPointer(t *testing.T) {
	valid := &Struct{Subfield: SubStruct{D: "M1", M1: ptr.To(1)}}
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, valid, nil))
	s := *valid
	s.UnionField = &SubUnion{Z1: ptr.To(9), Z2: ptr.To(1)}
	errs := Validate_Struct(expect.Ctx, expect.Create, nil, &s, nil)
	expect.Errors(t, errs,
		"unionField: Invalid value: \"{z1, z2}\": must specify at most one of: `z1`, `z2`",
		"unionField.d: Required value: must be set when z1 is set",
		"unionField.z1: Invalid value: 9: must be less than or equal to 5")
	if len(errs) != 3 || !errs[0].IsAlpha() || errs[1].IsAlpha() || errs[2].IsAlpha() {
		t.Errorf("only the union is alpha: %v", errs)
	}
	s.UnionField = &SubUnion{Z2: ptr.To(1)}
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, &s, nil))
}

// A mode of a field's struct.
func TestMode(t *testing.T) {
	s := &Struct{Subfield: SubStruct{D: "M1", M1: ptr.To(1)}, Modal: Modal{Mode: "A"}}
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, s, nil), "modal.a: Required value")
	s.Modal = Modal{Mode: "B", A: ptr.To("a")}
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, s, nil), "modal.a: Forbidden")
	s.Modal = Modal{Mode: "A", A: ptr.To("a")}
	expect.Errors(t, Validate_Struct(expect.Ctx, expect.Create, nil, s, nil))
}
