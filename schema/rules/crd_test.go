package rules

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The schema validator's messages name the error's final path, however
// the path is built: directly, or afterwards by Child, Index and Key.
func TestSchemaWordsFollowThePath(t *testing.T) {
	value := int32(0)
	bound := NumberSchema{HasMinimum: true, Minimum: 1}
	direct := SchemaNumber(ctx, create, field.NewPath("spec", "x"), &value, nil, bound)
	lazy := Child(field.NewPath("spec"), "x", SchemaNumber(ctx, create, nil, &value, nil, bound))
	want := "spec.x: Invalid value: 0: spec.x in body should be greater than or equal to 1"
	if got := rendered(direct); got != want {
		t.Errorf("direct path: %s, want %s", got, want)
	}
	if got := rendered(lazy); got != want {
		t.Errorf("lazy path: %s, want %s", got, want)
	}
	// Under a map key the schema validator names the value as a property;
	// other errors keep field.Path's subscript.
	values := map[string]int32{"k": 0}
	errs := Child(nil, "m", EachMapVal(ctx, create, nil, values, nil, nil, func(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, oldObj *int32) field.ErrorList {
		errs := SchemaNumber(ctx, create, fldPath, obj, oldObj, bound)
		return append(errs, field.Invalid(fldPath, *obj, "other"))
	}))
	want = "m.k: Invalid value: 0: m.k in body should be greater than or equal to 1\nm[k]: Invalid value: 0: other"
	if got := rendered(errs); got != want {
		t.Errorf("under a key:\n%s\nwant\n%s", got, want)
	}
}

// As kube-apiserver decodes JSON, a whole float is an int64, compared with
// the bound made whole.
func TestSchemaNumberComparesTheDecodedNumber(t *testing.T) {
	for _, c := range []struct {
		value float64
		want  string
	}{
		{1.25, ""},
		{1, "<nil>: Invalid value: 1: <nil> in body should be less than 1"},
		{1.5, "<nil>: Invalid value: 1.5: <nil> in body should be less than 1.5"},
	} {
		got := rendered(SchemaNumber(ctx, create, nil, &c.value, nil, NumberSchema{HasMaximum: true, Maximum: 1.5, ExclusiveMaximum: true}))
		if got != c.want {
			t.Errorf("%v: %q, want %q", c.value, got, c.want)
		}
	}
}

// The string keywords stop at the first that fails, in the schema
// validator's order.
func TestSchemaStringReportsTheFirstFailure(t *testing.T) {
	s := StringSchema{MaxLength: 3, MinLength: 2, Pattern: "^[a-z]+$"}
	for value, want := range map[string]string{
		"abc":  "",
		"ABCD": "<nil>: Too long: may not be more than 3 bytes",
		"A":    `<nil>: Invalid value: "A": <nil> in body should be at least 2 chars long`,
		"AB":   `<nil>: Invalid value: "AB": <nil> in body should match '^[a-z]+$'`,
		// three characters, five bytes: not too long
		"héé": `<nil>: Invalid value: "héé": <nil> in body should match '^[a-z]+$'`,
	} {
		if got := rendered(SchemaString(ctx, create, nil, &value, nil, s)); got != want {
			t.Errorf("%q: %q, want %q", value, got, want)
		}
	}
}

// A duplicate is reported once, at the second item of each repeated key,
// with the key fields.
func TestListMapDuplicates(t *testing.T) {
	type item struct{ Name, Other string }
	list := []item{{"a", "1"}, {"a", "2"}, {"b", ""}, {"a", "3"}, {"b", ""}}
	errs := ListMapDuplicates(ctx, create, field.NewPath("items"), list, nil,
		func(a, b *item) bool { return a.Name == b.Name },
		func(a *item) map[string]any { return map[string]any{"name": a.Name} })
	want := "items[1]: Duplicate value: {\"name\":\"a\"}\nitems[4]: Duplicate value: {\"name\":\"b\"}"
	if got := rendered(errs); got != want {
		t.Errorf("%s\nwant\n%s", got, want)
	}
}

// Valid values cost no allocation: kube-openapi's checks (which box the
// value and build the path) run only for values that may fail.
func TestSchemaChecksOfValidValuesDoNotAllocate(t *testing.T) {
	n, f, str := int32(5), 1.25, "abc"
	path := field.NewPath("spec", "x")
	allocs := testing.AllocsPerRun(100, func() {
		_ = SchemaNumber(ctx, create, path, &n, nil, NumberSchema{HasMultipleOf: true, MultipleOf: 5, HasMinimum: true, Minimum: 1, HasMaximum: true, Maximum: 10})
		_ = SchemaNumber(ctx, create, path, &f, nil, NumberSchema{HasMinimum: true, Minimum: 0, ExclusiveMinimum: true})
		_ = SchemaString(ctx, create, path, &str, nil, StringSchema{MaxLength: 5, MinLength: 1, Pattern: "^[a-z]+$"})
		_ = SchemaStringEnum(ctx, create, path, &str, nil, []string{"x", "abc"})
		_ = SchemaNumberEnum(ctx, create, path, &n, nil, []float64{3, 5})
		_ = SchemaItems(ctx, create, path, true, 2, 1, 3)
		_ = SchemaProperties(ctx, create, path, true, 2, 1, 3)
	})
	if allocs != 0 {
		t.Errorf("%v allocations for valid values", allocs)
	}
}

// An allOf that fails: the branches' errors, then the composite error at
// the root, naming the value's final path however the path is built; none
// when every branch holds.
func TestSchemaAllOfNamesThePath(t *testing.T) {
	value := "toolong"
	short := StringSchema{MaxLength: 3, MinLength: -1}
	lower := StringSchema{MaxLength: -1, MinLength: -1, Pattern: "^[a-z]+$"}
	check := func(fldPath *field.Path) field.ErrorList {
		return SchemaAllOf(fldPath, SchemaString(ctx, create, fldPath, &value, nil, lower), SchemaString(ctx, create, fldPath, &value, nil, short))
	}
	want := "spec.items[2]: Too long: may not be more than 3 bytes\n<nil>: Invalid value: \"\": \"spec.items[2]\" must validate all the schemas (allOf)"
	if got := rendered(check(field.NewPath("spec", "items").Index(2))); got != want {
		t.Errorf("direct path:\n%s\nwant\n%s", got, want)
	}
	if got := rendered(Child(nil, "spec", Index(field.NewPath("items"), 2, check(nil)))); got != want {
		t.Errorf("lazy path:\n%s\nwant\n%s", got, want)
	}
	values := map[string]string{"k": value}
	errs := Child(nil, "m", EachMapVal(ctx, create, nil, values, nil, nil, func(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, oldObj *string) field.ErrorList {
		return SchemaAllOf(fldPath, SchemaString(ctx, create, fldPath, obj, oldObj, short), SchemaString(ctx, create, fldPath, obj, oldObj, StringSchema{MaxLength: 1, MinLength: -1}))
	}))
	want = "m.k: Too long: may not be more than 3 bytes\nm.k: Too long: may not be more than 1 byte\n<nil>: Invalid value: \"\": \"m.k\" must validate all the schemas (allOf). None validated"
	if got := rendered(errs); got != want {
		t.Errorf("under a key:\n%s\nwant\n%s", got, want)
	}
	value = "ok"
	if errs := check(nil); len(errs) != 0 {
		t.Errorf("every branch holds, yet: %v", errs)
	}
}
