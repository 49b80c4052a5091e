package updates

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func stored() *Updates {
	return &Updates{
		Immutable: "a", SetOnce: "s", Counter: ptr.To[int64](5),
		Frozen: []Entry{{Name: "a"}, {Name: "b"}}, Keep: map[string]string{"k": "v"},
		Items:      []Entry{{Name: "a", Value: "1"}},
		Generation: 3, Locked: Locked{Value: "abc"},
	}
}

func TestCreateIsFree(t *testing.T) {
	obj := stored()
	obj.NoSet = ptr.To("x")
	expect.Errors(t, Validate_Updates(expect.Ctx, expect.Create, nil, obj, nil))
}

func TestUnchangedUpdate(t *testing.T) {
	expect.Errors(t, Validate_Updates(expect.Ctx, expect.Update, nil, stored(), stored()))
}

// A new item of an eachVal=+k8s:immutable list is an error too, as in
// validation-gen's output (validate.Immutable reports any update it sees).
func TestForbiddenChanges(t *testing.T) {
	obj := stored()
	obj.Immutable = "b"
	obj.NoSet = ptr.To("x")
	obj.SetOnce = ""
	obj.Counter = ptr.To[int64](4)
	obj.Frozen = []Entry{{Name: "a"}, {Name: "c"}}
	obj.Keep = map[string]string{}
	obj.Items = []Entry{{Name: "a", Value: "2"}, {Name: "new", Value: "3"}}
	expect.Errors(t, Validate_Updates(expect.Ctx, expect.Update, nil, obj, stored()),
		`immutable: Invalid value: null: field is immutable`,
		`noSet: Invalid value: null: field cannot be set once created`,
		`setOnce: Invalid value: null: field cannot be cleared once set`,
		`counter: Invalid value: 4: may not be decreased from 5`,
		`frozen[1]: Forbidden: item may not be added`,
		`frozen: Forbidden: item may not be removed`,
		`keep[k]: Forbidden: item may not be removed`,
		`items[0]: Invalid value: null: field is immutable`,
		`items[1]: Invalid value: null: field is immutable`,
	)
}

// Clearing an optional +k8s:update=NoUnset value is reported (the update
// rule runs with the presence check, as validation-gen's short-circuits
// do); the others do not run on the unset value.
func TestNoUnsetOptional(t *testing.T) {
	obj := stored()
	obj.Generation = 0
	expect.Errors(t, Validate_Updates(expect.Ctx, expect.Update, nil, obj, stored()),
		`generation: Invalid value: null: field cannot be cleared once set`,
	)
	obj.Generation = 2
	expect.Errors(t, Validate_Updates(expect.Ctx, expect.Update, nil, obj, stored()),
		`generation: Invalid value: 2: may not be decreased from 3`,
	)
}

// A +k8s:subfield chain does not run when the target field's own
// short-circuit (+k8s:immutable) fails; Locked's validation reports that.
func TestSubfieldShortCircuit(t *testing.T) {
	obj := stored()
	obj.Locked.Value = "abcd"
	expect.Errors(t, Validate_Updates(expect.Ctx, expect.Create, nil, obj, nil),
		`locked.value: Too long: may not be more than 3 characters`,
	)
	expect.Errors(t, Validate_Updates(expect.Ctx, expect.Update, nil, obj, stored()),
		`locked.value: Invalid value: null: field is immutable`,
	)
}
