package validation

import (
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/codetags"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
)

// Unions over the items of a list-map: +k8s:item(name: "a")=+k8s:unionMember
// makes "the item whose name is a" a member, set when the list holds it.
// validate.Union and validate.ZeroOrOneOfUnion check them on the list, as
// they check unions of fields on a struct.

// itemUnionPlan is one union over list items.
type itemUnionPlan struct {
	name      string
	zeroOrOne bool
	members   []itemUnionMember
	// mods are the members' wrapping tags (see familyModifiers).
	mods modifiers
}

// itemUnionMember is a list item in a union: its name in messages, as
// validation-gen spells it (e.g. tasks[{"name": "a"}]), and its keys.
type itemUnionMember struct {
	label string
	keys  []itemKey
}

// itemUnionTag is one union tag of one item, for ordering.
type itemUnionTag struct {
	unionTag
	item *chained
}

// itemUnions plans the unions that +k8s:item makes list items members of,
// once listItem has checked each item's keys.
func (a *analyzer) itemUnions(v *valuePlan, d *declRules) {
	var tags []itemUnionTag
	for _, c := range d.listItems {
		for _, u := range c.unions {
			if c.keys != nil {
				tags = append(tags, itemUnionTag{unionTag: u, item: c})
			}
		}
	}
	if len(tags) == 0 {
		return
	}
	if d.pathName == "" {
		a.errorf(tags[0].pos, "%s through +k8s:item applies to list fields and list types", tags[0].tag)
		return
	}
	// validation-gen reads a field's tags by the name of the outermost one,
	// then as written.
	sort.SliceStable(tags, func(i, j int) bool {
		if tags[i].sortTag != tags[j].sortTag {
			return tags[i].sortTag < tags[j].sortTag
		}
		return before(tags[i].pos, tags[j].pos)
	})
	byName := map[string]*itemUnionPlan{}
	var families []string
	first := map[string]unionTag{}
	for _, t := range tags {
		if t.tag == markers.K8sUnionDiscriminator.Tag() {
			a.errorf(t.pos, "%s applies to a string field of a struct, not to list items", t.tag)
			continue
		}
		zeroOrOne := t.tag == markers.K8sZeroOrOneOfMember.Tag()
		family := unionFamily(zeroOrOne)
		if f, seen := first[family]; !seen {
			first[family] = t.unionTag
		} else if f.mods != t.mods {
			a.errorf(t.pos, "%s: the list items in a list's unions must have the same wrapping tags: this one has %s, the one at line %d has %s (validation-gen checks all the unions of a list under the first member's)",
				t.tag, describeMods(t.mods), f.pos.Line, describeMods(f.mods))
			continue
		}
		key := family + "/" + t.union
		u := byName[key]
		if u == nil {
			u = &itemUnionPlan{name: t.union, zeroOrOne: zeroOrOne, mods: t.mods}
			byName[key] = u
			families = appendOnce(families, family)
		}
		label := d.pathName + "[" + selector(t.item.args) + "]"
		if u.hasMember(label) {
			a.errorf(t.pos, "%s: %s is already a member of this union", t.tag, label)
			continue
		}
		u.members = append(u.members, itemUnionMember{label: label, keys: t.item.keys})
	}
	// A family runs where its first member is written; its unions by name.
	for _, family := range families {
		var unions []*itemUnionPlan
		for _, u := range byName {
			if unionFamily(u.zeroOrOne) == family && len(u.members) > 0 {
				unions = append(unions, u)
			}
		}
		sort.Slice(unions, func(i, j int) bool { return unions[i].name < unions[j].name })
		v.itemUnions = append(v.itemUnions, unions...)
	}
}

func (u *itemUnionPlan) hasMember(label string) bool {
	for _, m := range u.members {
		if m.label == label {
			return true
		}
	}
	return false
}

func before(a, b token.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// selector renders an item's keys as validation-gen names the item in
// paths and messages: {"name": "a", "port": 80}, in the order written.
func selector(args []markers.TagArg) string {
	pairs := make([]string, len(args))
	for i, arg := range args {
		value := arg.Value
		switch arg.Type {
		case codetags.ArgTypeString:
			value = strconv.Quote(arg.Value)
		case codetags.ArgTypeInt:
			value = strconv.FormatInt(arg.Int, 10)
		}
		pairs[i] = strconv.Quote(arg.Name) + ": " + value
	}
	return "{" + strings.Join(pairs, ", ") + "}"
}

// itemUnionChecks writes the unions over a list's items.
//
// validation-gen v0.37.2 passes the "is set" functions sorted by the items'
// selectors while the membership keeps the members in the order written, so
// it reports the wrong items whenever the two orders differ; metagen keeps
// both in the order written, which gives the same errors whenever
// validation-gen's are right.
func (w *writer) itemUnionChecks(v *valuePlan, stem string) []jen.Code {
	var out []jen.Code
	for _, u := range v.itemUnions {
		prefix, fn := "unionMembershipFor", "Union"
		if u.zeroOrOne {
			prefix, fn = "zeroOrOneOfMembershipFor", "ZeroOrOneOfUnion"
		}
		name := prefix + upperFirst(stem) + "Items" + upperFirst(u.name)
		var members, isSetFns []jen.Code
		for _, m := range u.members {
			members = append(members, jen.Qual(validatePkg, "NewUnionMember").Call(jen.Lit(m.label)))
			isSetFns = append(isSetFns, listHasItem(v, m.keys))
		}
		w.vars = append(w.vars, jen.Var().Id(name).Op("=").Qual(validatePkg, "NewUnionMembership").Call(members...))
		c := w.wrap(rule{mods: u.mods}, v, call{code: jen.Qual(validatePkg, fn).Call(stdArgs(append([]jen.Code{jen.Id(name)}, isSetFns...)...)...)})
		out = append(out, appendErrs(c.code))
	}
	return out
}

// listHasItem is an ExtractorFn telling whether the list holds the item
// with the given keys, compared in the order of their JSON names.
func listHasItem(v *valuePlan, keys []itemKey) jen.Code {
	sorted := append([]itemKey(nil), keys...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].value.Name < sorted[j].value.Name })
	var match *jen.Statement
	if isPointer(v.typ.Underlying().(*types.Slice).Elem()) {
		match = jen.Id("list").Index(jen.Id("i")).Op("!=").Nil()
	}
	for _, k := range sorted {
		field := jen.Id("list").Index(jen.Id("i")).Dot(k.goName)
		cond := field.Clone().Op("==").Add(argLiteral(k.value))
		if k.pointer {
			cond = field.Clone().Op("!=").Nil().Op("&&").Op("*").Add(field.Clone()).Op("==").Add(argLiteral(k.value))
		}
		if match == nil {
			match = cond
		} else {
			match = match.Op("&&").Add(cond)
		}
	}
	return jen.Func().Params(jen.Id("list").Add(gen.TypeCode(v.typ))).Bool().Block(
		jen.For(jen.Id("i").Op(":=").Range().Id("list")).Block(
			jen.If(match).Block(jen.Return(jen.True())),
		),
		jen.Return(jen.False()),
	)
}
