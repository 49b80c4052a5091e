package outside

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
	"github.com/metagen-dev/metagen/generators/validation/testdata/outside/ext"
)

func root(t Template) *Root {
	return &Root{ObjectMeta: metav1.ObjectMeta{Name: "r", Namespace: "ns"}, Template: t}
}

func TestValid(t *testing.T) {
	expect.Errors(t, Validate_Root(expect.Ctx, expect.Create, nil, root(Template{
		ObjectMeta: metav1.ObjectMeta{Generation: 1},
		Owner:      &metav1.OwnerReference{APIVersion: "v1", Kind: "K", Name: "n", UID: "u"},
		Status:     metav1.ConditionTrue,
		Limit:      ext.Limit{Max: 1},
	}), nil))
}

// What validation-gen calls: metav1validation's alpha rules for the
// template's metadata, an owner reference and a condition status, and the
// hand-written functions of ext; the opaque field is left alone.
func TestCalled(t *testing.T) {
	errs := Validate_Root(expect.Ctx, expect.Create, nil, root(Template{
		ObjectMeta: metav1.ObjectMeta{Generation: -1},
		Owner:      &metav1.OwnerReference{},
		Status:     "Maybe",
		Limit:      ext.Limit{Max: -1},
		ByName:     map[string]ext.Limit{"a": {Max: -2}},
		List:       ext.Limits{{}, {}, {Max: -3}},
		Opaque:     ext.Limit{Max: -4},
	}), nil)
	expect.Errors(t, errs,
		"template.metadata.generation: Invalid value: -1: must be greater than or equal to 0",
		"template.owner.apiVersion: Required value",
		"template.owner.kind: Required value",
		"template.owner.name: Required value",
		"template.owner.uid: Required value",
		`template.status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"`,
		"template.limit.max: Invalid value: -1: must not be negative",
		"template.byName[a].max: Invalid value: -2: must not be negative",
		"template.list: Too many: 3: must have at most 2 items")
	for i, err := range errs[:6] {
		if !err.IsAlpha() {
			t.Errorf("error %d is not alpha: %v", i, err)
		}
	}
}
