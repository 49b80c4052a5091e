package validation

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"k8s.io/gengo/v2/codetags"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// Enums: the constants of a +k8s:enum type are its values, except those
// tagged +k8s:enumExclude; +k8s:ifEnabled(Option)=+k8s:enumExclude and
// +k8s:ifDisabled(Option)=+k8s:enumExclude exclude a value only when the
// option is enabled or disabled (validate.EnumExclusion).

// enumPlan is the values of a +k8s:enum type.
type enumPlan struct {
	// names are the constants in the enum, sorted; values are their values.
	names  []string
	values []string
	// exclusions are the conditional ones, by constant, disabled-option
	// conditions first, then by option, as validation-gen sorts them.
	exclusions []enumExclusion
	// mods are those of a wrapped +k8s:enum (+k8s:alpha=+k8s:enum).
	mods modifiers
}

type enumExclusion struct {
	name        string
	option      string
	excludeWhen bool
}

// constExclusion is what the tags on one constant say.
type constExclusion struct {
	always bool
	when   []enumExclusion
}

// readConstants reads the +k8s: tags of the package's constants, which the
// loader does not parse: only +k8s:enumExclude, plain or under an option,
// is allowed there, on constants of a +k8s:enum type.
func (a *analyzer) readConstants() {
	for _, file := range a.pkg.Syntax {
		for _, decl := range file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.CONST {
				continue
			}
			for _, spec := range gen.Specs {
				spec := spec.(*ast.ValueSpec)
				doc := spec.Doc
				if doc == nil && !gen.Lparen.IsValid() {
					doc = gen.Doc
				}
				set := a.constMarkers(doc)
				if len(set) == 0 {
					continue
				}
				for _, ident := range spec.Names {
					if c, ok := a.pkg.Info.Defs[ident].(*types.Const); ok {
						a.readExclusion(c, set)
					}
				}
			}
		}
	}
}

// constMarkers are the validation tags of a constant's doc comment, from
// the run's comment index; their problems are the package's. Other
// markers are left to whoever reads them.
func (a *analyzer) constMarkers(doc *ast.CommentGroup) markers.Set {
	found, errs := a.u.comments.GroupMarkers(doc, markers.OnConst)
	var set markers.Set
	for _, m := range found {
		if !strings.HasPrefix(m.Name, "k8s:") || m.Def != nil && !m.Def.ValidationGen() {
			continue
		}
		problems := problemsAt(errs, m.Pos)
		a.u.errs[a.pkg.Path] = append(a.u.errs[a.pkg.Path], problems...)
		if m.Def != nil && len(problems) == 0 {
			set = append(set, m)
		}
	}
	return set
}

// problemsAt are the problems positioned at pos: a marker's, which the
// parser reports at the marker.
func problemsAt(errs []error, pos token.Position) []error {
	var out []error
	for _, err := range errs {
		if diag.PositionOf(err) == pos {
			out = append(out, err)
		}
	}
	return out
}

func (a *analyzer) readExclusion(c *types.Const, set markers.Set) {
	ex := &constExclusion{}
	for _, m := range set {
		if !a.isEnumConst(c, m) {
			return
		}
		switch m.Name {
		case markers.K8sEnumExclude.Name:
			ex.always = true
		case markers.K8sIfEnabled.Name, markers.K8sIfDisabled.Name:
			tag, ok := markers.Value[markers.ValidationTag](m)
			if !ok {
				a.refused(m)
				return
			}
			option, ok := tag.PositionalArg()
			if !ok || option.Value == "" || tag.ValueTag == nil || !markers.K8sEnumExclude.Names(tag.ValueTag.Name) ||
				tag.ValueTag.ValueType != codetags.ValueTypeNone || len(tag.ValueTag.Args) > 0 {
				a.errorf(m.Pos, "on a constant, +%s applies only to +k8s:enumExclude: +%s(MyFeature)=+k8s:enumExclude", m.Name, m.Name)
				return
			}
			ex.when = append(ex.when, enumExclusion{name: c.Name(), option: option.Value, excludeWhen: markers.K8sIfEnabled.Is(m)})
		default:
			a.errorf(m.Pos, "+%s cannot be used on a constant", m.Name)
			return
		}
	}
	a.u.excluded[c] = ex
}

// isEnumConst reports a tag on a constant that is not a value of a
// +k8s:enum type of this package.
func (a *analyzer) isEnumConst(c *types.Const, m markers.Marker) bool {
	if named, ok := c.Type().(*types.Named); ok && named.Obj().Pkg() == a.pkg.Types {
		if t := lookupType(a.pkg, named.Obj()); t != nil && markers.K8sEnum.Has(t.Markers) {
			return true
		}
	}
	a.errorf(m.Pos, "+k8s:enumExclude applies to constants of a +k8s:enum type; %s is of type %s", c.Name(), typeName(c.Type()))
	return false
}

// enumValues lists the constants declared with a +k8s:enum type, sorted,
// with their exclusions.
func (a *analyzer) enumValues(t *model.Type, pos token.Position) *enumPlan {
	if b, ok := t.Object.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		a.errorf(pos, "+k8s:enum applies to string types, not %s", typeName(t.Object.Type()))
		return nil
	}
	plan := &enumPlan{}
	scope := a.pkg.Types.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), t.Object.Type()) {
			continue
		}
		ex := a.u.excluded[c]
		if ex != nil && ex.always {
			continue
		}
		plan.names = append(plan.names, name)
		plan.values = append(plan.values, constant.StringVal(c.Val()))
		if ex != nil {
			when := append([]enumExclusion(nil), ex.when...)
			sort.SliceStable(when, func(i, j int) bool {
				if when[i].excludeWhen != when[j].excludeWhen {
					return !when[i].excludeWhen
				}
				return when[i].option < when[j].option
			})
			plan.exclusions = append(plan.exclusions, when...)
		}
	}
	// An enum without constants allows no value, as in validation-gen
	// (validate.Enum over an empty set).
	return plan
}

// enumCheck writes the validate.Enum call of an enum type and its
// variables: the exclusions (when there are some), then the values.
func (w *writer) enumCheck(tp *typePlan) jen.Code {
	e := tp.enum
	symbols := "symbolsFor" + tp.t.Name
	var names []jen.Code
	for _, c := range e.names {
		names = append(names, jen.Id(c))
	}
	set := jen.Qual(setsPkg, "New")
	if len(names) == 0 {
		set = set.Types(jen.Id(tp.t.Name)) // every value is excluded
	}
	exclusions := jen.Nil()
	if len(e.exclusions) > 0 {
		name := "exclusionsFor" + tp.t.Name
		var rules []jen.Code
		for _, x := range e.exclusions {
			rules = append(rules, jen.Values(
				jen.Line().Id("Value").Op(":").Id(x.name),
				jen.Line().Id("Option").Op(":").Lit(x.option),
				jen.Line().Id("ExcludeWhen").Op(":").Lit(x.excludeWhen),
				jen.Line(),
			))
		}
		w.vars = append(w.vars, jen.Var().Id(name).Op("=").Index().Qual(validatePkg, "EnumExclusion").Types(jen.Id(tp.t.Name)).Values(rules...))
		exclusions = jen.Id(name)
	}
	w.vars = append(w.vars, jen.Var().Id(symbols).Op("=").Add(set).Call(names...))
	c := w.wrap(rule{mods: e.mods}, tp.self, call{code: jen.Qual(validatePkg, "Enum").Call(stdArgs(jen.Id(symbols), exclusions)...)})
	return appendErrs(c.code)
}
