package crosspkg

import (
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"sigs.k8s.io/randfill"

	"github.com/metagen-dev/metagen/generators/validation/testdata/crosspkg/other"
	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func TestAcrossPackagesConditionsAndTrees(t *testing.T) {
	now := metav1.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	obj := &Root{
		Quota: other.Quota{Limit: 0},
		Conditions: []metav1.Condition{
			{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Fine", LastTransitionTime: now},
			{Type: "bad type!", Status: "Maybe", Reason: "Fine", LastTransitionTime: now},
			{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Fine", LastTransitionTime: now},
		},
		Tree: &Node{Name: "root", Children: []Node{{Name: "a", Next: &Node{Name: "long"}}}},
	}
	expect.Errors(t, Validate_Root(expect.Ctx, expect.Create, nil, obj, nil),
		`quota.limit: Invalid value: 0: must be greater than or equal to 1`,
		`conditions[1].type: Invalid value: "bad type!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		`conditions[1].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"`,
		`conditions[2]: Duplicate value: {"type":"Ready"}`,
		`tree.name: Too long: may not be more than 3 characters`,
		`tree.children[0].next.name: Too long: may not be more than 3 characters`,
	)
}

// FuzzValidateRoot: random trees, conditions and quotas never panic, on
// create or update.
func FuzzValidateRoot(f *testing.F) {
	f.Add([]byte("tree"), true)
	f.Add([]byte{0, 1, 2, 3, 4, 5}, false)
	f.Fuzz(func(t *testing.T, data []byte, update bool) {
		filler := randfill.NewFromGoFuzz(data).NilChance(0.4).NumElements(0, 3).MaxDepth(5)
		var obj, old Root
		filler.Fill(&obj)
		filler.Fill(&old)
		if update {
			Validate_Root(expect.Ctx, expect.Update, nil, &obj, &old)
		} else {
			Validate_Root(expect.Ctx, expect.Create, nil, &obj, nil)
		}
	})
}

// Ratcheting compares as equality.Semantic does: the same instant in
// another time zone, and an empty list for a nil one, are unchanged.
func TestRatchetingComparesSemantically(t *testing.T) {
	utc := metav1.NewTime(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	paris := metav1.NewTime(utc.In(time.FixedZone("CET", 3600)))
	old := &Root{
		Quota:      other.Quota{Limit: 0},
		Conditions: []metav1.Condition{{Type: "Ready", Status: "Maybe", Reason: "Fine", LastTransitionTime: utc}},
		Tree:       &Node{Name: "long", Children: nil},
	}
	obj := &Root{
		Quota:      other.Quota{Limit: 0},
		Conditions: []metav1.Condition{{Type: "Ready", Status: "Maybe", Reason: "Fine", LastTransitionTime: paris}},
		Tree:       &Node{Name: "long", Children: []Node{}},
	}
	expect.Errors(t, Validate_Root(expect.Ctx, expect.Update, nil, obj, old))
	obj.Conditions[0].LastTransitionTime = metav1.NewTime(utc.Add(time.Second))
	expect.Errors(t, Validate_Root(expect.Ctx, expect.Update, nil, obj, old),
		`conditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"`)
}
