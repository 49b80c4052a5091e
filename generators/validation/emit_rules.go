package validation

import (
	"go/types"
	"strconv"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/codetags"

	"github.com/metagen-dev/metagen/generators/gen"
)

// ruleCalls turns a value's rules into validator calls.
func (w *writer) ruleCalls(v *valuePlan, stem string) []call {
	var calls []call
	if v.omittable {
		calls = append(calls, call{
			tag: "", code: optionalCheck(v.typ), shortCircuit: true, nonError: true, unset: isUnsetCheck(v.typ),
			comment: "the JSON encoding omits an empty value, and a CRD schema does not check what is omitted",
		})
	}
	if v.noNils {
		elem := deref(v.typ.Underlying().(*types.Slice).Elem())
		calls = append(calls, w.wrap(rule{}, v, call{
			code:         jen.Qual(validatePkg, "PtrSliceNoNils").Types(gen.TypeCode(elem)).Call(stdArgs()...),
			shortCircuit: true,
		}))
	}
	type updateKey struct {
		mods      modifiers
		inherited bool
	}
	updates := map[updateKey][]string{}
	var updateOrder []rule
	for _, r := range v.rules {
		if r.kind == ruleUpdate {
			k := updateKey{r.mods, r.inherited}
			if len(updates[k]) == 0 {
				updateOrder = append(updateOrder, r)
			}
			updates[k] = append(updates[k], r.str)
			continue
		}
		if schemaRule(r) {
			continue // schemaChecks, schemaItemChecks
		}
		calls = append(calls, inherit(r, w.ruleCall(r, v, stem))...)
	}
	for _, r := range updateOrder {
		// A short-circuit, as in validation-gen: it runs with +k8s:optional,
		// so NoUnset reports an unset value.
		c := call{tag: r.tag, code: w.updateCall(v, updates[updateKey{r.mods, r.inherited}]), shortCircuit: true}
		calls = append(calls, inherit(r, []call{w.wrap(r, v, c)})...)
	}
	return calls
}

// inherit makes the calls of a rule a +k8s:subfield chain inherits from its
// target field short-circuits whose errors are not reported.
func inherit(r rule, calls []call) []call {
	if r.inherited {
		for i := range calls {
			calls[i].shortCircuit, calls[i].nonError = true, true
		}
	}
	return calls
}

