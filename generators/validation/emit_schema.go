package validation

import (
	"fmt"
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
)

// The checks of the CRD-schema dialect (+kubebuilder:validation markers,
// +required, +listType=set|map) say what kube-apiserver says when it
// validates the custom resource against its CRD: the schema validator's
// words and error types (schema/rules' Schema* functions, which run
// kube-openapi's own checks), in its order for one value (string keywords,
// then format, number, list items and then minItems and maxItems, enum, the
// number of properties and then the values), and the list-type duplicates
// after everything else of the list, as the list-type validation that runs
// after the schema's reports them. validation-gen's +k8s: tags keep
// validation-gen's words.

// schemaRule reports a rule written in the CRD-schema dialect that the
// schema validator checks on the value itself.
func schemaRule(r rule) bool {
	if !r.kubebuilder {
		return false
	}
	switch r.kind {
	case ruleMinimum, ruleMaximum, ruleMultipleOf, ruleMinLength, ruleMaxLength, rulePattern, ruleSchemaFormat,
		ruleEnumValues, ruleMinItems, ruleMaxItems, ruleMinProperties, ruleMaxProperties:
		return true
	}
	return false
}

// schemaPresence reports a required rule of the schema dialects
// (+required, +kubebuilder:validation:Required): in the CRD it is the
// parent's list of required properties, which fails only when the JSON
// encoding leaves the value out.
func schemaPresence(r rule) bool { return r.kind == ruleRequired && !r.isTag() }

// schemaRequiredCall is the check of a schema-dialect required rule: the
// value is absent from the object's JSON (nil, or empty and omitted). It is
// nil for a value the encoding always writes.
func schemaRequiredCall(r rule, v *valuePlan) *call {
	var absent *jen.Statement
	switch {
	case isPointer(v.typ):
		absent = jen.Id("obj").Op("==").Nil()
	case (isSlice(v.typ) || isMap(v.typ)) && v.omitEmpty:
		absent = jen.Len(jen.Id("obj")).Op("==").Lit(0)
	case isSlice(v.typ) || isMap(v.typ):
		absent = jen.Id("obj").Op("==").Nil()
	case v.omitEmpty && isUnsetCheck(v.typ):
		absent = optionalCheck(v.typ)
	default:
		return nil
	}
	return &call{tag: r.tag, code: jen.Qual(rulesPkg, "SchemaRequired").Call(jen.Id("fldPath"), absent), shortCircuit: true}
}

// schemaChecks are the value's own schema keywords, as the schema validator
// runs them before it looks at list items: the string keywords (maxLength,
// minLength, pattern: the first that fails), format, the number keywords,
// enum, the number of properties.
// The keywords the CRD keeps twice (rule.branch) come first, as the schema
// validator checks allOf before the value's own keywords.
func (w *writer) schemaChecks(v *valuePlan, stem string) []jen.Code {
	out := w.schemaAllOf(v, stem)
	return append(out, w.schemaKeywordChecks(v, stem, 0)...)
}

// schemaAllOf checks the allOf branches of the value's schema, each with
// its keywords, in a closure of its own (rules.SchemaAllOf).
func (w *writer) schemaAllOf(v *valuePlan, stem string) []jen.Code {
	last := 0
	for _, r := range v.rules {
		if schemaRule(r) {
			last = max(last, r.branch)
		}
	}
	if last == 0 {
		return nil
	}
	args := []jen.Code{jen.Id("fldPath")}
	for branch := 1; branch <= last; branch++ {
		body := w.schemaKeywordChecks(v, fmt.Sprintf("%sAllOf%d", stem, branch), branch)
		body = append(body, w.schemaCountChecks(v, branch)...)
		args = append(args, jen.Func().Params().Params(jen.Id("errs").Qual(fieldPkg, "ErrorList")).
			Block(append(body, jen.Return(jen.Id("errs")))...).Call())
	}
	return []jen.Code{jen.Comment("the keywords the CRD keeps twice, in allOf"),
		appendErrs(jen.Qual(rulesPkg, "SchemaAllOf").Call(args...))}
}

