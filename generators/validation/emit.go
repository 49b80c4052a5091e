package validation

import (
	"go/types"
	"sort"
	"strconv"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/register"
)

// Import paths of what generated code calls.
const (
	contextPkg   = "context"
	fmtPkg       = "fmt"
	regexpPkg    = "regexp"
	fieldPkg     = "k8s.io/apimachinery/pkg/util/validation/field"
	operationPkg = "k8s.io/apimachinery/pkg/api/operation"
	validatePkg  = "k8s.io/apimachinery/pkg/api/validate"
	safePkg      = "k8s.io/apimachinery/pkg/api/safe"
	equalityPkg  = "k8s.io/apimachinery/pkg/api/equality"
	setsPkg      = "k8s.io/apimachinery/pkg/util/sets"
	metav1Pkg    = metav1Path
	rulesPkg     = "github.com/metagen-dev/metagen/schema/rules"
)

// writer writes one package's zz_generated.validations.go.
type writer struct {
	plan *packagePlan
	file *jen.File
	// vars are package-level variables the current function needs
	// (patterns, enum sets), written just above it.
	vars []jen.Code
	// eq writes the comparisons of ratcheting.
	eq *equality
	// inMode is set while writing the validations of one mode, which
	// validation-gen runs in order and does not mark as short-circuits.
	inMode bool
}

func newWriter(pass *gen.Pass, plan *packagePlan) *writer {
	file := pass.NewFile(outputFile)
	file.ImportAlias(safePkg, "safe")
	file.ImportAlias(equalityPkg, "equality")
	file.ImportAlias(setsPkg, "sets")
	file.ImportAlias(schemaMetaPath, "meta")
	file.ImportAlias(rulesPkg, "rules")
	file.ImportAlias(metav1ValidationPath, "metav1validation")
	file.ImportAlias(celPkg, "cel")
	return &writer{plan: plan, file: file, eq: newEquality(plan.pkg.Types)}
}

func (w *writer) write() {
	w.writeRegistration()
	if w.plan.resources {
		register.WriteResources(w.file, w.plan.pkg, w.plan.schemeBuilder, w.plan.pkg.API.Version)
		w.file.Line()
	}
	for _, tp := range w.plan.types {
		w.writeType(tp)
	}
	w.eq.write(w.file)
}

// writeRegistration writes init and RegisterValidations, as validation-gen
// does.
func (w *writer) writeRegistration() {
	if !w.plan.register || len(w.plan.roots) == 0 {
		return
	}
	if w.plan.schemeBuilder != "" {
		w.file.Func().Id("init").Params().Block(
			jen.Id(w.plan.schemeBuilder).Dot("Register").Call(jen.Id("RegisterValidations")),
		)
		w.file.Line()
	}
	var body []jen.Code
	for _, tp := range w.plan.roots {
		body = append(body, jen.Comment("type "+tp.t.Name), w.addValidationFunc(tp))
	}
	body = append(body, jen.Return(jen.Nil()))
	w.file.Comment("RegisterValidations adds validation functions to the given scheme.")
	w.file.Comment("Public to allow building arbitrary schemes.")
	w.file.Func().Id("RegisterValidations").
		Params(jen.Id("scheme").Op("*").Qual(w.plan.schemePkg, w.plan.schemeName)).Error().
		Block(body...)
	w.file.Line()
}