// ruleCall is the call (or calls) one rule makes.
func (w *writer) ruleCall(r rule, v *valuePlan, stem string) []call {
	validate := func(name string, extra ...jen.Code) *jen.Statement {
		return jen.Qual(validatePkg, name).Call(stdArgs(extra...)...)
	}
	schemaRule := func(name string, extra ...jen.Code) *jen.Statement {
		return jen.Qual(rulesPkg, name).Call(stdArgs(extra...)...)
	}
	scalar := deref(v.typ)
	c := call{tag: r.tag}
	switch r.kind {
	case ruleRequired:
		if schemaPresence(r) && v.omitEmpty == false && !isNilable(v.typ) {
			return nil // the JSON encoding always writes the value
		}
		if schemaPresence(r) {
			if sc := schemaRequiredCall(r, v); sc != nil {
				return []call{w.wrap(r, v, *sc)}
			}
			return nil
		}
		c.code, c.shortCircuit = presenceFn("Required", v.typ).Call(stdArgs()...), true
	case ruleOptional:
		c.code, c.shortCircuit, c.nonError = optionalCheck(v.typ), true, true
		c.unset = isUnsetCheck(v.typ) && r.mods == (modifiers{})
		if !c.unset {
			c.code = presenceFn("Optional", v.typ).Call(stdArgs()...)
		}
	case ruleForbidden:
		forbid := w.wrap(r, v, call{tag: r.tag, code: presenceFn("Forbidden", v.typ).Call(stdArgs()...), shortCircuit: true})
		unset := call{tag: r.tag, code: optionalCheck(v.typ), shortCircuit: true, nonError: true, unset: isUnsetCheck(v.typ)}
		if r.mods != (modifiers{}) || !unset.unset {
			unset = w.wrap(r, v, call{tag: r.tag, code: presenceFn("Optional", v.typ).Call(stdArgs()...), shortCircuit: true, nonError: true})
		}
		return []call{forbid, unset}
	case ruleImmutable:
		c.code, c.shortCircuit = validate("Immutable"), true
	case ruleMonotonic:
		c.code = validate("Monotonic")
	case ruleMinimum, ruleMaximum:
		name := "Minimum"
		if r.kind == ruleMaximum {
			name = "Maximum"
		}
		if integerBound(r, scalar) {
			c.code = validate(name, intLit(r.num))
		} else {
			c.code = schemaRule(name, jen.Lit(r.num), jen.Lit(r.exclusive))
		}
	case ruleMultipleOf:
		c.code = schemaRule("MultipleOf", jen.Lit(r.num))
	case ruleMinLength:
		c.code = validate("MinLength", jen.Lit(int(r.num)))
		if isByteSlice(v.typ) {
			c.code = schemaRule("Base64MinLength", jen.Lit(int(r.num)))
		}
	case ruleMaxLength:
		c.code = validate("MaxLength", jen.Lit(int(r.num)))
		if isByteSlice(v.typ) {
			c.code = schemaRule("Base64MaxLength", jen.Lit(int(r.num)))
		}
	case ruleMaxBytes:
		c.code = validate("MaxBytes", jen.Lit(int(r.num)))
	case rulePattern:
		name := stem + "Pattern"
		w.vars = append(w.vars, jen.Comment(name+" is compiled once, when the package is initialised.").Line().
			Var().Id(name).Op("=").Qual(regexpPkg, "MustCompile").Call(jen.Lit(r.str)))
		c.code = schemaRule("Pattern", jen.Id(name))
	case ruleFormat:
		fn := k8sFormats[r.str]
		c.code = jen.Qual(fn.pkg, fn.name).Call(stdArgs()...)
	case ruleSchemaFormat:
		c.code = schemaRule("Format", jen.Lit(r.str))
	case ruleEnumValues:
		name := stem + "Values"
		if isNumber(scalar) {
			w.vars = append(w.vars, jen.Var().Id(name).Op("=").Index().Float64().Values(numberLits(r.numbers)...))
			c.code = schemaRule("NumberEnum", jen.Id(name))
			break
		}
		var values []jen.Code
		for _, value := range r.values {
			values = append(values, jen.Lit(value))
		}
		w.vars = append(w.vars, jen.Var().Id(name).Op("=").Qual(setsPkg, "New").Types(gen.TypeCode(scalar)).Call(values...))
		c.code = validate("Enum", jen.Id(name), jen.Nil())
	case ruleNEQ:
		c.code = validate("NEQ", neqLiteral(r))
	case ruleMinItems:
		c.code = validate("MinItems", jen.Lit(int(r.num)))
		if isPointer(v.typ) {
			c.code = schemaRule("PtrMinItems", jen.Lit(int(r.num)))
		}
	case ruleMaxItems:
		c.code, c.shortCircuit = validate("MaxItems", jen.Lit(int(r.num))), true
		if isPointer(v.typ) {
			c.code = schemaRule("PtrMaxItems", jen.Lit(int(r.num)))
		}
	case ruleMinProperties:
		c.code = validate("MinProperties", jen.Lit(int(r.num)))
	case ruleMaxProperties:
		c.code, c.shortCircuit = validate("MaxProperties", jen.Lit(int(r.num))), true
	case ruleUniqueItems:
		return nil // a list semantic: see listChecks
	case ruleCustom:
		c.code, c.comment = jen.Id(r.str).Call(stdArgs()...), "custom validation"
	case ruleFixed:
		c = w.fixedCall(r)
	}
	return []call{w.wrap(r, v, c)}
}

