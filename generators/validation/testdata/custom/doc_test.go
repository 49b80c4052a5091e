package custom

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func TestCustomValidation(t *testing.T) {
	expect.Errors(t, Validate_Window(expect.Ctx, expect.Create, field.NewPath("w"), &Window{Start: 2, End: 1, Label: "a b"}, nil),
		`w.end: Invalid value: 1: must not be before start`,
		`w.label: Invalid value: "a b": must not contain spaces`,
	)
	expect.Errors(t, Validate_Window(expect.Ctx, expect.Create, nil, &Window{Start: 1, End: 2}, nil))
}
