package validation

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// structScope is a struct whose fields carry struct-level rules (unions,
// dependencies, modes): a named struct type, whose fields' tags say them,
// or the struct value of one field, whose +k8s:subfield tags say them
// (validation-gen checks those on the field's value).
type structScope struct {
	// owner is the struct type the checks take by pointer; name names it
	// in messages and variables.
	owner types.Type
	name  string
	pos   token.Position
	// subfields marks a field's struct value, as opposed to a named type.
	subfields bool
	fields    []*fieldPlan
	// unions, dependents and modes are the struct's cross-field rules,
	// which structOrder lists in the order validation-gen runs them.
	unions      []*unionPlan
	dependents  []*dependentPlan
	modes       []*modeGroup
	structOrder []structCheck
}

func (s *structScope) has() bool {
	return s != nil && (len(s.unions) > 0 || len(s.dependents) > 0 || len(s.modes) > 0)
}

// unionPlan is one union of a struct's fields: exactly one member set
// (+k8s:unionMember), the one the discriminator names
// (+k8s:unionDiscriminator), or at most one (+k8s:zeroOrOneOfMember).
type unionPlan struct {
	name          string
	zeroOrOne     bool
	discriminator *model.Field
	members       []unionMember
	// mods are the members' wrapping tags: the check is marked alpha or
	// beta, or runs only under an option, as a whole.
	mods modifiers
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
	mods               modifiers
}

// structCheck is one struct-level validation: a family of unions (all the
// unions, or all the zero-or-one-of unions), all the modes, or one
// dependency.
type structCheck struct {
	family string // "unions", "zeroOrOneOf", "modes" or "dependent"
	dep    *dependentPlan
}

// structTrigger is a tag that brings a struct-level validation along.
// validation-gen runs them in the order of the fields, and within a field
// by the name of the outermost tag, then as written; a family runs where
// its first tag is. The tags of one field's subfields are all that field's.
type structTrigger struct {
	group int
	tag   string
	pos   token.Position
	structCheck
}

// familyMember is one member tag of a union family, for checking that the
// family's wrapping tags agree.
type familyMember struct {
	tag   unionTag
	union *unionPlan
}

// structRules reads the unions, dependencies and modes written on a
// struct's fields.
func (a *analyzer) structRules(s *structScope) {
	var triggers []structTrigger
	byName := map[string]*unionPlan{}
	var names []string
	union := func(name string) *unionPlan {
		if byName[name] == nil {
			byName[name] = &unionPlan{name: name}
			names = append(names, name)
		}
		return byName[name]
	}
	families := map[string][]familyMember{}
	var discriminators []familyMember
	for i, fp := range s.fields {
		group := i
		if s.subfields {
			group = 0
		}
		for _, u := range fp.decl.unions {
			if !a.canBeUnset(fp.f, u.tag) {
				continue
			}
			p := union(u.union)
			switch u.tag {
			case markers.K8sUnionDiscriminator.Tag():
				if p.discriminator != nil || !isString(fp.f.Type()) {
					a.errorf(u.pos, "%s: a union has one discriminator, a string field", u.tag)
					continue
				}
				p.discriminator = fp.f
				discriminators = append(discriminators, familyMember{tag: u, union: p})
			default:
				value := u.memberName
				if value == "" {
					value = fp.f.GoName
				}
				p.zeroOrOne = u.tag == markers.K8sZeroOrOneOfMember.Tag()
				p.members = append(p.members, unionMember{field: fp.f, json: fp.path, value: value})
				family := unionFamily(p.zeroOrOne)
				families[family] = append(families[family], familyMember{tag: u, union: p})
				triggers = append(triggers, structTrigger{group: group, tag: u.sortTag, pos: u.pos, structCheck: structCheck{family: family}})
			}
		}
		for _, dep := range fp.decl.dependents {
			if plan := a.addDependent(s, fp, dep); plan != nil {
				triggers = append(triggers, structTrigger{group: group, tag: dep.sortTag, pos: dep.pos, structCheck: structCheck{family: "dependent", dep: plan}})
			}
		}
		for _, m := range fp.decl.modes {
			triggers = append(triggers, structTrigger{group: group, tag: m.sortTag, pos: m.pos, structCheck: structCheck{family: "modes"}})
		}
	}
	a.planModes(s)
	a.familyModifiers(families, discriminators)
	for _, name := range names {
		p := byName[name]
		if len(p.members) == 0 {
			a.errorf(s.pos, "union %q of %s has no members", name, s.name)
			continue
		}
		if p.zeroOrOne && p.discriminator != nil {
			a.errorf(s.pos, "zero-or-one-of union %q of %s cannot have a discriminator", name, s.name)
			continue
		}
		s.unions = append(s.unions, p)
	}
	sort.SliceStable(s.unions, func(i, j int) bool { return s.unions[i].name < s.unions[j].name })
	s.structOrder = structOrder(triggers)
}

