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

// structCheck is one struct-level validation: a family of unions (all the
// unions, or all the zero-or-one-of unions), all the modes, or one
// dependency.
type structCheck struct {
	family string // "unions", "zeroOrOneOf", "modes" or "dependent"
	dep    *dependentPlan
}

// structTrigger is a tag that brings a struct-level validation along.
// validation-gen runs them in the order of the fields, and by tag name
// within a field; a family runs where its first tag is.
type structTrigger struct {
	tag string
	structCheck
}

// structRules reads the unions, dependencies and modes written on a
// struct's fields.
func (a *analyzer) structRules(tp *typePlan) {
	var triggers [][]structTrigger // per field
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
		var own []structTrigger
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
				own = append(own, structTrigger{tag: u.tag, structCheck: structCheck{family: unionFamily(p.zeroOrOne)}})
			}
		}
		for _, dep := range fp.decl.dependents {
			if plan := a.addDependent(tp, fp, dep); plan != nil {
				own = append(own, structTrigger{tag: dep.tag(), structCheck: structCheck{family: "dependent", dep: plan}})
			}
		}
		for _, m := range fp.decl.modes {
			own = append(own, structTrigger{tag: m.sortTag, structCheck: structCheck{family: "modes"}})
		}
		triggers = append(triggers, own)
	}
	a.planModes(tp)
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
	tp.structOrder = structOrder(triggers)
}

// structOrder orders the struct-level validations as validation-gen does.
func structOrder(triggers [][]structTrigger) []structCheck {
	var order []structCheck
	seen := map[string]bool{}
	for _, own := range triggers {
		sort.SliceStable(own, func(i, j int) bool { return own[i].tag < own[j].tag })
		for _, t := range own {
			if t.family != "dependent" && seen[t.family] {
				continue
			}
			seen[t.family] = true
			order = append(order, t.structCheck)
		}
	}
	return order
}

func unionFamily(zeroOrOne bool) string {
	if zeroOrOne {
		return "zeroOrOneOf"
	}
	return "unions"
}

func (d dependentTag) tag() string {
	if d.required {
		return "+k8s:dependentRequired"
	}
	return "+k8s:dependentForbidden"
}

func (a *analyzer) addDependent(tp *typePlan, fp *fieldPlan, dep dependentTag) *dependentPlan {
	var sibling *model.Field
	for _, other := range tp.fields {
		if other.path == dep.sibling {
			sibling = other.f
		}
	}
	if sibling == nil {
		a.errorf(dep.pos, "%s has no field with JSON name %q", tp.t.Name, dep.sibling)
		return nil
	}
	if !a.canBeUnset(fp.f, "a dependency") || !a.canBeUnset(sibling, "a dependency") {
		return nil
	}
	plan := &dependentPlan{required: dep.required, trigger: fp.f, dependent: sibling}
	tp.dependents = append(tp.dependents, plan)
	return plan
}

// onlyOnFields reports struct-level tags written where there is no struct
// field: on types, list items, map keys and values, and subfields.
func (a *analyzer) onlyOnFields(d *declRules) {
	for _, u := range d.unions {
		a.errorf(u.pos, "%s applies to struct fields; a list item joins a union through +k8s:item(key: \"value\")=%s", u.tag, u.tag)
	}
	for _, dep := range d.dependents {
		a.errorf(dep.pos, "%s applies to struct fields", dep.tag())
	}
	for _, m := range d.modes {
		a.errorf(m.pos, "+k8s:ifMode applies to struct fields")
	}
	for _, m := range d.discriminators {
		a.errorf(m.pos, "+k8s:modeDiscriminator applies to struct fields")
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

// structChecks writes the unions, dependencies and modes of a struct type.
func (w *writer) structChecks(tp *typePlan) []jen.Code {
	var out []jen.Code
	for _, check := range tp.structOrder {
		switch check.family {
		case "unions", "zeroOrOneOf":
			for _, u := range tp.unions {
				if unionFamily(u.zeroOrOne) == check.family {
					out = append(out, w.unionCheck(tp, u))
				}
			}
		case "modes":
			out = append(out, w.modeChecks(tp)...)
		case "dependent":
			out = append(out, dependentCheck(tp, check.dep))
		}
	}
	return out
}

func dependentCheck(tp *typePlan, d *dependentPlan) jen.Code {
	name := "DependentForbidden"
	if d.required {
		name = "DependentRequired"
	}
	return appendErrs(jen.Qual(validatePkg, name).Call(stdArgs(
		jen.Lit(jsonName(d.trigger)), extractor(tp.t.Name, jen.Bool(), jen.False(), isSet(d.trigger)),
		jen.Lit(jsonName(d.dependent)), extractor(tp.t.Name, jen.Bool(), jen.False(), isSet(d.dependent)),
	)...))
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