// wrap applies a rule's modifiers: the stability mark, and the operation
// option it depends on.
func (w *writer) wrap(r rule, v *valuePlan, c call) call {
	switch r.mods.stability {
	case "alpha":
		c.code = c.code.Dot("MarkAlpha").Call()
	case "beta":
		c.code = c.code.Dot("MarkBeta").Call()
	}
	if c.shortCircuit && !c.nonError && !w.inMode {
		c.code = c.code.Dot("MarkShortCircuit").Call()
	}
	if r.mods.option != "" {
		inner := jen.Func().Params(
			jen.Id("ctx").Qual(contextPkg, "Context"), jen.Id("op").Qual(operationPkg, "Operation"),
			jen.Id("fldPath").Op("*").Qual(fieldPkg, "Path"), jen.Id("obj").Op(",").Id("oldObj").Add(paramType(v.typ)),
		).Qual(fieldPkg, "ErrorList").Block(jen.Return(c.code))
		c.code = jen.Qual(validatePkg, "IfOption").Call(stdArgs(jen.Lit(r.mods.option), jen.Lit(r.mods.enabled), inner)...)
	}
	return c
}

// presenceFn picks the Required/Optional/Forbidden variant for the value's
// kind, as validation-gen does.
func presenceFn(prefix string, t types.Type) *jen.Statement {
	switch {
	case isSlice(t):
		return jen.Qual(validatePkg, prefix+"Slice")
	case isMap(t):
		return jen.Qual(validatePkg, prefix+"Map")
	case isPointer(t):
		return jen.Qual(validatePkg, prefix+"Pointer")
	}
	return jen.Qual(validatePkg, prefix+"Value")
}

// optionalCheck is the condition validate.Optional* tests, written out: a
// value is unset when it is nil, empty or zero. validate's functions report
// it with an error value, which costs allocations on every valid object.
func optionalCheck(t types.Type) *jen.Statement {
	switch {
	case isSlice(t), isMap(t):
		return jen.Len(jen.Id("obj")).Op("==").Lit(0)
	case isPointer(t):
		return jen.Id("obj").Op("==").Nil()
	}
	info := basicInfo(t)
	switch {
	case info&types.IsString != 0:
		return jen.Op("*").Id("obj").Op("==").Lit("")
	case info&types.IsBoolean != 0:
		return jen.Op("*").Id("obj").Op("==").False()
	case info&types.IsNumeric != 0:
		return jen.Op("*").Id("obj").Op("==").Lit(0)
	}
	return presenceFn("Optional", t).Call(stdArgs()...)
}

// isUnsetCheck reports whether optionalCheck writes a condition rather than
// a call.
func isUnsetCheck(t types.Type) bool {
	return isSlice(t) || isMap(t) || isPointer(t) || basicInfo(t)&(types.IsString|types.IsBoolean|types.IsNumeric) != 0
}

// updateCall checks +k8s:update constraints with the variant for the
// value's kind.
func (w *writer) updateCall(v *valuePlan, constraints []string) *jen.Statement {
	var extra []jen.Code
	if isSlice(v.typ) {
		extra = append(extra, w.matchFunc(v))
	}
	for _, c := range constraints {
		extra = append(extra, jen.Qual(validatePkg, c))
	}
	name := "UpdateValueByCompare"
	switch {
	case isSlice(v.typ) && isPointer(v.typ.Underlying().(*types.Slice).Elem()):
		name = "PtrSliceUpdate"
	case isSlice(v.typ):
		name = "ValSliceUpdate"
	case isMap(v.typ):
		name = "UpdateMap"
	case isPointer(v.typ):
		name = "UpdatePointer"
	case isStruct(v.typ):
		name = "UpdateStruct"
	case !isDirectComparable(v.typ):
		name = "UpdateValueByReflect"
	}
	return jen.Qual(validatePkg, name).Call(stdArgs(extra...)...)
}

// numberLits spells enum numbers as the marker wrote them: 301, not 301.0.
func numberLits(numbers []float64) []jen.Code {
	var lits []jen.Code
	for _, n := range numbers {
		lits = append(lits, jen.Op(strconv.FormatFloat(n, 'g', -1, 64)))
	}
	return lits
}