func (w *writer) addValidationFunc(tp *typePlan) jen.Code {
	// The object as Validate_<Type> takes it: a list or map type (which only
	// a scheme of validation-gen's own kind registers) by value, as
	// validation-gen does; other types by pointer.
	self := jen.Op("*").Add(typeRef(tp.t))
	if isNilable(tp.t.Object.Type()) {
		self = typeRef(tp.t)
	}
	var cases []jen.Code
	for _, s := range tp.subresources {
		cases = append(cases, jen.Lit(s))
	}
	return jen.Id("scheme").Dot("AddValidationFunc").Call(
		jen.Line().Parens(self.Clone()).Call(jen.Nil()),
		jen.Line().Func().Params(
			jen.Id("ctx").Qual(contextPkg, "Context"), jen.Id("op").Qual(operationPkg, "Operation"),
			jen.Id("obj").Op(",").Id("oldObj").Interface(),
		).Qual(fieldPkg, "ErrorList").Block(
			jen.Switch(jen.Id("op").Dot("Request").Dot("SubresourcePath").Call()).Block(
				jen.Case(cases...).Block(jen.Return(jen.Id("Validate_"+tp.t.Name).Call(
					jen.Id("ctx"), jen.Id("op"), jen.Nil().Comment("/* fldPath */"),
					jen.Id("obj").Assert(self.Clone()),
					jen.Qual(safePkg, "Cast").Types(self.Clone()).Call(jen.Id("oldObj")),
				))),
			),
			jen.Return(jen.Qual(fieldPkg, "ErrorList").Values(
				jen.Qual(fieldPkg, "InternalError").Call(jen.Nil(), jen.Qual(fmtPkg, "Errorf").Call(
					jen.Lit("no validation found for %T, subresource: %v"), jen.Id("obj"),
					jen.Id("op").Dot("Request").Dot("SubresourcePath").Call())),
			)),
		),
		jen.Line(),
	)
}

// writeType writes Validate_<Type> and the variables it uses.
func (w *writer) writeType(tp *typePlan) {
	w.vars = nil
	body := w.typeBody(tp)
	if tp.metadata != nil {
		w.writeMetadataVar(tp)
	}
	if tp.cel != nil {
		w.writeCELVar(tp)
	}
	for _, v := range w.vars {
		w.file.Add(v)
		w.file.Line()
	}
	param := jen.Op("*").Add(typeRef(tp.t))
	if isNilable(tp.t.Object.Type()) {
		param = typeRef(tp.t)
	}
	name := "Validate_" + tp.t.Name
	w.file.Comment(name + " validates an instance of " + tp.t.Name + " according")
	w.file.Comment("to declarative validation rules in the API schema.")
	w.file.Func().Id(name).Params(
		jen.Id("ctx").Qual(contextPkg, "Context"), jen.Id("op").Qual(operationPkg, "Operation"),
		jen.Id("fldPath").Op("*").Qual(fieldPkg, "Path"), jen.Id("obj").Op(",").Id("oldObj").Add(param),
	).Params(jen.Id("errs").Qual(fieldPkg, "ErrorList")).Block(append(body, jen.Return(jen.Id("errs")))...)
	w.file.Line()
}

func (w *writer) typeBody(tp *typePlan) []jen.Code {
	var body []jen.Code
	stem := lowerFirst(tp.t.Name)
	if tp.metadata != nil {
		body = append(body, w.metadataCall(tp)...)
	}
	if tp.enum != nil {
		body = append(body, w.enumCheck(tp))
	}
	body = append(body, w.valueChecks(tp.self, stem)...)
	body = append(body, w.structChecks(&tp.structScope, "")...)
	for _, fp := range tp.fields {
		switch {
		case !fp.value.has():
		case fp.path == "status" && statusDroppedOnCreate(tp):
			body = append(body,
				jen.Comment("kube-apiserver drops the status of a resource it creates (the /status subresource): nothing of it to check then"),
				jen.If(jen.Id("op").Dot("Type").Op("!=").Qual(operationPkg, "Create")).Block(w.field(tp, fp)))
		default:
			body = append(body, w.field(tp, fp))
		}
	}
	if tp.cel != nil {
		body = append(body, w.celCall(tp)...)
	}
	if tp.metadata != nil && tp.metadata.customResource {
		body = append(body,
			jen.Comment("kube-apiserver warns about custom resources it accepts"),
			jen.If(jen.Len(jen.Id("errs")).Op("==").Lit(0)).Block(
				jen.Id(metadataVar(tp)).Dot("RecordWarnings").Call(jen.Id("ctx"), jen.Id("op"), jen.Op("&").Id("obj").Dot("ObjectMeta"), jen.Id("oldMeta")),
			))
	}
	return body
}