// schemaKeywordChecks are the checks of the value's keywords of one allOf
// branch (0: the value's own).
func (w *writer) schemaKeywordChecks(v *valuePlan, stem string, branch int) []jen.Code {
	var out []jen.Code
	rules := map[ruleKind]rule{}
	for _, r := range v.rules {
		if schemaRule(r) && r.branch == branch {
			rules[r.kind] = r
		}
	}
	if len(rules) == 0 {
		return nil
	}
	has := func(k ruleKind) bool { _, ok := rules[k]; return ok }
	call := func(name string, extra ...jen.Code) {
		out = append(out, appendErrs(jen.Qual(rulesPkg, name).Call(stdArgs(extra...)...)))
	}
	scalar := deref(v.typ)
	if has(ruleMaxLength) || has(ruleMinLength) || has(rulePattern) {
		length := func(k ruleKind) jen.Code {
			if r, ok := rules[k]; ok {
				return jen.Lit(int(r.num))
			}
			return jen.Lit(-1)
		}
		fields := []jen.Code{jen.Id("MaxLength").Op(":").Add(length(ruleMaxLength)), jen.Id("MinLength").Op(":").Add(length(ruleMinLength))}
		if r, ok := rules[rulePattern]; ok {
			fields = append(fields, jen.Id("Pattern").Op(":").Lit(r.str))
		}
		name := "SchemaString"
		if isByteSlice(v.typ) {
			name = "SchemaBytes"
		}
		call(name, jen.Qual(rulesPkg, "StringSchema").Values(fields...))
	}
	if r, ok := rules[ruleSchemaFormat]; ok {
		call("SchemaFormat", jen.Lit(r.str))
	}
	if has(ruleMultipleOf) || has(ruleMinimum) || has(ruleMaximum) {
		var fields []jen.Code
		if r, ok := rules[ruleMultipleOf]; ok {
			fields = append(fields, jen.Id("HasMultipleOf").Op(":").True(), jen.Id("MultipleOf").Op(":").Lit(r.num))
		}
		if r, ok := rules[ruleMinimum]; ok {
			fields = append(fields, jen.Id("HasMinimum").Op(":").True(), jen.Id("Minimum").Op(":").Lit(r.num))
			if r.exclusive {
				fields = append(fields, jen.Id("ExclusiveMinimum").Op(":").True())
			}
		}
		if r, ok := rules[ruleMaximum]; ok {
			fields = append(fields, jen.Id("HasMaximum").Op(":").True(), jen.Id("Maximum").Op(":").Lit(r.num))
			if r.exclusive {
				fields = append(fields, jen.Id("ExclusiveMaximum").Op(":").True())
			}
		}
		call("SchemaNumber", jen.Qual(rulesPkg, "NumberSchema").Values(fields...))
	}
	if r, ok := rules[ruleEnumValues]; ok {
		name := stem + "Values"
		if isNumber(scalar) {
			w.vars = append(w.vars, jen.Comment(name+" are the values of the schema's enum, in its order.").Line().
				Var().Id(name).Op("=").Index().Float64().Values(numberLits(r.numbers)...))
			call("SchemaNumberEnum", jen.Id(name))
		} else {
			var values []jen.Code
			for _, value := range r.values {
				values = append(values, jen.Lit(value))
			}
			w.vars = append(w.vars, jen.Comment(name+" are the values of the schema's enum, in its order.").Line().
				Var().Id(name).Op("=").Index().String().Values(values...))
			call("SchemaStringEnum", jen.Id(name))
		}
	}
	if has(ruleMinProperties) || has(ruleMaxProperties) {
		out = append(out, appendErrs(jen.Qual(rulesPkg, "SchemaProperties").Call(
			jen.Id("ctx"), jen.Id("op"), jen.Id("fldPath"), jen.Id("obj").Op("!=").Nil(), jen.Len(jen.Id("obj")),
			countArg(rules, ruleMinProperties), countArg(rules, ruleMaxProperties))))
	}
	return out
}

