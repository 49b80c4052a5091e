package typedefs

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

const labelMessage = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"

func TestTypeRulesApplyWhereverTheTypeIsUsed(t *testing.T) {
	obj := &RootSpec{
		Name: "Bad", Share: ptr.To[Percent](101),
		Names:  Names{"a", "a", "B"},
		Limits: Limits{"x": -1, "y": 5, "z": 6},
		Phase:  "Done", Phases: []Phase{PhaseRunning, "Gone"}, ByPhase: map[string]Phase{"k": "Lost"},
	}
	expect.Errors(t, Validate_RootSpec(expect.Ctx, expect.Create, nil, obj, nil),
		`name: Invalid value: "Bad": `+labelMessage,
		`share: Invalid value: 101: must be less than or equal to 100`,
		`names[1]: Duplicate value: "a"`,
		`names[2]: Invalid value: "B": `+labelMessage,
		`limits: Too many: 3: must have at most 2 items`,
		`phase: Unsupported value: "Done": supported values: "Pending", "Running"`,
		`phases[1]: Unsupported value: "Gone": supported values: "Pending", "Running"`,
		`byPhase[k]: Unsupported value: "Lost": supported values: "Pending", "Running"`,
	)
}

func TestEmptyEnumIsChecked(t *testing.T) {
	expect.Errors(t, Validate_RootSpec(expect.Ctx, expect.Create, nil, &RootSpec{Name: "a"}, nil),
		`phase: Unsupported value: "": supported values: "Pending", "Running"`)
}