// statusDroppedOnCreate: tp is a root type whose CRD serves /status
// (+kubebuilder:subresource:status), so kube-apiserver's customresource
// strategy drops the status of a create before validating it: a status a
// Go value cannot leave out (a struct) must not fail a create.
func statusDroppedOnCreate(tp *typePlan) bool {
	return tp.root && tp.t.Resource != nil && tp.t.Resource.StatusSubresource
}

// field writes the validation of one struct field: a closure over the
// field's value, called with paths relative to the field.
func (w *writer) field(owner *typePlan, fp *fieldPlan) jen.Code {
	v := fp.value
	fn := jen.Func().Params(
		jen.Id("fldPath").Op("*").Qual(fieldPkg, "Path"),
		jen.Id("obj").Op(",").Id("oldObj").Add(paramType(v.typ)),
		jen.Id("oldValueCorrelated").Bool(),
	).Params(jen.Id("errs").Qual(fieldPkg, "ErrorList")).Block(
		append(append([]jen.Code{w.ratchet(v)}, w.valueChecks(v, lowerFirst(owner.t.Name)+fp.f.GoName)...), jen.Return(jen.Id("errs")))...,
	)
	objArg := jen.Op("&").Id("obj").Dot(fp.f.GoName)
	oldArg := jen.Op("&").Id("oldObj").Dot(fp.f.GoName)
	if isNilable(v.typ) {
		objArg, oldArg = jen.Id("obj").Dot(fp.f.GoName), jen.Id("oldObj").Dot(fp.f.GoName)
	}
	call := jen.Id("fn").Call(jen.Nil(), objArg, jen.Id("oldVal"), jen.Id("oldObj").Op("!=").Nil())
	if fp.path == "" {
		call = jen.Id("fn").Call(jen.Id("fldPath"), objArg, jen.Id("oldVal"), jen.Id("oldObj").Op("!=").Nil())
	} else {
		call = jen.Qual(rulesPkg, "Child").Call(jen.Id("fldPath"), jen.Lit(fp.path), call)
	}
	return jen.Block(
		jen.Comment("field "+owner.t.Name+"."+fp.f.GoName),
		jen.Id("fn").Op(":=").Add(fn),
		jen.Id("oldVal").Op(":=").Qual(safePkg, "Field").Call(jen.Id("oldObj"),
			jen.Func().Params(jen.Id("oldObj").Op("*").Add(typeRef(owner.t))).Add(paramType(v.typ)).Block(jen.Return(oldArg))),
		appendErrs(call),
	)
}

// ratchet skips unchanged values on update, comparing as
// equality.Semantic does (see equal.go). A struct whose only check is its
// type's function needs no comparison: each of its fields skips itself when
// unchanged.
func (w *writer) ratchet(v *valuePlan) jen.Code {
	t := v.typ
	if isStruct(deref(t)) && onlyTypeFn(v) {
		return jen.Null()
	}
	var same *jen.Statement
	if isNilable(t) && !isPointer(t) {
		same, _ = w.eq.same(t, func() *jen.Statement { return jen.Id("obj") }, func() *jen.Statement { return jen.Id("oldObj") })
	} else {
		elem := deref(t)
		values, ok := w.eq.same(elem, func() *jen.Statement { return jen.Op("*").Id("obj") }, func() *jen.Statement { return jen.Op("*").Id("oldObj") })
		if ok {
			same = jen.Parens(jen.Id("obj").Op("==").Id("oldObj").Op("||").Parens(
				jen.Id("obj").Op("!=").Nil().Op("&&").Id("oldObj").Op("!=").Nil().Op("&&").Add(values)))
		}
	}
	if same == nil {
		same = jen.Qual(equalityPkg, "Semantic").Dot("DeepEqual").Call(jen.Id("obj"), jen.Id("oldObj"))
	}
	return jen.Comment("don't revalidate unchanged data").Line().
		If(jen.Id("oldValueCorrelated").Op("&&").Id("op").Dot("Type").Op("==").Qual(operationPkg, "Update").Op("&&").Add(same)).
		Block(jen.Return(jen.Nil()))
}

