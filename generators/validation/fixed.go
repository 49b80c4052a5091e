package validation

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/codetags"

	"github.com/metagen-dev/metagen/generators/markers"
)

// The test-only tags +k8s:validateTrue, +k8s:validateFalse,
// +k8s:validateTrueAlpha, +k8s:validateTrueBeta and +k8s:validateError,
// which validation-gen's own tests use to see where and in which order
// validations run. All but validateError become validate.FixedResult calls.

// fixedResult is what one validateTrue/validateFalse tag asks for.
type fixedResult struct {
	result bool
	// msg is the string value, which validateFalse puts in its message.
	msg string
	// shortCircuit and nonError are the flags: argument.
	shortCircuit, nonError bool
	// typeArg is FixedResult's type argument, as written ("int",
	// "example.com/pkg.Type"), without the pointer.
	typeArg string
	// cohort groups calls whose short-circuits stop only each other.
	cohort string
}

// readFixed reads one of the family, with validation-gen's checks of its
// arguments and value.
func (a *analyzer) readFixed(tag markers.ValidationTag, pos token.Position) (rule, bool) {
	name := "+" + tag.Name
	if markers.K8sValidateError.Names(tag.Name) {
		a.errorf(pos, "%s: forced error: %q", name, tag.Value)
		return rule{}, false
	}
	f := &fixedResult{result: !markers.K8sValidateFalse.Names(tag.Name)}
	for _, arg := range tag.TypedArgs {
		if arg.Type != codetags.ArgTypeString {
			a.errorf(pos, "%s: argument %q must be a string", name, arg.Name)
			return rule{}, false
		}
		switch arg.Name {
		case "flags":
			for _, flag := range arg.Items {
				switch flag {
				case "ShortCircuit":
					f.shortCircuit = true
				case "NonError":
					f.nonError = true
				default:
					a.errorf(pos, "%s: unknown flag %q; want ShortCircuit or NonError", name, flag)
					return rule{}, false
				}
			}
		case "typeArg":
			f.typeArg = arg.Pointee
		case "cohort":
			f.cohort = arg.Value
		default:
			a.errorf(pos, "%s: unknown argument %q; want flags, typeArg or cohort", name, arg.Name)
			return rule{}, false
		}
	}
	switch tag.ValueType {
	case codetags.ValueTypeNone:
	case codetags.ValueTypeString:
		f.msg = tag.Value
	default:
		a.errorf(pos, "%s=%s: the value must be a quoted string", name, tag.Value)
		return rule{}, false
	}
	return rule{kind: ruleFixed, tag: name, pos: pos, fixed: f}, true
}

// fixedApplies checks typeArg, which must name the value's own type for
// the generated call to compile.
func (a *analyzer) fixedApplies(r *rule, typ types.Type) bool {
	if r.fixed.typeArg == "" {
		return true
	}
	if isNilable(typ) && !isPointer(typ) {
		a.errorf(r.pos, "%s(typeArg: %q): lists and maps are validated as they are, not through a pointer; drop typeArg", r.tag, r.fixed.typeArg)
		return false
	}
	if got := types.TypeString(deref(typ), nil); got != r.fixed.typeArg {
		a.errorf(r.pos, "%s(typeArg: %q): the value is of type %s", r.tag, r.fixed.typeArg, got)
		return false
	}
	return true
}

// fixedCall is the validate.FixedResult call of one tag.
func (w *writer) fixedCall(r rule) call {
	f := r.fixed
	fn := jen.Qual(validatePkg, "FixedResult")
	if f.typeArg != "" {
		fn = fn.Types(jen.Op("*").Add(qualifiedName(f.typeArg)))
	}
	return call{
		tag:          r.tag,
		code:         fn.Call(stdArgs(jen.Lit(f.result), jen.Lit(f.msg))...),
		shortCircuit: f.shortCircuit,
		nonError:     f.nonError,
		cohort:       f.cohort,
	}
}

// qualifiedName renders "int" or "example.com/pkg.Type".
func qualifiedName(name string) *jen.Statement {
	dot := strings.LastIndexByte(name, '.')
	if dot < 0 {
		return jen.Id(name)
	}
	return jen.Qual(name[:dot], name[dot+1:])
}