func neqLiteral(r rule) jen.Code {
	switch r.neqKind {
	case codetags.ValueTypeInt:
		return jen.Lit(int(r.neqInt))
	case codetags.ValueTypeBool:
		return jen.Lit(r.str == "true")
	}
	return jen.Lit(r.str)
}

// listChecks writes the uniqueness check of sets, maps and UniqueItems.
func (w *writer) listChecks(v *valuePlan) []jen.Code {
	if v.list == nil || !v.list.unique {
		return nil
	}
	comment := "lists with set semantics require unique values"
	if v.list.match == "keys" {
		comment = "lists with map semantics require unique keys"
	}
	fn := "ValSliceUnique"
	if isPointer(v.typ.Underlying().(*types.Slice).Elem()) {
		fn = "PtrSliceUnique"
	}
	c := w.wrap(rule{mods: v.list.uniqueMods}, v, call{code: jen.Qual(validatePkg, fn).Call(stdArgs(w.matchFunc(v))...)})
	return []jen.Code{jen.Comment(comment), appendErrs(c.code)}
}

// matchFunc pairs list items: by their keys, or by value; the items of a
// list of pointers by what they point to.
func (w *writer) matchFunc(v *valuePlan) jen.Code {
	elem := deref(v.typ.Underlying().(*types.Slice).Elem())
	if v.list == nil || v.list.match == "" {
		return jen.Nil()
	}
	if v.list.match == "value" {
		return w.eq.matchFunc(elem)
	}
	var same jen.Code
	for i, k := range v.list.keys {
		a, b := jen.Id("a").Dot(k.goName), jen.Id("b").Dot(k.goName)
		cmp := a.Clone().Op("==").Add(b.Clone())
		if k.pointer {
			cmp = jen.Parens(a.Clone().Op("==").Nil().Op("&&").Add(b.Clone()).Op("==").Nil().Op("||").
				Add(a.Clone()).Op("!=").Nil().Op("&&").Add(b.Clone()).Op("!=").Nil().Op("&&").
				Op("*").Add(a.Clone()).Op("==").Op("*").Add(b.Clone()))
		}
		if i == 0 {
			same = cmp
		} else {
			same = jen.Add(same).Op("&&").Add(cmp)
		}
	}
	return jen.Func().Params(jen.Id("a").Op(",").Id("b").Op("*").Add(gen.TypeCode(elem))).Bool().Block(jen.Return(same))
}

// itemEquiv tells unchanged items from changed ones; unpaired items (no
// match) have no old value to compare with.
func (w *writer) itemEquiv(v *valuePlan, elem types.Type) jen.Code {
	if v.list == nil || v.list.match == "" {
		return jen.Nil()
	}
	return w.eq.matchFunc(elem)
}

// elementChecks writes the iteration over list items, map values and keys.
func (w *writer) elementChecks(v *valuePlan, stem string) []jen.Code {
	var out []jen.Code
	switch u := v.typ.Underlying().(type) {
	case *types.Slice:
		if !v.elem.has() {
			return nil
		}
		if isPointer(u.Elem()) {
			out = append(out, appendErrs(jen.Qual(validatePkg, "EachPtrSliceVal").Call(
				stdArgs(w.matchFunc(v), w.itemEquiv(v, deref(u.Elem())), w.itemFunc(v.elem, stem+"Items", deref(u.Elem())))...)))
			break
		}
		out = append(out, appendErrs(jen.Qual(rulesPkg, "EachSliceVal").Call(
			stdArgs(w.matchFunc(v), w.itemEquiv(v, u.Elem()), w.itemFunc(v.elem, stem+"Items", u.Elem()))...)))
	case *types.Map:
		if v.key.has() {
			out = append(out, appendErrs(jen.Qual(validatePkg, "EachMapKey").Call(
				stdArgs(w.itemFunc(v.key, stem+"Keys", u.Key()))...)))
		}
		if v.elem.has() {
			out = append(out, appendErrs(jen.Qual(rulesPkg, "EachMapVal").Call(
				stdArgs(w.eq.matchFunc(u.Elem()), w.itemFunc(v.elem, stem+"Values", u.Elem()))...)))
		}
	}
	return out
}