// onlyTypeFn reports a value validated only by its type's function.
func onlyTypeFn(v *valuePlan) bool {
	return !v.checksSomething() && !v.list.hasUnique() && !v.elem.has() && !v.key.has() && !v.sub.has() && v.typeFn.has()
}

// subfieldStructChecks writes the unions, dependencies and modes that
// +k8s:subfield tags ask for, on the value's struct; a nil pointer has no
// fields to check.
func (w *writer) subfieldStructChecks(v *valuePlan, stem string) []jen.Code {
	if !v.sub.has() {
		return nil
	}
	checks := w.structChecks(v.sub, stem)
	if isPointer(v.typ) {
		return []jen.Code{jen.If(jen.Id("obj").Op("!=").Nil()).Block(checks...)}
	}
	return checks
}

// call is one validator call with its flags.
type call struct {
	tag          string
	code         *jen.Statement
	shortCircuit bool
	nonError     bool
	// unset marks an optional check written as a condition on obj, not a
	// call returning errors.
	unset   bool
	comment string
	// cohort names a group of calls whose short-circuits stop only each
	// other (the test tags' cohort argument); "" is the default group.
	cohort string
}

// valueChecks writes the checks of one value, with obj, oldObj and fldPath
// in scope: short-circuit validators first (returning early when they
// fail), then the others, the unions over list items and the uniqueness of
// list items, then each named cohort of the test tags in a closure of its
// own, then the items, keys and values, then the type's own validation.
func (w *writer) valueChecks(v *valuePlan, stem string) []jen.Code {
	if !v.has() {
		return nil
	}
	calls := w.ruleCalls(v, stem)
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].tag < calls[j].tag })
	cohorts := intoCohorts(calls)
	out := cohortChecks(cohorts[0].calls, false)
	out = append(out, w.schemaChecks(v, stem)...)
	out = append(out, w.itemUnionChecks(v, stem)...)
	out = append(out, w.subfieldStructChecks(v, stem)...)
	if !v.list.schemaUnique() {
		out = append(out, w.listChecks(v)...)
	}
	for _, c := range cohorts[1:] {
		body := cohortChecks(c.calls, true)
		out = append(out, jen.Func().Params().Block(body...).Call().Comment("cohort "+strconv.Quote(c.name)))
	}
	out = append(out, w.partChecks(v, stem)...)
	out = append(out, w.elementChecks(v, stem)...)
	out = append(out, w.schemaItemChecks(v)...)
	out = append(out, w.schemaListChecks(v)...)
	if v.typeFn.has() {
		out = append(out, typeFnCall(v))
	}
	return out
}

// cohort is a group of calls, in the order validation-gen keeps them.
type cohort struct {
	name  string
	calls []call
}

// intoCohorts groups calls by cohort: the default group first, then the
// named ones in the order they first appear, each with its short-circuits
// first.
func intoCohorts(calls []call) []cohort {
	groups := []cohort{{}}
	index := map[string]int{"": 0}
	for _, c := range calls {
		i, ok := index[c.cohort]
		if !ok {
			i = len(groups)
			index[c.cohort] = i
			groups = append(groups, cohort{name: c.cohort})
		}
		groups[i].calls = append(groups[i].calls, c)
	}
	for _, g := range groups {
		sort.SliceStable(g.calls, func(i, j int) bool { return g.calls[i].shortCircuit && !g.calls[j].shortCircuit })
	}
	return groups
}