// schemaItemChecks are minItems and maxItems, which the schema validator
// checks after the list's items.
func (w *writer) schemaItemChecks(v *valuePlan) []jen.Code {
	return w.schemaCountChecks(v, 0)
}

// schemaCountChecks are minItems and maxItems of one allOf branch (0: the
// value's own).
func (w *writer) schemaCountChecks(v *valuePlan, branch int) []jen.Code {
	rules := map[ruleKind]rule{}
	for _, r := range v.rules {
		if schemaRule(r) && r.branch == branch && (r.kind == ruleMinItems || r.kind == ruleMaxItems) {
			rules[r.kind] = r
		}
	}
	if len(rules) == 0 {
		return nil
	}
	present, n := jen.Id("obj").Op("!=").Nil(), jen.Len(jen.Id("obj"))
	if isPointer(v.typ) {
		present = jen.Id("obj").Op("!=").Nil().Op("&&").Op("*").Id("obj").Op("!=").Nil()
		n = jen.Len(jen.Op("*").Id("obj"))
		return []jen.Code{jen.If(jen.Id("obj").Op("!=").Nil()).Block(appendErrs(jen.Qual(rulesPkg, "SchemaItems").Call(
			jen.Id("ctx"), jen.Id("op"), jen.Id("fldPath"), present, n, countArg(rules, ruleMinItems), countArg(rules, ruleMaxItems))))}
	}
	return []jen.Code{appendErrs(jen.Qual(rulesPkg, "SchemaItems").Call(
		jen.Id("ctx"), jen.Id("op"), jen.Id("fldPath"), present, n, countArg(rules, ruleMinItems), countArg(rules, ruleMaxItems)))}
}

func countArg(rules map[ruleKind]rule, k ruleKind) jen.Code {
	if r, ok := rules[k]; ok {
		return jen.Lit(int(r.num))
	}
	return jen.Lit(-1)
}

// schemaListChecks are the duplicates of a list whose semantics the schema
// dialect gives (+listType=set|map), as kube-apiserver's list-type
// validation reports them: the second item of each repeated value, or of
// each repeated key, with the key fields.
func (w *writer) schemaListChecks(v *valuePlan) []jen.Code {
	if !v.list.schemaUnique() {
		return nil
	}
	elem := v.typ.Underlying().(*types.Slice).Elem()
	if v.list.match == "value" {
		if isPointer(elem) {
			return nil // not a list of a CRD's set: a set's items are scalars
		}
		return []jen.Code{jen.Comment("lists with set semantics require unique values"),
			appendErrs(jen.Qual(rulesPkg, "ListSetDuplicates").Call(stdArgs(w.matchFunc(v))...))}
	}
	item := deref(elem)
	var keys []jen.Code
	for _, k := range v.list.keys {
		value := jen.Id("a").Dot(k.goName)
		if k.pointer {
			keys = append(keys, jen.If(value.Clone().Op("!=").Nil()).Block(
				jen.Id("key").Index(jen.Lit(k.json)).Op("=").Op("*").Add(value.Clone())))
			continue
		}
		keys = append(keys, jen.Id("key").Index(jen.Lit(k.json)).Op("=").Add(value))
	}
	keys = append([]jen.Code{jen.Id("key").Op(":=").Map(jen.String()).Any().Values()}, keys...)
	keys = append(keys, jen.Return(jen.Id("key")))
	keyFn := jen.Func().Params(jen.Id("a").Op("*").Add(gen.TypeCode(item))).Map(jen.String()).Any().Block(keys...)
	fn := "ListMapDuplicates"
	if isPointer(elem) {
		fn = "PtrListMapDuplicates"
	}
	return []jen.Code{jen.Comment("lists with map semantics require unique keys"),
		appendErrs(jen.Qual(rulesPkg, fn).Call(stdArgs(w.matchFunc(v), keyFn)...))}
}

// schemaUnique reports a uniqueness check of the schema dialect.
func (l *listPlan) schemaUnique() bool { return l != nil && l.unique && l.schema }
