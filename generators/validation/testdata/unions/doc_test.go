package unions

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func TestUnion(t *testing.T) {
	expect.Errors(t, Validate_Source(expect.Ctx, expect.Create, nil, &Source{URL: "u"}, nil))
	expect.Errors(t, Validate_Source(expect.Ctx, expect.Create, nil, &Source{}, nil),
		"<nil>: Invalid value: \"\": must specify one of: `git`, `url`")
	expect.Errors(t, Validate_Source(expect.Ctx, expect.Create, nil, &Source{URL: "u", Git: &Git{}}, nil),
		"<nil>: Invalid value: \"{git, url}\": must specify exactly one of: `git`, `url`",
		"git.repo: Required value")
}

func TestDiscriminatedAndZeroOrOne(t *testing.T) {
	expect.Errors(t, Validate_Strategy(expect.Ctx, expect.Create, nil, &Strategy{Type: "Rolling", Rolling: ptr.To(1)}, nil))
	expect.Errors(t, Validate_Strategy(expect.Ctx, expect.Create, nil, &Strategy{Type: "Recreate", Rolling: ptr.To(1), Cores: 1, Shares: []string{"a"}}, nil),
		"rolling: Invalid value: \"\": may only be specified when `type` is \"Rolling\"",
		"delay: Invalid value: \"\": must be specified when `type` is \"Recreate\"",
		"<nil>: Invalid value: \"{cores, shares}\": must specify at most one of: `cores`, `shares`",
	)
}

// A field's dependencies run by tag name, as validation-gen sorts a field's
// tags: +k8s:dependentForbidden before +k8s:dependentRequired.
func TestDependents(t *testing.T) {
	expect.Errors(t, Validate_Strategy(expect.Ctx, expect.Create, nil, &Strategy{Type: "Rolling", Rolling: ptr.To(1), User: "u", Token: ptr.To("t")}, nil),
		"token: Forbidden: may not be set when user is set",
		"password: Required value: must be set when user is set",
	)
}
