package validation

import (
	"go/types"
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/model"
)

// unionPlan is one union of a struct's fields: exactly one member set
// (+k8s:unionMember), the one the discriminator names
// (+k8s:unionDiscriminator), or at most one (+k8s:zeroOrOneOfMember).
type unionPlan struct {
	name          string
	zeroOrOne     bool
	discriminator *model.Field
	members       []unionMember
}

type unionMember struct {
	field *model.Field
	json  string
	// value is the discriminator value that selects the member.
	value string
}

// dependentPlan is +k8s:dependentRequired or +k8s:dependentForbidden: when
// trigger is set, dependent must (not) be.
type dependentPlan struct {
	required           bool
	trigger, dependent *model.Field
}

// structRules reads the unions and dependencies written on a struct's fields.
func (a *analyzer) structRules(tp *typePlan) {
	byName := map[string]*unionPlan{}
	var names []string
	union := func(name string) *unionPlan {
		if byName[name] == nil {
			byName[name] = &unionPlan{name: name}
			names = append(names, name)
		}
		return byName[name]
	}
	for _, fp := range tp.fields {
		for _, u := range fp.decl.unions {
			if !a.canBeUnset(fp.f, u.tag) {
				continue
			}
			p := union(u.union)
			switch u.tag {
			case "+k8s:unionDiscriminator":
				if p.discriminator != nil || !isString(fp.f.Type()) {
					a.errorf(u.pos, "%s: a union has one discriminator, a string field", u.tag)
					continue
				}
				p.discriminator = fp.f
			default:
				value := u.memberName
				if value == "" {
					value = fp.f.GoName
				}
				p.zeroOrOne = u.tag == "+k8s:zeroOrOneOfMember"
				p.members = append(p.members, unionMember{field: fp.f, json: fp.path, value: value})
			}
		}
		for _, dep := range fp.decl.dependents {
			a.addDependent(tp, fp, dep)
		}
	}
	for _, name := range names {
		p := byName[name]
		if len(p.members) == 0 {
			a.errorf(tp.t.Pos, "union %q of %s has no members", name, tp.t.Name)
			continue
		}
		if p.zeroOrOne && p.discriminator != nil {
			a.errorf(tp.t.Pos, "zero-or-one-of union %q of %s cannot have a discriminator", name, tp.t.Name)
			continue
		}
		tp.unions = append(tp.unions, p)
	}
	sort.SliceStable(tp.unions, func(i, j int) bool { return tp.unions[i].name < tp.unions[j].name })
}

func (a *analyzer) addDependent(tp *typePlan, fp *fieldPlan, dep dependentTag) {
	var sibling *model.Field
	for _, other := range tp.fields {
		if other.path == dep.sibling {
			sibling = other.f
		}
	}
	if sibling == nil {
		a.errorf(dep.pos, "%s has no field with JSON name %q", tp.t.Name, dep.sibling)
		return
	}
	if a.canBeUnset(fp.f, "a dependency") && a.canBeUnset(sibling, "a dependency") {
		tp.dependents = append(tp.dependents, dependentPlan{required: dep.required, trigger: fp.f, dependent: sibling})
	}
}

// canBeUnset: union members and dependencies need fields that can be unset.
func (a *analyzer) canBeUnset(f *model.Field, what string) bool {
	if isStruct(f.Type()) {
		a.errorf(f.Pos, "%s: field %s is a struct value, which is always set; use a pointer", what, f.GoName)
		return false
	}
	return true
}

// isSet tells whether a field of obj is set: non-nil, non-empty or non-zero.
func isSet(f *model.Field) *jen.Statement {
	value := jen.Id("obj").Dot(f.GoName)
	t := f.Type()
	switch {
	case isPointer(t):
		return value.Op("!=").Nil()
	case isSlice(t), isMap(t):
		return jen.Len(value).Op("!=").Lit(0)
	case basicInfo(t)&types.IsBoolean != 0:
		return value
	case isString(t):
		return value.Op("!=").Lit("")
	}
	return value.Op("!=").Lit(0)
}

// extractor is an ExtractorFn[*T, R] over a possibly nil obj.
func extractor(owner string, result jen.Code, zero jen.Code, expr jen.Code) jen.Code {
	return jen.Func().Params(jen.Id("obj").Op("*").Id(owner)).Add(result).Block(
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(zero)),
		jen.Return(expr),
	)
}

// structChecks writes the unions and dependencies of a struct type.
func (w *writer) structChecks(tp *typePlan) []jen.Code {
	var out []jen.Code
	for _, u := range tp.unions {
		out = append(out, w.unionCheck(tp, u))
	}
	for _, d := range tp.dependents {
		name := "DependentForbidden"
		if d.required {
			name = "DependentRequired"
		}
		out = append(out, appendErrs(jen.Qual(validatePkg, name).Call(stdArgs(
			jen.Lit(jsonName(d.trigger)), extractor(tp.t.Name, jen.Bool(), jen.False(), isSet(d.trigger)),
			jen.Lit(jsonName(d.dependent)), extractor(tp.t.Name, jen.Bool(), jen.False(), isSet(d.dependent)),
		)...)))
	}
	return out
}

func (w *writer) unionCheck(tp *typePlan, u *unionPlan) jen.Code {
	prefix := "unionMembershipFor"
	if u.zeroOrOne {
		prefix = "zeroOrOneOfMembershipFor"
	}
	name := prefix + tp.t.Name + upperFirst(u.name)
	var members, isSetFns []jen.Code
	for _, m := range u.members {
		if u.discriminator != nil {
			members = append(members, jen.Qual(validatePkg, "NewDiscriminatedUnionMember").Call(jen.Lit(m.json), jen.Lit(m.value)))
		} else {
			members = append(members, jen.Qual(validatePkg, "NewUnionMember").Call(jen.Lit(m.json)))
		}
		isSetFns = append(isSetFns, extractor(tp.t.Name, jen.Bool(), jen.False(), isSet(m.field)))
	}
	membership := jen.Qual(validatePkg, "NewUnionMembership").Call(members...)
	call := "Union"
	var args []jen.Code
	switch {
	case u.discriminator != nil:
		membership = jen.Qual(validatePkg, "NewDiscriminatedUnionMembership").Call(append([]jen.Code{jen.Lit(jsonName(u.discriminator))}, members...)...)
		call = "DiscriminatedUnion"
		args = append(args, extractor(tp.t.Name, jen.String(), jen.Lit(""), jen.String().Call(jen.Id("obj").Dot(u.discriminator.GoName))))
	case u.zeroOrOne:
		call = "ZeroOrOneOfUnion"
	}
	w.vars = append(w.vars, jen.Var().Id(name).Op("=").Add(membership))
	return appendErrs(jen.Qual(validatePkg, call).Call(stdArgs(append(append([]jen.Code{jen.Id(name)}, args...), isSetFns...)...)...))
}

func jsonName(f *model.Field) string {
	if f.JSONName != "" {
		return f.JSONName
	}
	return f.GoName
}
