package ptrlists

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func TestPointerItems(t *testing.T) {
	valid := &Lists{Items: []*Item{{Name: "a"}, {Name: "b", Value: 5}}, Names: []*string{ptr.To("x"), ptr.To("y")}}
	expect.Errors(t, Validate_Lists(expect.Ctx, expect.Create, nil, valid, nil))
	expect.Errors(t, Validate_Lists(expect.Ctx, expect.Create, nil, &Lists{
		Items: []*Item{{Name: "a"}, {Name: "b", Value: 6}, {Name: "c", Value: -1}, {Name: "a"}},
		Names: []*string{ptr.To("x"), ptr.To("x")},
	}, nil),
		"items: Invalid value: \"{items[{\\\"name\\\": \\\"a\\\"}], items[{\\\"name\\\": \\\"c\\\"}]}\": must specify at most one of: `items[{\"name\": \"a\"}]`, `items[{\"name\": \"c\"}]`",
		"items[3]: Duplicate value: {\"name\":\"a\",\"value\":0}",
		"items[1].value: Invalid value: 6: must be less than or equal to 5",
		"items[2].value: Invalid value: -1: must be greater than or equal to 0",
		"names[1]: Duplicate value: \"x\"")
	// Nil items are reported first, and stop the other checks.
	errs := Validate_Lists(expect.Ctx, expect.Create, nil, &Lists{Items: []*Item{{Name: "b", Value: 9}, nil}, Names: []*string{nil}}, nil)
	expect.Errors(t, errs, "items[1]: Required value", "names[0]: Required value")
	if len(errs) != 2 || !errs[0].ShortCircuit {
		t.Errorf("not marked as short-circuits: %v", errs)
	}
}

// The item "a" is immutable; the others are not.
func TestPointerItemUpdate(t *testing.T) {
	old := &Lists{Items: []*Item{{Name: "a", Value: 1}, {Name: "b", Value: 1}}}
	expect.Errors(t, Validate_Lists(expect.Ctx, expect.Update, nil, &Lists{Items: []*Item{{Name: "b", Value: 2}, {Name: "a", Value: 1}}}, old))
	expect.Errors(t, Validate_Lists(expect.Ctx, expect.Update, nil, &Lists{Items: []*Item{{Name: "a", Value: 2}}}, old),
		"items[0]: Invalid value: null: field is immutable")
}

// The key of Containers comes from the embedded Common.
func TestEmbeddedKey(t *testing.T) {
	expect.Errors(t, Validate_Lists(expect.Ctx, expect.Create, nil, &Lists{Containers: []Container{
		{Common: Common{Name: "main"}, Extra: "x"}, {Common: Common{Name: "side"}},
	}}, nil))
	expect.Errors(t, Validate_Lists(expect.Ctx, expect.Create, nil, &Lists{Containers: []Container{
		{Common: Common{Name: "main"}}, {Common: Common{Name: "side"}}, {Common: Common{Name: "side", Image: "i"}},
	}}, nil),
		"containers[0].extra: Required value",
		"containers[2]: Duplicate value: {\"name\":\"side\"}")
}