// familyModifiers gives each union its members' wrapping tags
// (+k8s:alpha, +k8s:beta, +k8s:ifEnabled, +k8s:ifDisabled). validation-gen
// checks all the unions of a family (unionMember or zeroOrOneOfMember) of
// a struct in one go, under the wrapping tags of the member it reads first,
// so the members of a family must agree; a discriminator's own wrapping
// changes nothing there, so it must agree with its members or be absent.
func (a *analyzer) familyModifiers(families map[string][]familyMember, discriminators []familyMember) {
	for _, members := range families {
		first := members[0]
		for _, m := range members {
			m.union.mods = first.tag.mods
			if m.tag.mods != first.tag.mods {
				a.errorf(m.tag.pos, "%s: the members of a struct's unions must have the same wrapping tags: this one has %s, the one at line %d has %s (validation-gen checks all the unions of a struct under the first member's)",
					m.tag.tag, describeMods(m.tag.mods), first.tag.pos.Line, describeMods(first.tag.mods))
			}
		}
	}
	for _, d := range discriminators {
		if d.tag.mods != (modifiers{}) && d.tag.mods != d.union.mods && len(d.union.members) > 0 {
			a.errorf(d.tag.pos, "%s: a discriminator has its union's wrapping tags or none: this one has %s, the members have %s (validation-gen ignores the discriminator's own)",
				d.tag.tag, describeMods(d.tag.mods), describeMods(d.union.mods))
		}
	}
}

// describeMods names wrapping tags, for messages.
func describeMods(m modifiers) string {
	var tags []string
	if m.stability != "" {
		tags = append(tags, "+k8s:"+m.stability)
	}
	if m.option != "" {
		name := "ifDisabled"
		if m.enabled {
			name = "ifEnabled"
		}
		tags = append(tags, "+k8s:"+name+"("+m.option+")")
	}
	if len(tags) == 0 {
		return "none"
	}
	return strings.Join(tags, " and ")
}

// structOrder orders the struct-level validations as validation-gen does.
func structOrder(triggers []structTrigger) []structCheck {
	sort.SliceStable(triggers, func(i, j int) bool {
		a, b := triggers[i], triggers[j]
		if a.group != b.group {
			return a.group < b.group
		}
		if a.tag != b.tag {
			return a.tag < b.tag
		}
		return before(a.pos, b.pos)
	})
	var order []structCheck
	seen := map[string]bool{}
	for _, t := range triggers {
		if t.family != "dependent" && seen[t.family] {
			continue
		}
		seen[t.family] = true
		order = append(order, t.structCheck)
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
		return markers.K8sDependentRequired.Tag()
	}
	return markers.K8sDependentForbidden.Tag()
}

func (a *analyzer) addDependent(s *structScope, fp *fieldPlan, dep dependentTag) *dependentPlan {
	var sibling *model.Field
	for _, other := range s.fields {
		if other.path == dep.sibling {
			sibling = other.f
		}
	}
	if sibling == nil {
		// A subfield's siblings are the struct's fields, tagged or not.
		if st, ok := s.owner.Underlying().(*types.Struct); ok && s.subfields {
			if f := structFieldOf(st, dep.sibling); f != nil {
				sibling = syntheticField(f, dep.sibling, dep.pos)
			}
		}
	}
	if sibling == nil {
		a.errorf(dep.pos, "%s has no field with JSON name %q", s.name, dep.sibling)
		return nil
	}
	if sibling.GoName == fp.f.GoName {
		a.errorf(dep.pos, "%s(%s): a field cannot depend on itself", dep.tag(), dep.sibling)
		return nil
	}
	if !a.canBeUnset(fp.f, "a dependency") || !a.canBeUnset(sibling, "a dependency") {
		return nil
	}
	plan := &dependentPlan{required: dep.required, trigger: fp.f, dependent: sibling, mods: dep.mods}
	s.dependents = append(s.dependents, plan)
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
func extractor(owner types.Type, result jen.Code, zero jen.Code, expr jen.Code) jen.Code {
	return jen.Func().Params(jen.Id("obj").Op("*").Add(gen.TypeCode(owner))).Add(result).Block(
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(zero)),
		jen.Return(expr),
	)
}

