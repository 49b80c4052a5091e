package rules

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var (
	ctx    = context.Background()
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
)

func rendered(errs field.ErrorList) string {
	var out []string
	for _, err := range errs {
		out = append(out, err.Error())
	}
	return strings.Join(out, "\n")
}

// Errors found with relative paths end up where fldPath.Child, Index and Key
// would have put them.
func TestNestingMatchesFieldPaths(t *testing.T) {
	relative := field.ErrorList{
		field.Required(nil, ""),
		field.Invalid(field.NewPath("name"), "x", "bad"),
		field.Invalid((*field.Path)(nil).Index(2).Child("key"), "y", "bad"),
		field.Invalid((*field.Path)(nil).Key("k"), "z", "bad"),
	}
	base := field.NewPath("spec", "items")
	got := rendered(Index(base, 3, relative))
	want := rendered(field.ErrorList{
		field.Required(base.Index(3), ""),
		field.Invalid(base.Index(3).Child("name"), "x", "bad"),
		field.Invalid(base.Index(3).Index(2).Child("key"), "y", "bad"),
		field.Invalid(base.Index(3).Key("k"), "z", "bad"),
	})
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := rendered(Child(nil, "spec", field.ErrorList{field.Required(nil, "")})); got != "spec: Required value" {
		t.Errorf("Child of the root: %s", got)
	}
	if got := rendered(Key(nil, "a.b", field.ErrorList{field.Required(nil, "")})); got != "[a.b]: Required value" {
		t.Errorf("Key of the root: %s", got)
	}
	if errs := Child(base, "x", nil); errs != nil {
		t.Errorf("no errors, no path: %v", errs)
	}
}

type item struct {
	Name  string
	Value int
}

func positive(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *item) field.ErrorList {
	if obj.Value <= 0 {
		return field.ErrorList{field.Invalid(fldPath.Child("value"), obj.Value, "must be positive")}
	}
	return nil
}

func byName(a, b *item) bool { return a.Name == b.Name }

func TestEachSliceValRatchetsPairedItems(t *testing.T) {
	old := []item{{"a", 0}, {"b", 0}}
	list := []item{{"b", 0}, {"a", -1}, {"c", 0}}
	got := rendered(Child(nil, "items", EachSliceVal(ctx, update, nil, list, old, byName, validate.DirectEqual, positive)))
	want := "items[1].value: Invalid value: -1: must be positive\nitems[2].value: Invalid value: 0: must be positive"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := EachSliceVal(ctx, create, nil, list, nil, nil, nil, positive); len(got) != 3 {
		t.Errorf("create validates every item: %v", got)
	}
}

func TestEachMapValRatchetsUnchangedValues(t *testing.T) {
	check := func(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *int) field.ErrorList {
		if *obj < 0 {
			return field.ErrorList{field.Invalid(fldPath, *obj, "must not be negative")}
		}
		return nil
	}
	got := rendered(EachMapVal(ctx, update, field.NewPath("m"), map[string]int{"same": -1, "new": -2}, map[string]int{"same": -1}, validate.DirectEqual, check))
	if got != "m[new]: Invalid value: -2: must not be negative" {
		t.Errorf("got %s", got)
	}
}

func TestKubebuilderRules(t *testing.T) {
	p := field.NewPath("f")
	for _, tc := range []struct {
		errs field.ErrorList
		want string
	}{
		{Minimum(ctx, create, p, ptr(0.5), nil, 1, false), "f: Invalid value: 0.5: must be greater than or equal to 1"},
		{Minimum(ctx, create, p, ptr(1), nil, 1, true), "f: Invalid value: 1: must be greater than 1"},
		{Minimum(ctx, create, p, ptr(1), nil, 1, false), ""},
		{Maximum(ctx, create, p, ptr(uint8(3)), nil, 2.5, false), "f: Invalid value: 3: must be less than or equal to 2.5"},
		{Maximum(ctx, create, p, ptr(2.5), nil, 2.5, true), "f: Invalid value: 2.5: must be less than 2.5"},
		{MultipleOf(ctx, create, p, ptr(7), nil, 5), "f: Invalid value: 7: must be a multiple of 5"},
		{MultipleOf(ctx, create, p, ptr(0.75), nil, 0.25), ""},
		{Pattern(ctx, create, p, ptr("A"), nil, regexp.MustCompile(`^[a-z]+$`)), "f: Invalid value: \"A\": must match the regular expression '^[a-z]+$'"},
		{Format(ctx, create, p, ptr("x"), nil, "email"), "f: Invalid value: \"x\": must be a valid email"},
		{Format(ctx, create, p, ptr("2026-01-02T03:04:05Z"), nil, "date-time"), ""},
		{IPSloppy(ctx, create, p, ptr("010.0.0.1"), nil), ""},
		{IPSloppy(ctx, create, p, ptr("nope"), nil), `f: Invalid value: "nope": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`},
		{LabelKey(ctx, create, p, ptr("-bad"), nil), rendered(validate.LabelKey(ctx, create, p, ptr("-bad"), nil))},
		{LabelKey(ctx, create, p, ptr("example.com/ok"), nil), ""},
	} {
		if got := rendered(tc.errs); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestValidValuesAllocateNothing(t *testing.T) {
	list := []item{{"a", 1}, {"b", 2}}
	pattern := regexp.MustCompile(`^[a-z]+$`)
	word, key := "abc", "example.com/key"
	if n := testing.AllocsPerRun(100, func() {
		_ = Child(nil, "items", EachSliceVal(ctx, update, nil, list, list, byName, validate.DirectEqual, positive))
		_ = Pattern(ctx, create, nil, &word, nil, pattern)
		_ = LabelKey(ctx, create, nil, &key, nil)
		_ = Minimum(ctx, create, nil, &list[0].Value, nil, 0, false)
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func ptr[T any](v T) *T { return &v }