// cohortChecks writes one cohort: its short-circuits, then the others. A
// named cohort is a closure of its own, which a short-circuit leaves.
func cohortChecks(calls []call, inClosure bool) []jen.Code {
	out := shortCircuits(calls, inClosure)
	for _, c := range calls {
		if c.shortCircuit {
			continue
		}
		if c.comment != "" {
			out = append(out, jen.Comment(c.comment))
		}
		if c.nonError {
			out = append(out, c.code) // run for its effects; its errors do not count
			continue
		}
		out = append(out, appendErrs(c.code))
	}
	return out
}

// shortCircuits writes the short-circuit validators and the early return:
// when one fails (or an optional value is unset) the others do not run.
func shortCircuits(calls []call, inClosure bool) []jen.Code {
	stop := jen.Return(jen.Id("errs"))
	if inClosure {
		stop = jen.Return()
	}
	var sc []call
	var out []jen.Code
	for _, c := range calls {
		if c.shortCircuit {
			sc = append(sc, c)
			if c.comment != "" {
				out = append(out, jen.Comment(c.comment))
			}
		}
	}
	switch {
	case len(sc) == 0:
		return nil
	case len(sc) == 1 && sc[0].unset:
		return append(out, jen.If(sc[0].code).Block(stop.Clone().Comment("// unset: nothing else to check")))
	case len(sc) == 1 && !sc[0].nonError && !inClosure:
		return append(out, jen.If(jen.Id("e").Op(":=").Add(sc[0].code), jen.Len(jen.Id("e")).Op("!=").Lit(0)).Block(
			jen.Return(jen.Append(jen.Id("errs"), jen.Id("e").Op("..."))).Comment("// the other validators do not run")))
	}
	out = append(out, jen.Id("earlyReturn").Op(":=").False())
	for _, c := range sc {
		var block []jen.Code
		if !c.nonError {
			block = append(block, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("e").Op("...")))
		}
		block = append(block, jen.Id("earlyReturn").Op("=").True())
		if c.unset {
			out = append(out, jen.If(c.code).Block(block...))
			continue
		}
		out = append(out, jen.If(jen.Id("e").Op(":=").Add(c.code), jen.Len(jen.Id("e")).Op("!=").Lit(0)).Block(block...))
	}
	return append(out, jen.If(jen.Id("earlyReturn")).Block(stop.Clone().Comment("// do not proceed")))
}

func appendErrs(code jen.Code) jen.Code {
	return jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Add(code).Op("..."))
}

// stdArgs are the arguments every validator takes, then extra ones.
func stdArgs(extra ...jen.Code) []jen.Code {
	return append([]jen.Code{jen.Id("ctx"), jen.Id("op"), jen.Id("fldPath"), jen.Id("obj"), jen.Id("oldObj")}, extra...)
}

// typeFnCall calls the validation of the value's type; a nil pointer has
// nothing to validate.
func typeFnCall(v *valuePlan) jen.Code {
	fn := jen.Id(v.typeFn.name)
	if v.typeFn.pkgPath != "" {
		fn = jen.Qual(v.typeFn.pkgPath, v.typeFn.name)
	}
	call := appendErrs(fn.Call(stdArgs()...))
	if isPointer(v.typ) {
		return jen.If(jen.Id("obj").Op("!=").Nil()).Block(call)
	}
	return call
}

// paramType is how validators take a value: by address, or as it is when it
// can be nil.
func paramType(t types.Type) jen.Code {
	if isNilable(t) {
		return gen.TypeCode(t)
	}
	return jen.Op("*").Add(gen.TypeCode(t))
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// intLit is an untyped integer constant, which converts to the validated
// value's type.
func intLit(n float64) jen.Code {
	return jen.Op(strconv.FormatInt(int64(n), 10))
}