// itemFunc is the validator of one item: the item type's own validation
// function when nothing else applies, or a function literal.
func (w *writer) itemFunc(item *valuePlan, stem string, typ types.Type) jen.Code {
	item.typ = typ
	if len(item.rules) == 0 && !item.list.hasUnique() && !item.elem.has() && !item.key.has() && item.typeFn.has() && !isNilable(typ) {
		if item.typeFn.pkgPath != "" {
			return jen.Qual(item.typeFn.pkgPath, item.typeFn.name)
		}
		return jen.Id(item.typeFn.name)
	}
	body := append(w.valueChecks(item, stem), jen.Return(jen.Id("errs")))
	obj, oldObj := "obj", "oldObj"
	if isNilable(typ) {
		// Items come by address; lists, maps and pointers are validated
		// as they are.
		obj, oldObj = "item", "oldItem"
		body = append([]jen.Code{
			jen.Id("obj").Op(":=").Op("*").Id("item"),
			jen.Var().Id("oldObj").Add(gen.TypeCode(typ)),
			jen.If(jen.Id("oldItem").Op("!=").Nil()).Block(jen.Id("oldObj").Op("=").Op("*").Id("oldItem")),
		}, body...)
	}
	return jen.Func().Params(
		jen.Id("ctx").Qual(contextPkg, "Context"), jen.Id("op").Qual(operationPkg, "Operation"),
		jen.Id("fldPath").Op("*").Qual(fieldPkg, "Path"), jen.Id(obj).Op(",").Id(oldObj).Op("*").Add(gen.TypeCode(typ)),
	).Params(jen.Id("errs").Qual(fieldPkg, "ErrorList")).Block(body...)
}

func (l *listPlan) hasUnique() bool { return l != nil && l.unique }

// metadataVar names a root type's meta.Rules variable.
func metadataVar(tp *typePlan) string { return lowerFirst(tp.t.Name) + "Metadata" }

func (w *writer) writeMetadataVar(tp *typePlan) {
	m := tp.metadata
	var fields []jen.Code
	if m.namespaced {
		fields = append(fields, jen.Id("Namespaced").Op(":").True())
	}
	if m.nameFormat != "" {
		fields = append(fields, jen.Id("NameFormat").Op(":").Qual(schemaMetaPath, m.nameFormat))
	}
	if m.customResource {
		fields = append(fields, jen.Id("CustomResource").Op(":").True())
	}
	if len(m.owned) > 0 {
		var owned []jen.Code
		for _, name := range m.owned {
			owned = append(owned, jen.Lit(name))
		}
		fields = append(fields, jen.Id("Group").Op(":").Lit(m.group),
			jen.Id("OwnedFinalizers").Op(":").Index().String().Values(owned...))
	}
	w.file.Comment(metadataVar(tp) + " are the metadata rules of " + tp.t.Name + ", as kube-apiserver applies them.")
	w.file.Var().Id(metadataVar(tp)).Op("=").Qual(schemaMetaPath, "Rules").Values(fields...)
	w.file.Line()
}

// metadataCall validates the root type's metadata; it is never ratcheted:
// the update rules compare old and new themselves.
func (w *writer) metadataCall(tp *typePlan) []jen.Code {
	return []jen.Code{
		jen.Comment("metadata"),
		jen.Id("oldMeta").Op(":=").Qual(safePkg, "Field").Call(jen.Id("oldObj"),
			jen.Func().Params(jen.Id("oldObj").Op("*").Add(typeRef(tp.t))).Op("*").Qual(metav1Pkg, "ObjectMeta").
				Block(jen.Return(jen.Op("&").Id("oldObj").Dot("ObjectMeta")))),
		appendErrs(jen.Qual(rulesPkg, "Child").Call(jen.Id("fldPath"), jen.Lit("metadata"),
			jen.Id(metadataVar(tp)).Dot("Validate").Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Op("&").Id("obj").Dot("ObjectMeta"), jen.Id("oldMeta")))),
	}
}
