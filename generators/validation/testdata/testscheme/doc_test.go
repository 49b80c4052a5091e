package testscheme

import (
	"testing"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

// The scheme runs every root type's validation: structs are registered by
// pointer, list and map types by value, as validation-gen does.
func TestSchemeTakesListsAndMaps(t *testing.T) {
	s := localSchemeBuilder
	expect.Errors(t, s.Validate(expect.Ctx, expect.Create, &Named{Name: "long"}, nil),
		`name: Too long: may not be more than 3 characters`,
	)
	expect.Errors(t, s.Validate(expect.Ctx, expect.Create, Labels{"a": "1", "b": "2"}, nil),
		`<nil>: Too many: 2: must have at most 1 item`,
	)
	expect.Errors(t, s.Validate(expect.Ctx, expect.Update, Names{"long"}, Names{"abc"}),
		`[0]: Too long: may not be more than 3 characters`,
	)
}
