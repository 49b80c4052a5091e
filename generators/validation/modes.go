package validation

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/codetags"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
)

// Modes: +k8s:modeDiscriminator marks the string or bool field whose value
// is the struct's mode, and +k8s:ifMode("A")=+k8s:… applies a validation to
// a field in mode A only. A field that some ifMode names is forbidden in
// every other mode. Each such field becomes one validate.Discriminated call
// on the struct, as validation-gen writes it. Several discriminators are
// told apart by their modality.

// modeTag is one +k8s:ifMode on a field.
type modeTag struct {
	modality string // "" is the default modality
	mode     string
	// rules are the payload's, read as if written on the field.
	rules *declRules
	pos   token.Position
	// stability is the ifMode tag's own (+k8s:alpha=+k8s:ifMode(…)=…).
	stability string
	// sortTag is the outer tag's name, which orders struct-level checks.
	sortTag string
}

// discriminatorTag is +k8s:modeDiscriminator on a field.
type discriminatorTag struct {
	modality string
	pos      token.Position
}

// modalityName is validation-gen's rule for modality names.
var modalityName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]*$`)

func (a *analyzer) readDiscriminator(d *declRules, tag codetags.Tag, pos token.Position, mods modifiers) {
	name := "+" + tag.Name
	// A discriminator validates nothing itself: +k8s:alpha and +k8s:beta
	// around it change nothing (the ifMode tags carry the stability), as
	// in validation-gen. An option condition would be dropped just as
	// silently there, so it is an error here.
	if mods.option != "" {
		a.errorf(pos, "%s cannot be wrapped in +k8s:ifEnabled or +k8s:ifDisabled: a struct has its modes whatever the options", name)
		return
	}
	if tag.ValueType != codetags.ValueTypeNone {
		a.errorf(pos, "%s takes no value", name)
		return
	}
	modality, ok := a.modeArgs(tag, pos, "modality")
	if !ok {
		return
	}
	if modality["modality"] != "" && !modalityName.MatchString(modality["modality"]) {
		a.errorf(pos, "%s(modality: %q): a modality name must match %s", name, modality["modality"], modalityName)
		return
	}
	d.discriminators = append(d.discriminators, discriminatorTag{modality: modality["modality"], pos: pos})
}

func (a *analyzer) readMode(d *declRules, tag markers.ValidationTag, pos token.Position, mods modifiers) {
	name := "+" + tag.Name
	if mods.option != "" {
		a.errorf(pos, "%s cannot be wrapped in +k8s:ifEnabled or +k8s:ifDisabled; write +k8s:ifMode(…)=+k8s:ifEnabled(…)=… instead", name)
		return
	}
	args, ok := a.modeArgs(tag.Tag, pos, "modality", "mode", "")
	if !ok {
		return
	}
	mode, positional := args[""]
	if named, ok := args["mode"]; ok {
		mode, positional = named, true
	}
	if !positional {
		a.errorf(pos, "%s needs a mode: %s(\"A\")=+k8s:… or %s(mode: \"A\")=+k8s:…", name, name, name)
		return
	}
	if tag.Chained == nil {
		a.errorf(pos, "%s needs a tag to apply, e.g. %s(%q)=+k8s:required", name, name, mode)
		return
	}
	payload := &declRules{opaque: true}
	a.readTag(payload, *tag.Chained, pos, mods)
	d.modes = append(d.modes, modeTag{
		modality: args["modality"], mode: mode, rules: payload, pos: pos,
		stability: mods.stability, sortTag: a.outer,
	})
}

// modeArgs reads the string arguments of a mode tag; "" is the positional
// one. "default" is validation-gen's name for the unnamed modality.
func (a *analyzer) modeArgs(tag codetags.Tag, pos token.Position, allowed ...string) (map[string]string, bool) {
	name := "+" + tag.Name
	args := map[string]string{}
	for _, arg := range tag.Args {
		known := false
		for _, n := range allowed {
			known = known || n == arg.Name
		}
		switch {
		case !known && arg.Name == "":
			a.errorf(pos, "%s takes no positional argument", name)
			return nil, false
		case !known:
			a.errorf(pos, "%s: unknown argument %q", name, arg.Name)
			return nil, false
		case arg.Type != codetags.ArgTypeString:
			a.errorf(pos, "%s: the %s must be a quoted string, e.g. %q", name, argTitle(arg.Name), arg.Value)
			return nil, false
		case arg.Name == "modality" && arg.Value == "default":
			a.errorf(pos, "%s: modality name %q is reserved", name, arg.Value)
			return nil, false
		}
		args[arg.Name] = arg.Value
	}
	return args, true
}

func argTitle(name string) string {
	if name == "" {
		return "mode"
	}
	return name
}

// modeGroup is the discriminator of one modality and the fields whose
// validation depends on it.
type modeGroup struct {
	modality      string
	discriminator *fieldPlan
	members       []*modeMember
}

// modeMember is one field that depends on a mode: its validations per mode
// value (sorted), and the stability of the forbidden default when every
// ifMode of the field shares one.
type modeMember struct {
	field     *fieldPlan
	modes     []modeValue
	stability string
}

type modeValue struct {
	value string
	plan  *valuePlan
}

// planModes gathers a struct's discriminators and mode-dependent fields
// into tp.modes: modalities sorted by name (validation-gen calls the
// unnamed one "default"), fields by Go name.
func (a *analyzer) planModes(tp *structScope) {
	groups := map[string]*modeGroup{}
	firstUse := map[string]token.Position{}
	group := func(modality string) *modeGroup {
		if groups[modality] == nil {
			groups[modality] = &modeGroup{modality: modality}
		}
		return groups[modality]
	}
	for _, fp := range tp.fields {
		for _, d := range fp.decl.discriminators {
			g := group(d.modality)
			switch {
			case !a.discriminatorFits(fp, d):
			case g.discriminator != nil:
				a.errorf(d.pos, "+k8s:modeDiscriminator%s: %s already has one, %s", modalitySuffix(d.modality), tp.name, g.discriminator.f.GoName)
			default:
				g.discriminator = fp
			}
		}
	}
	byField := map[*fieldPlan][]modeTag{}
	for _, fp := range tp.fields {
		for _, m := range fp.decl.modes {
			if _, seen := firstUse[m.modality]; !seen {
				firstUse[m.modality] = m.pos
			}
			group(m.modality)
			byField[fp] = append(byField[fp], m)
		}
	}
	for _, modality := range sortedModalities(groups) {
		g := groups[modality]
		if _, used := firstUse[modality]; !used {
			continue // a discriminator nothing depends on
		}
		if g.discriminator == nil {
			a.errorf(firstUse[modality], "+k8s:ifMode%s: %s has no +k8s:modeDiscriminator%s field", modalitySuffix(modality), tp.name, modalitySuffix(modality))
			continue
		}
		for _, fp := range sortedByGoName(tp.fields) {
			var tags []modeTag
			for _, m := range byField[fp] {
				if m.modality == modality {
					tags = append(tags, m)
				}
			}
			if len(tags) > 0 {
				if member := a.modeMember(tp, g, fp, tags); member != nil {
					g.members = append(g.members, member)
				}
			}
		}
		if len(g.members) > 0 {
			tp.modes = append(tp.modes, g)
		}
	}
}

func modalitySuffix(modality string) string {
	if modality == "" {
		return ""
	}
	return fmt.Sprintf("(modality: %q)", modality)
}

func sortedModalities(groups map[string]*modeGroup) []string {
	names := make([]string, 0, len(groups))
	for name := range groups {
		names = append(names, name)
	}
	sortName := func(name string) string {
		if name == "" {
			return "default"
		}
		return name
	}
	sort.Slice(names, func(i, j int) bool { return sortName(names[i]) < sortName(names[j]) })
	return names
}

func sortedByGoName(fields []*fieldPlan) []*fieldPlan {
	sorted := append([]*fieldPlan(nil), fields...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].f.GoName < sorted[j].f.GoName })
	return sorted
}

// discriminatorFits: a discriminator is a string or bool value, compared
// with ==.
func (a *analyzer) discriminatorFits(fp *fieldPlan, d discriminatorTag) bool {
	typ := fp.f.Type()
	if isPointer(typ) || basicInfo(typ)&(types.IsString|types.IsBoolean) == 0 {
		a.errorf(d.pos, "+k8s:modeDiscriminator applies to string and bool fields that are not pointers, not %s", typeName(typ))
		return false
	}
	return true
}

// modeMember plans one field's validations per mode. Several ifMode tags
// for one mode add up, in the order written.
func (a *analyzer) modeMember(tp *structScope, g *modeGroup, fp *fieldPlan, tags []modeTag) *modeMember {
	if isStruct(fp.f.Type()) {
		a.errorf(tags[0].pos, markers.K8sIfMode.Tag()+": field %s is a struct value, which is always set and cannot be forbidden in other modes; use a pointer", fp.f.GoName)
		return nil
	}
	member := &modeMember{field: fp, stability: tags[0].stability}
	byValue := map[string]*declRules{}
	var values []string
	for _, m := range tags {
		if m.stability != member.stability {
			member.stability = ""
		}
		if !a.modeValueFits(g, m) || !a.onlyOwnRules(m) {
			return nil
		}
		if byValue[m.mode] == nil {
			byValue[m.mode] = &declRules{opaque: true}
			values = append(values, m.mode)
		}
		byValue[m.mode].rules = append(byValue[m.mode].rules, m.rules.rules...)
	}
	sort.Strings(values)
	for _, value := range values {
		d := byValue[value]
		a.nameCustom(d, "ValidateCustom_"+tp.name+"_"+fp.f.GoName)
		member.modes = append(member.modes, modeValue{value: value, plan: a.value(fp.f.Type(), d, fp.f.Pos, fp.f)})
	}
	return member
}

// modeValueFits checks a mode against what the discriminator can hold: true
// or false, or a value of its +k8s:enum type.
func (a *analyzer) modeValueFits(g *modeGroup, m modeTag) bool {
	disc := g.discriminator.f
	if basicInfo(disc.Type())&types.IsBoolean != 0 {
		if m.mode != "true" && m.mode != "false" {
			a.errorf(m.pos, markers.K8sIfMode.Tag()+"(%q): discriminator %s is a bool; the mode is \"true\" or \"false\"", m.mode, disc.GoName)
			return false
		}
		return true
	}
	enum := a.enumOf(disc.Type())
	if enum == nil {
		return true
	}
	for _, v := range enum.values {
		if v == m.mode {
			return true
		}
	}
	quoted := make([]string, len(enum.values))
	for i, v := range enum.values {
		quoted[i] = strconv.Quote(v)
	}
	a.errorf(m.pos, markers.K8sIfMode.Tag()+"(%q): unknown mode; %s, the type of discriminator %s, is an enum of %s", m.mode, typeName(disc.Type()), disc.GoName, strings.Join(quoted, ", "))
	return false
}

// enumOf returns the enum plan of a +k8s:enum type, or nil.
func (a *analyzer) enumOf(typ types.Type) *enumPlan {
	target := a.typeFnOf(typ)
	if target == nil || target.plan == nil {
		return nil
	}
	return target.plan.enum
}

// onlyOwnRules: validation-gen keeps only the validations of the field's
// own value in a mode, and drops iterations and struct-level tags; metagen
// reports them instead.
func (a *analyzer) onlyOwnRules(m modeTag) bool {
	d := m.rules
	if d.items != nil || d.keys != nil || d.listType != "" || len(d.mapKeys) > 0 || d.unique != "" || d.customUniq ||
		len(d.subfields) > 0 || len(d.listItems) > 0 || len(d.unions) > 0 || len(d.dependents) > 0 ||
		len(d.modes) > 0 || len(d.discriminators) > 0 {
		a.errorf(m.pos, markers.K8sIfMode.Tag()+"(%q): only tags that validate the field's own value can depend on a mode (not iterations, list semantics, subfields, items, unions, dependencies or modes)", m.mode)
		return false
	}
	return true
}

// modeChecks writes one validate.Discriminated call per mode-dependent
// field.
func (w *writer) modeChecks(tp *structScope, stem string) []jen.Code {
	var out []jen.Code
	for _, g := range tp.modes {
		for _, m := range g.members {
			out = append(out, w.discriminated(tp, g, m, stem))
		}
	}
	return out
}

func (w *writer) discriminated(tp *structScope, g *modeGroup, m *modeMember, subStem string) jen.Code {
	f := m.field.f
	typ := f.Type()
	discType := g.discriminator.f.Type()
	get := jen.Op("&").Id("obj").Dot(f.GoName)
	if isNilable(typ) {
		get = jen.Id("obj").Dot(f.GoName)
	}
	var rules []jen.Code
	stem := lowerFirst(tp.name) + f.GoName
	if subStem != "" {
		stem = subStem + "Subfield" + f.GoName
	}
	for _, mode := range m.modes {
		value := jen.Lit(mode.value)
		if basicInfo(discType)&types.IsBoolean != 0 {
			value = jen.Lit(mode.value == "true")
		}
		rules = append(rules, jen.Values(
			jen.Line().Id("Value").Op(":").Add(value),
			jen.Line().Id("Validation").Op(":").Add(w.modeFunc(mode.plan, stem)),
			jen.Line(),
		))
	}
	forbidden := presenceFn("Forbidden", typ).Call(stdArgs()...)
	forbidden = markStability(forbidden, m.stability)
	return appendErrs(jen.Qual(validatePkg, "Discriminated").Call(stdArgs(
		jen.Lit(m.field.path),
		jen.Func().Params(jen.Id("obj").Op("*").Add(gen.TypeCode(tp.owner))).Add(paramType(typ)).Block(jen.Return(get)),
		jen.Func().Params(jen.Id("obj").Op("*").Add(gen.TypeCode(tp.owner))).Add(gen.TypeCode(discType)).Block(jen.Return(jen.Id("obj").Dot(g.discriminator.f.GoName))),
		w.partEquiv(typ),
		validatorFunc(typ, jen.Return(forbidden)),
		jen.Index().Qual(validatePkg, "DiscriminatedRule").Types(paramType(typ), gen.TypeCode(discType)).Values(rules...),
	)...))
}

// modeFunc validates a field in one mode. validation-gen runs a mode's
// validations in the order written, not marked as short-circuits; a
// failing short-circuit stops the validations after the last one.
func (w *writer) modeFunc(v *valuePlan, stem string) jen.Code {
	w.inMode = true
	calls := w.ruleCalls(v, stem)
	w.inMode = false
	body := append(inOrder(calls), jen.Return(jen.Id("errs")))
	return jen.Func().Params(
		jen.Id("ctx").Qual(contextPkg, "Context"), jen.Id("op").Qual(operationPkg, "Operation"),
		jen.Id("fldPath").Op("*").Qual(fieldPkg, "Path"), jen.Id("obj").Op(",").Id("oldObj").Add(paramType(v.typ)),
	).Params(jen.Id("errs").Qual(fieldPkg, "ErrorList")).Block(body...)
}

// inOrder writes calls in the order given. Short-circuits only matter when
// something follows them: with one, in front, it returns at once; with
// more, earlyReturn remembers a failure until the last one has run.
func inOrder(calls []call) []jen.Code {
	last, count := -1, 0
	for i, c := range calls {
		if c.shortCircuit {
			last, count = i, count+1
		}
	}
	var out []jen.Code
	flagged := last >= 0 && last < len(calls)-1 && !(count == 1 && last == 0)
	if flagged {
		out = append(out, jen.Id("earlyReturn").Op(":=").False())
	}
	for i, c := range calls {
		if c.comment != "" {
			out = append(out, jen.Comment(c.comment))
		}
		switch {
		case c.shortCircuit && last == len(calls)-1:
			// Nothing follows the short-circuits: they are plain checks.
			if !c.nonError {
				out = append(out, appendErrs(c.code))
			}
		case c.shortCircuit && !flagged:
			out = append(out, returnIf(c))
		case c.shortCircuit:
			out = append(out, stopIf(c, jen.Id("earlyReturn").Op("=").True()))
			if i == last {
				out = append(out, jen.If(jen.Id("earlyReturn")).Block(jen.Return(jen.Id("errs"))))
			}
		case c.nonError:
			out = append(out, c.code)
		default:
			out = append(out, appendErrs(c.code))
		}
	}
	return out
}

// returnIf returns when a short-circuit fails, with its errors.
func returnIf(c call) jen.Code {
	if c.unset || c.nonError {
		return stopIf(c, jen.Return(jen.Id("errs")))
	}
	return jen.If(jen.Id("e").Op(":=").Add(c.code), jen.Len(jen.Id("e")).Op("!=").Lit(0)).Block(
		jen.Return(jen.Append(jen.Id("errs"), jen.Id("e").Op("..."))))
}

// stopIf runs then when a short-circuit fails, keeping its errors.
func stopIf(c call, then *jen.Statement) jen.Code {
	if c.unset {
		return jen.If(c.code).Block(then)
	}
	var block []jen.Code
	if !c.nonError {
		block = append(block, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("e").Op("...")))
	}
	return jen.If(jen.Id("e").Op(":=").Add(c.code), jen.Len(jen.Id("e")).Op("!=").Lit(0)).Block(append(block, then)...)
}

// validatorFunc is a validate.ValidateFunc over values of typ.
func validatorFunc(typ types.Type, body ...jen.Code) jen.Code {
	return jen.Func().Params(
		jen.Id("ctx").Qual(contextPkg, "Context"), jen.Id("op").Qual(operationPkg, "Operation"),
		jen.Id("fldPath").Op("*").Qual(fieldPkg, "Path"), jen.Id("obj").Op(",").Id("oldObj").Add(paramType(typ)),
	).Qual(fieldPkg, "ErrorList").Block(body...)
}

func markStability(code *jen.Statement, stability string) *jen.Statement {
	switch stability {
	case "alpha":
		return code.Dot("MarkAlpha").Call()
	case "beta":
		return code.Dot("MarkBeta").Call()
	}
	return code
}