// structChecks writes the unions, dependencies and modes of a struct, with
// obj and oldObj pointers to it in scope. stem names the variables of a
// field's subfield checks; it is "" for a named type's own.
func (w *writer) structChecks(s *structScope, stem string) []jen.Code {
	var out []jen.Code
	for _, check := range s.structOrder {
		switch check.family {
		case "unions", "zeroOrOneOf":
			for _, u := range s.unions {
				if unionFamily(u.zeroOrOne) == check.family {
					out = append(out, w.unionCheck(s, u, stem))
				}
			}
		case "modes":
			out = append(out, w.modeChecks(s, stem)...)
		case "dependent":
			out = append(out, w.dependentCheck(s, check.dep))
		}
	}
	return out
}

// structCall applies wrapping tags to a check on the whole struct.
func (w *writer) structCall(s *structScope, mods modifiers, code *jen.Statement) jen.Code {
	return appendErrs(w.wrap(rule{mods: mods}, &valuePlan{typ: s.owner}, call{code: code}).code)
}

// varStem names the package-level variables of a struct's checks.
func (s *structScope) varStem(stem string) string {
	if stem != "" {
		return upperFirst(stem) + "Subfields"
	}
	return s.name
}

func (w *writer) dependentCheck(s *structScope, d *dependentPlan) jen.Code {
	name := "DependentForbidden"
	if d.required {
		name = "DependentRequired"
	}
	return w.structCall(s, d.mods, jen.Qual(validatePkg, name).Call(stdArgs(
		jen.Lit(jsonName(d.trigger)), extractor(s.owner, jen.Bool(), jen.False(), isSet(d.trigger)),
		jen.Lit(jsonName(d.dependent)), extractor(s.owner, jen.Bool(), jen.False(), isSet(d.dependent)),
	)...))
}

func (w *writer) unionCheck(s *structScope, u *unionPlan, stem string) jen.Code {
	prefix := "unionMembershipFor"
	if u.zeroOrOne {
		prefix = "zeroOrOneOfMembershipFor"
	}
	name := prefix + s.varStem(stem) + upperFirst(u.name)
	var members, isSetFns []jen.Code
	for _, m := range u.members {
		if u.discriminator != nil {
			members = append(members, jen.Qual(validatePkg, "NewDiscriminatedUnionMember").Call(jen.Lit(m.json), jen.Lit(m.value)))
		} else {
			members = append(members, jen.Qual(validatePkg, "NewUnionMember").Call(jen.Lit(m.json)))
		}
		isSetFns = append(isSetFns, extractor(s.owner, jen.Bool(), jen.False(), isSet(m.field)))
	}
	membership := jen.Qual(validatePkg, "NewUnionMembership").Call(members...)
	call := "Union"
	var args []jen.Code
	switch {
	case u.discriminator != nil:
		membership = jen.Qual(validatePkg, "NewDiscriminatedUnionMembership").Call(append([]jen.Code{jen.Lit(jsonName(u.discriminator))}, members...)...)
		call = "DiscriminatedUnion"
		args = append(args, extractor(s.owner, jen.String(), jen.Lit(""), jen.String().Call(jen.Id("obj").Dot(u.discriminator.GoName))))
	case u.zeroOrOne:
		call = "ZeroOrOneOfUnion"
	}
	w.vars = append(w.vars, jen.Var().Id(name).Op("=").Add(membership))
	return w.structCall(s, u.mods, jen.Qual(validatePkg, call).Call(stdArgs(append(append([]jen.Code{jen.Id(name)}, args...), isSetFns...)...)...))
}

func jsonName(f *model.Field) string {
	if f.JSONName != "" {
		return f.JSONName
	}
	return f.GoName
}
