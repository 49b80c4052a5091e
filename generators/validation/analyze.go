package validation

import (
	"errors"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/metagen-dev/metagen/generators/deepcopy"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/generators/register"
)

// packagePlan is what one package's generated file holds.
type packagePlan struct {
	pkg *model.Package
	// types get a Validate_<Type> function, sorted by name.
	types []*typePlan
	// roots are registered with the scheme, sorted by name.
	roots         []*typePlan
	register      bool
	schemePkg     string
	schemeName    string
	schemeBuilder string
	// resources: the file records the root types' resources
	// (register.WriteResources), as no generated register file does.
	resources bool
}

func (p *packagePlan) hasOutput() bool { return len(p.types) > 0 }

// typePlan is one named type's validation.
type typePlan struct {
	t *model.Type
	// self are the rules written on the type itself, applied to every
	// value of it.
	self *valuePlan
	// enum is set for +k8s:enum types.
	enum *enumPlan
	// structScope holds the fields and the struct's cross-field rules.
	structScope
	// metadata is set for root types that embed metav1.ObjectMeta.
	metadata     *metadataPlan
	root         bool
	subresources []string
	// cel is set for root types whose schema carries CEL rules (cel.go).
	cel *celPlan

	// has is set once the analysis finds something to validate.
	has bool
	// reachable is set when a root type's validation calls this type's.
	reachable bool
}

// fieldPlan is one struct field's validation.
type fieldPlan struct {
	f *model.Field
	// path is the JSON name the field's errors are reported under; "" for
	// inlined embedded structs.
	path  string
	value *valuePlan
	decl  *declRules
}

// valuePlan is everything validated about one value (a field, a list item,
// a map key or value, or a type's own values).
type valuePlan struct {
	typ   types.Type
	rules []rule
	list  *listPlan
	// elem validates list items or map values; key validates map keys.
	elem *valuePlan
	key  *valuePlan
	// typeFn is the validation function of the value's type, when the type
	// has one.
	typeFn *typeTarget
	// omittable is set when the value is dropped from JSON when empty and
	// only kubebuilder rules apply: like the CRD schema, they then skip it.
	omittable bool
	// subfields and listItems hold the rules chained by +k8s:subfield and
	// +k8s:item; itemUnions are the unions over list items that +k8s:item
	// makes members.
	subfields  []*partPlan
	listItems  []*partPlan
	itemUnions []*itemUnionPlan
	// sub holds the struct-level checks +k8s:subfield tags ask for.
	sub *structScope
	// noNils rejects nil items of a list-of-pointers field that is
	// validated, first, as validation-gen does (validate.PtrSliceNoNils).
	noNils bool
	// outside is set when the value's type is of a package whose
	// validation metagen cannot find (see outside.go).
	outside *outsideRef
	// omitEmpty: a field the JSON encoding leaves out when empty
	// (omitempty, omitzero).
	omitEmpty bool
}

// partPlan is the rules chained to one part of a value: a subfield of a
// struct, or the item of a list-map with given keys.
type partPlan struct {
	// goName and json name a subfield.
	goName, json string
	// keys select a list item.
	keys  []itemKey
	value *valuePlan
}

// itemKey is one key field of a list item and the value it must have.
type itemKey struct {
	listKey
	value markers.TagArg
}

// typeTarget is a named type whose validation a value calls: one of the
// input packages' types (which has a function once the analysis finds
// something to validate in it), or a metav1 type schema/meta validates.
type typeTarget struct {
	plan *typePlan
	// pkgPath and name name the function: Validate_<Type> of plan's
	// package, or schema/meta's.
	pkgPath string
	name    string
}

func (t *typeTarget) has() bool { return t != nil && (t.plan == nil || t.plan.has) }

// listPlan is a list's semantics: how items are told apart, for uniqueness
// and to pair new items with old ones.
type listPlan struct {
	// match is "" (items are not paired), "value" or "keys".
	match string
	keys  []listKey
	// unique asks for the uniqueness check (listType=set|map, unique=…,
	// UniqueItems).
	unique     bool
	uniqueMods modifiers
	// schema: the semantics come from the schema dialect (+listType), and
	// so do the words of the duplicates (schemaListChecks).
	schema bool
}

type listKey struct {
	goName  string
	pointer bool
	// json is the key's JSON name.
	json string
}

func (v *valuePlan) has() bool {
	if v == nil {
		return false
	}
	return v.checksSomething() || (v.list != nil && v.list.unique) || v.typeFn.has() ||
		v.elem.has() || v.key.has() || len(v.subfields) > 0 || len(v.listItems) > 0 || len(v.itemUnions) > 0 || v.sub.has()
}

// checksSomething: optional alone skips the other checks, and there are none.
func (v *valuePlan) checksSomething() bool {
	for _, r := range v.rules {
		if r.kind != ruleOptional {
			return true
		}
	}
	return false
}

// universePlan holds the analysis of every input package, computed once per
// run, because a package's code calls the validation functions of types in
// other packages. Errors are kept per package: each package's pass reports
// its own.
type universePlan struct {
	fset     *token.FileSet
	comments *model.Comments // the run's one comment index
	byPath   map[string]*model.Package
	plans    map[*types.TypeName]*typePlan
	pkgs     map[string]*packagePlan
	// errs are the problems the analysis finds, by package; prepare makes
	// them the run's, leaving failed: the packages whose passes write nothing.
	errs   map[string][]error
	failed map[string]bool
	// excluded holds the +k8s:enumExclude tags of every constant.
	excluded map[*types.Const]*constExclusion
	// external holds the +metagen:validation-for declarations (external.go).
	external *externalSet
	decided  decisions
	// warnings are kept per package, as errs are; the pass reports them.
	warnings map[string][]warning
	// immutable are the positions of +k8s:immutable tags (cel.go).
	immutable map[token.Position]bool
}

func universeOf(pass *gen.Pass) *universePlan {
	return gen.ResultOf[*universePlan](pass, pass.Generator)
}

// prepare analyzes the run with the decisions of the generators it
// requires: which types deepcopy makes runtime.Objects, which packages get
// register's localSchemeBuilder. Errors stay per package: each package's
// pass reports its own.
func prepare(p *gen.Prep) (any, error) {
	decided := decisions{
		objects:   p.ResultOf(deepcopy.Generator).(*deepcopy.Result),
		registers: p.ResultOf(register.Generator).(*register.Result),
		schemas:   p.ResultOf(openapi.Generator).(*openapi.Result),
	}
	u := analyzeUniverse(p.Universe, decided)
	// The packages' problems are the run's, once; their passes write nothing.
	var errs []error
	u.failed = map[string]bool{}
	for _, path := range slices.Sorted(maps.Keys(u.errs)) {
		if pkgErrs := u.errs[path]; len(pkgErrs) > 0 {
			u.failed[path] = true
			errs = append(errs, diag.Sort(append([]error(nil), pkgErrs...))...)
		}
	}
	u.errs = nil // the analysis' only
	return u, errors.Join(errs...)
}

// decisions are the other generators' results the analysis reads.
type decisions struct {
	objects   *deepcopy.Result
	registers *register.Result
	// schemas give the CRD schema of root types, whose CEL rules generated
	// validation evaluates.
	schemas *openapi.Result
}

// analyzeUniverse analyzes every type of every package that opts in, then
// decides which types have something to validate (a fixpoint, since types
// may refer to each other), then plans each package's file.
func analyzeUniverse(universe *model.Universe, decided decisions) *universePlan {
	u := &universePlan{
		decided:  decided,
		fset:     universe.Fset,
		comments: universe.Comments,
		byPath:   map[string]*model.Package{},
		plans:    map[*types.TypeName]*typePlan{},
		pkgs:     map[string]*packagePlan{},
		errs:     map[string][]error{},
		warnings: map[string][]warning{},
		excluded: map[*types.Const]*constExclusion{},
	}
	for _, pkg := range universe.Packages {
		u.byPath[pkg.Path] = pkg
	}
	var analyzers []*analyzer
	for _, pkg := range universe.Packages {
		a := &analyzer{u: u, pkg: pkg}
		// Constants first: an enum may be planned from another package.
		if a.filters, a.on = activation(pkg); a.on {
			a.readConstants()
		}
		analyzers = append(analyzers, a)
	}
	u.readDeclarations(analyzers)
	for _, a := range analyzers {
		a.analyzeTypes()
	}
	u.settleHas()
	u.markReachable()
	u.reportOutside()
	for _, a := range analyzers {
		u.pkgs[a.pkg.Path] = a.packagePlan()
	}
	return u
}

// settleHas marks every type that has something to validate, directly or
// through the types of its fields.
func (u *universePlan) settleHas() {
	for changed := true; changed; {
		changed = false
		for _, tp := range u.plans {
			if !tp.has && tp.computeHas() {
				tp.has, changed = true, true
			}
		}
	}
}

// markReachable marks the types validation reaches from the root types, as
// validation-gen discovers them: only they get a function.
func (u *universePlan) markReachable() {
	var visitValue func(v *valuePlan)
	var visitType func(tp *typePlan)
	visitValue = func(v *valuePlan) {
		if v == nil {
			return
		}
		if v.typeFn.has() && v.typeFn.plan != nil {
			visitType(v.typeFn.plan)
		}
		visitValue(v.elem)
		visitValue(v.key)
	}
	visitType = func(tp *typePlan) {
		if tp.reachable || !tp.has {
			return
		}
		tp.reachable = true
		visitValue(tp.self)
		for _, fp := range tp.fields {
			visitValue(fp.value)
		}
	}
	for _, tp := range u.plans {
		if tp.root {
			visitType(tp)
		}
	}
}

func (tp *typePlan) computeHas() bool {
	if tp.self.has() || tp.enum != nil || tp.metadata != nil || tp.cel != nil || len(tp.unions) > 0 || len(tp.dependents) > 0 || len(tp.modes) > 0 {
		return true
	}
	for _, fp := range tp.fields {
		if fp.value.has() {
			return true
		}
	}
	return false
}

// analyzer analyzes the types of one package.
type analyzer struct {
	u       *universePlan
	pkg     *model.Package
	filters []filter
	on      bool
	// outer is the name of the tag being read, as written outermost
	// (+k8s:alpha for +k8s:alpha=+k8s:unionMember): validation-gen orders
	// a field's tags by it.
	outer string
}

// analyzeTypes analyzes every named type of the package, when it opts in.
func (a *analyzer) analyzeTypes() {
	if !a.on {
		return
	}
	a.checkFilters(a.filters)
	for _, t := range a.typesToAnalyze() {
		if t.IsAlias() || t.Named() == nil || t.Named().TypeParams().Len() > 0 {
			continue
		}
		tp := a.typePlan(t)
		if !isRootType(t, a.filters) {
			a.metadataMarkersUnused(t)
			continue
		}
		tp.root = true
		tp.metadata = a.metadataPlan(t)
		tp.subresources = a.subresources(t)
		tp.cel = a.celRules(t)
		if tp.metadata != nil {
			tp.fields = withoutObjectMeta(tp.fields)
		}
	}
}

// packagePlan plans the package's file once every type is settled.
func (a *analyzer) packagePlan() *packagePlan {
	plan := &packagePlan{pkg: a.pkg}
	if !a.on {
		return plan
	}
	plan.schemePkg, plan.schemeName, plan.register = a.schemeRegistry()
	// A scheme of validation-gen's own kind (its testscheme.Scheme) takes
	// any type, so every root type is registered, as validation-gen does;
	// runtime.Scheme takes runtime.Objects only.
	runtimeScheme := plan.schemePkg == "k8s.io/apimachinery/pkg/runtime" && plan.schemeName == "Scheme"
	plan.schemeBuilder = schemeBuilder(a.pkg, runtimeScheme, a.u.decided.registers)
	plan.resources = runtimeScheme && plan.register && plan.schemeBuilder != "" &&
		!a.u.decided.registers.Generates(a.pkg) && register.RecordsResources(a.pkg)
	for _, t := range a.pkg.NamedTypes {
		tp := a.u.plans[t.Object]
		if tp == nil || !tp.has || !tp.reachable {
			continue
		}
		plan.types = append(plan.types, tp)
		if tp.root && (!runtimeScheme || a.u.decided.objects.RuntimeObject(tp.t)) {
			plan.roots = append(plan.roots, tp)
		}
	}
	sort.Slice(plan.types, func(i, j int) bool { return plan.types[i].t.Name < plan.types[j].t.Name })
	sort.Slice(plan.roots, func(i, j int) bool { return plan.roots[i].t.Name < plan.roots[j].t.Name })
	return plan
}

// typePlan analyzes a named type of this package once.
func (a *analyzer) typePlan(t *model.Type) *typePlan {
	if tp := a.u.plans[a.u.planKey(t)]; tp != nil {
		return tp
	}
	tp := &typePlan{t: t, structScope: structScope{owner: t.Object.Type(), name: t.Name, pos: t.Pos}}
	a.u.plans[a.u.planKey(t)] = tp
	self := a.readRules(t.Markers)
	a.inheritDeclaredBase(self, t.Object)
	self.pathName = t.Name
	self.selfMarshalled = marshalsItself(t.Object.Type()) || hasSchemaType(t.Markers)
	a.nameCustom(self, "ValidateCustom_"+t.Name)
	if m, ok := markers.K8sEnum.Marker(t.Markers); ok {
		tp.enum = a.enumValues(t, m.Pos)
	} else if self.wrappedEnum {
		// +k8s:alpha=+k8s:enum: validation-gen marks the enum's errors.
		if tp.enum = a.enumValues(t, self.wrappedEnumPos); tp.enum != nil {
			tp.enum.mods = self.wrappedEnumMods
		}
	}
	tp.self = a.value(t.Object.Type().Underlying(), self, t.Pos, nil)
	tp.self.typ = t.Object.Type()
	// A struct type marked +k8s:opaqueType is validated by its own tags
	// only: as validation-gen does, its fields are not looked at.
	if s, ok := t.Object.Type().Underlying().(*types.Struct); ok && s.NumFields() > 0 && !opaqueMarked(t.Markers) {
		for _, f := range t.Fields {
			if fp := a.fieldPlan(t, f); fp != nil {
				tp.fields = append(tp.fields, fp)
			}
		}
		a.structRules(&tp.structScope)
	}
	return tp
}

// fieldPlan analyzes one field; nil when nothing about it is validated.
func (a *analyzer) fieldPlan(owner *model.Type, f *model.Field) *fieldPlan {
	d := a.readRules(f.Markers)
	a.nameCustom(d, "ValidateCustom_"+owner.Name+"_"+f.GoName)
	if f.JSONName == "-" || !f.Var.Exported() {
		if len(d.rules) > 0 || len(d.modes) > 0 || len(d.discriminators) > 0 || len(d.unions) > 0 || len(d.dependents) > 0 {
			pos := f.Pos // at the first marker that has no effect, where there is one
			if len(d.rules) > 0 && d.rules[0].pos.IsValid() {
				pos = d.rules[0].pos
			}
			a.errorf(pos, "field %s is not serialized; its validation markers have no effect", f.GoName)
		}
		return nil
	}
	if f.Embedded && (isMetav1(f.Type(), "TypeMeta") || isMetav1(f.Type(), "ListMeta")) {
		return nil // no rules
	}
	path := f.JSONName
	if path == "" {
		path = f.GoName
	}
	if f.Inline {
		path = ""
	}
	d.pathName = path
	d.selfMarshalled = hasSchemaType(f.Markers)
	value := a.value(f.Type(), d, f.Pos, f)
	if s, ok := f.Type().Underlying().(*types.Slice); ok && isPointer(s.Elem()) {
		value.noNils = true
	}
	return &fieldPlan{f: f, path: path, value: value, decl: d}
}

// value analyzes the rules of one value of type typ. field is set for
// struct fields, whose JSON options decide what the encoding omits.
func (a *analyzer) value(typ types.Type, d *declRules, pos token.Position, field *model.Field) *valuePlan {
	a.normalize(d)
	d.selfMarshalled = d.selfMarshalled || marshalsItself(typ)
	v := &valuePlan{typ: typ}
	for _, r := range d.rules {
		if a.applies(&r, typ, d) {
			v.rules = append(v.rules, r)
		}
	}
	v.omitEmpty = field != nil && (field.OmitEmpty || field.OmitZero)
	v.omittable = v.omitEmpty && onlyKubebuilder(v.rules) && !isStruct(typ)
	items, keys := orEmpty(d.items), orEmpty(d.keys)
	if d.chained {
		for _, c := range []*declRules{items, keys} {
			c.chained, c.opaque = true, true
		}
	}
	switch u := typ.Underlying().(type) {
	case *types.Slice:
		v.list = a.listPlan(u, d)
		a.inheritListSemantics(v, d)
		v.elem = a.value(u.Elem(), items, pos, nil)
		v.elem.outside.called("list item")
		nestOutside(v.elem, "eachVal")
	case *types.Map:
		v.elem = a.value(u.Elem(), items, pos, nil)
		v.key = a.value(u.Key(), keys, pos, nil)
		v.elem.outside.called("map value")
		v.key.outside.called("map key")
		nestOutside(v.elem, "eachVal")
		nestOutside(v.key, "eachKey")
	default:
		if d.items != nil || d.keys != nil {
			a.errorf(pos, "+k8s:eachVal, +k8s:eachKey and items: markers apply to lists and maps, not %s", typeName(typ))
		}
		// The kube-openapi spellings (+listType, +listMapKey) say nothing
		// to validate on a value that is not a list (k8s.io/api has
		// +listType=atomic on a *string); whether the schema may carry them
		// is the openapi generator's to say. validation-gen does not read
		// them at all.
		if d.listTypeK8s || d.mapKeysK8s || d.unique != "" {
			a.errorf(pos, "list markers apply to lists, not %s", typeName(typ))
		}
	}
	if field == nil {
		a.onlyOnFields(d)
	}
	a.subfieldScope(v, d)
	for _, c := range d.subfields {
		a.subfield(v, c, d.opaque)
	}
	for _, c := range d.listItems {
		a.listItem(v, c)
	}
	a.itemUnions(v, d)
	if !d.opaque {
		v.typeFn = a.typeFnOf(typ)
		if v.typeFn == nil {
			a.noteOutside(v, typ, pos)
		}
		if v.outside != nil {
			// validation-gen stops at the value; its items are not looked at.
			for _, child := range []*valuePlan{v.elem, v.key} {
				if child != nil {
					child.outside = nil
				}
			}
		}
	}
	a.inlineTypeSchema(v)
	if _, named := typ.(*types.Named); named && v.typeFn != nil {
		// The named list or map type's function validates its items and
		// keys (one of another package's too); the value only adds what
		// is written on it.
		for _, child := range []*valuePlan{v.elem, v.key} {
			if child != nil {
				child.typeFn, child.outside = nil, nil
			}
		}
	}
	return v
}

// hasSchemaType reports +kubebuilder:validation:Type, which overrides the
// schema type the Go type would give.
func hasSchemaType(m markers.Set) bool {
	_, ok := markers.KBValidationType.Marker(m)
	return ok
}

func orEmpty(d *declRules) *declRules {
	if d == nil {
		return &declRules{}
	}
	return d
}

func onlyKubebuilder(rules []rule) bool {
	seen := false
	for _, r := range rules {
		if !r.kubebuilder || slotOf(r.kind) == ruleRequired {
			return false
		}
		seen = true
	}
	return seen
}

// nameCustom names the hand-written function +k8s:customValidation calls,
// by validation-gen's convention: ValidateCustom_<Type> for a type,
// ValidateCustom_<Type>_<Field> for a field, in the type's package.
func (a *analyzer) nameCustom(d *declRules, name string) {
	for i := range d.rules {
		if d.rules[i].kind != ruleCustom {
			continue
		}
		d.rules[i].str = name
		fn, ok := a.pkg.Types.Scope().Lookup(name).(*types.Func)
		if !ok {
			a.errorf(d.rules[i].pos, "+k8s:customValidation calls %s, which the package does not declare: func %s(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj <value>) field.ErrorList", name, name)
		} else if sig := fn.Signature(); sig.Params().Len() != 5 || sig.Results().Len() != 1 {
			a.errorf(d.rules[i].pos, markers.K8sCustomValidation.Tag()+": %s must take (ctx, op, fldPath, obj, oldObj) and return field.ErrorList", name)
		}
	}
}

// subfield chains rules to a field of a struct value (+k8s:subfield). As
// validation-gen v0.37.2 does, the chain also runs the short-circuit +k8s:
// tags of the target field itself (+k8s:required, +k8s:immutable,
// +k8s:update…) first, without reporting their errors: when one fails, the
// chained rules do not run (the target's own validation reports it). An
// opaque value (+k8s:opaqueType on the field, or on its type) inherits none.
func (a *analyzer) subfield(v *valuePlan, c *chained, opaque bool) {
	s, ok := deref(v.typ).Underlying().(*types.Struct)
	if !ok {
		a.errorf(c.pos, "+k8s:subfield applies to structs, not %s", typeName(v.typ))
		return
	}
	f := structFieldByJSON(s, c.name)
	if f == nil {
		a.errorf(c.pos, markers.K8sSubfield.Tag()+"(%s): %s has no field with JSON name %q", c.name, typeName(deref(v.typ)), c.name)
		return
	}
	part := a.value(f.Type(), c.rules, c.pos, nil)
	if part.has() {
		if !opaque {
			part.rules = append(part.rules, a.memberShortCircuits(deref(v.typ), f)...)
		}
		v.subfields = append(v.subfields, &partPlan{goName: f.Name(), json: c.name, value: part})
	}
}

// memberShortCircuits are the short-circuit rules of the +k8s: tags written
// on field f of struct type owner, marked inherited (their errors are not
// reported). An owner type marked +k8s:opaqueType has none.
func (a *analyzer) memberShortCircuits(owner types.Type, f *types.Var) []rule {
	target := a.typeFnOf(owner)
	if target == nil || target.plan == nil || markers.K8sOpaqueType.Has(target.plan.t.Markers) {
		return nil
	}
	var out []rule
	for _, fp := range target.plan.fields {
		if fp.f.Var != f {
			continue
		}
		for _, r := range fp.value.rules {
			if r.kubebuilder || !strings.HasPrefix(r.tag, "+k8s:") || !shortCircuitRule(r) {
				continue
			}
			r.inherited = true
			out = append(out, r)
		}
	}
	return out
}

// shortCircuitRule: the rules whose validators validation-gen flags
// ShortCircuit.
func shortCircuitRule(r rule) bool {
	switch r.kind {
	case ruleRequired, ruleOptional, ruleForbidden, ruleImmutable, ruleMaxItems, ruleMaxProperties, ruleUpdate:
		return true
	case ruleFixed:
		return r.fixed != nil && r.fixed.shortCircuit
	}
	return false
}

// subfieldScope plans the struct-level tags written through +k8s:subfield
// (+k8s:subfield(m1)=+k8s:unionMember, …): as validation-gen does, they are
// the unions, dependencies and modes of the value's struct, checked on the
// value. It takes them out of the subfields' own rules.
func (a *analyzer) subfieldScope(v *valuePlan, d *declRules) {
	var fields []*fieldPlan
	for _, c := range d.subfields {
		r := c.rules
		if len(r.unions) == 0 && len(r.dependents) == 0 && len(r.modes) == 0 && len(r.discriminators) == 0 {
			continue
		}
		taken := &declRules{unions: r.unions, dependents: r.dependents, modes: r.modes, discriminators: r.discriminators}
		r.unions, r.dependents, r.modes, r.discriminators = nil, nil, nil, nil
		s, ok := deref(v.typ).Underlying().(*types.Struct)
		if !ok {
			continue // subfield reports it
		}
		f := structFieldOf(s, c.name)
		if f == nil {
			continue // subfield reports it
		}
		fields = append(fields, &fieldPlan{f: syntheticField(f, c.name, c.pos), path: c.name, decl: taken})
	}
	if len(fields) == 0 {
		return
	}
	owner := deref(v.typ)
	name := typeName(owner)
	if named, ok := owner.(*types.Named); ok {
		name = named.Obj().Name()
	}
	v.sub = &structScope{owner: owner, name: name, pos: fields[0].f.Pos, subfields: true, fields: fields}
	a.structRules(v.sub)
}

// listItem chains rules to the item of a list-map with the given keys
// (+k8s:item); every key must be given.
func (a *analyzer) listItem(v *valuePlan, c *chained) {
	s, isSlice := v.typ.Underlying().(*types.Slice)
	if !isSlice || v.list == nil || v.list.match != "keys" {
		a.errorf(c.pos, "+k8s:item applies to lists with listType=map")
		return
	}
	// The item of a list of pointers is validated as the struct it points
	// to (validate.PtrSliceItem), as validation-gen does.
	elem := deref(s.Elem())
	itemStruct := elem.Underlying().(*types.Struct)
	var keys []itemKey
	for _, arg := range c.args {
		f, path := promotedFieldByJSON(itemStruct, arg.Name)
		found := false
		for _, k := range v.list.keys {
			found = found || (f != nil && k.goName == path)
		}
		if !found {
			a.errorf(c.pos, markers.K8sItem.Tag()+"(%s: …): %s is not a listMapKey of the list", arg.Name, arg.Name)
			return
		}
		keys = append(keys, itemKey{listKey: listKey{goName: path, pointer: isPointer(f.Type())}, value: arg})
	}
	if len(keys) != len(v.list.keys) {
		a.errorf(c.pos, "+k8s:item must give every listMapKey of the list")
		return
	}
	// Union tags make the item a member of a union over the list (see
	// itemUnions); the other tags validate the item itself.
	c.keys, c.unions, c.rules.unions = keys, c.rules.unions, nil
	part := a.value(elem, c.rules, c.pos, nil)
	if part.has() {
		v.listItems = append(v.listItems, &partPlan{keys: keys, value: part})
	}
}

// typeFnOf returns the type whose validation a value of typ calls (through
// one pointer): a named type of a package that opts in, or a metav1 type
// schema/meta knows.
func (a *analyzer) typeFnOf(typ types.Type) *typeTarget {
	if p, ok := typ.(*types.Pointer); ok {
		typ = p.Elem()
	}
	named, ok := typ.(*types.Named)
	if !ok || named.TypeArgs().Len() > 0 {
		return nil
	}
	if isMetav1(named, "Condition") {
		return &typeTarget{pkgPath: schemaMetaPath, name: "ValidateCondition"}
	}
	obj := named.Obj()
	if obj.Pkg() == nil {
		return nil
	}
	if target := a.externalTypeFn(obj); target != nil {
		return target
	}
	pkg := a.u.byPath[obj.Pkg().Path()]
	if pkg == nil {
		target, _ := outsideTypeFn(named)
		return target
	}
	owner := a
	if pkg != a.pkg {
		owner = &analyzer{u: a.u, pkg: pkg}
		if owner.filters, owner.on = activation(pkg); !owner.on {
			target, _ := outsideTypeFn(named)
			return target
		}
	}
	t := lookupType(pkg, obj)
	if t == nil {
		return nil
	}
	target := &typeTarget{plan: owner.typePlan(t), name: "Validate_" + obj.Name()}
	if pkg != a.pkg {
		target.pkgPath = pkg.Path
	}
	return target
}

func lookupType(pkg *model.Package, obj *types.TypeName) *model.Type {
	for _, t := range pkg.NamedTypes {
		if t.Object == obj {
			return t
		}
	}
	return nil
}

const schemaMetaPath = "github.com/metagen-dev/metagen/schema/meta"

// listPlan reads a list's semantics from listType, listMapKey, unique and
// UniqueItems.
func (a *analyzer) listPlan(s *types.Slice, d *declRules) *listPlan {
	l := &listPlan{uniqueMods: d.listMods}
	semantic := d.listType
	if d.unique != "" {
		if semantic == "set" || semantic == "map" {
			a.errorf(d.uniquePos, "+k8s:unique is redundant with listType=%s", semantic)
		}
		semantic = d.unique
	}
	elem := s.Elem()
	switch semantic {
	case "map":
		l.match = "keys"
		l.keys = a.listKeys(elem, d)
		l.unique = !d.customUniq && len(l.keys) > 0
		l.schema = !d.listTypeK8s && d.unique == ""
	case "set":
		l.match = "value"
		l.unique = !d.customUniq
		l.schema = !d.listTypeK8s && d.unique == "" && !isPointer(elem)
	default:
		if len(d.mapKeys) > 0 {
			a.errorf(d.mapKeysPos, "+listMapKey needs listType=map (or +k8s:unique=map)")
		}
	}
	for _, r := range d.rules {
		if r.kind == ruleUniqueItems && (semantic == "" || semantic == "atomic") {
			l.unique, l.uniqueMods = true, r.mods
			if l.match == "" {
				l.match = "value"
			}
		}
	}
	return l
}

// inheritListSemantics pairs the items of a value of a named list type
// whose declaration says listType=map or set (validation-gen: "list metadata
// lives on the type, the field inherits it") when the value says nothing of
// its own, so that +k8s:eachVal, +k8s:item and +k8s:update on the field
// match old and new items as the type's function does. The type's function
// checks the uniqueness.
func (a *analyzer) inheritListSemantics(v *valuePlan, d *declRules) {
	if v.list.match != "" || d.listType != "" || d.unique != "" {
		return
	}
	if _, named := v.typ.(*types.Named); !named {
		return
	}
	target := a.typeFnOf(v.typ)
	if target == nil || target.plan == nil || target.plan.self == nil || target.plan.self.list == nil {
		return
	}
	inherited := target.plan.self.list
	v.list.match, v.list.keys = inherited.match, inherited.keys
}

// listKeys resolves listMapKey names (JSON names) to fields of the item
// struct, which must be scalars or pointers to scalars.
func (a *analyzer) listKeys(elem types.Type, d *declRules) []listKey {
	if len(d.mapKeys) == 0 {
		a.errorf(d.listTypePos, "listType=map needs at least one +listMapKey")
		return nil
	}
	s, ok := deref(elem).Underlying().(*types.Struct)
	if !ok {
		a.errorf(d.listTypePos, "only lists of structs can be list-maps, not lists of %s", typeName(elem))
		return nil
	}
	var keys []listKey
	for _, name := range d.mapKeys {
		field, path := promotedFieldByJSON(s, name)
		if field == nil {
			a.errorf(d.mapKeysPos, markers.ListMapKey.Tag()+"=%s: %s has no field with JSON name %q", name, typeName(elem), name)
			continue
		}
		keyType := field.Type()
		_, pointer := keyType.(*types.Pointer)
		if pointer {
			keyType = keyType.(*types.Pointer).Elem()
		}
		if _, basic := keyType.Underlying().(*types.Basic); !basic {
			a.errorf(d.mapKeysPos, markers.ListMapKey.Tag()+"=%s: keys must be scalars or pointers to scalars, not %s", name, typeName(field.Type()))
			continue
		}
		keys = append(keys, listKey{goName: path, pointer: pointer, json: name})
	}
	return keys
}

// structFieldByJSON finds a struct field by its JSON name (its Go name when
// it has no json tag).
func structFieldByJSON(s *types.Struct, name string) *types.Var {
	if f := structFieldOf(s, name); f != nil {
		return f.Var
	}
	return nil
}

// structFieldOf finds a struct field by its JSON name (its Go name when it
// has no json tag), or nil.
func structFieldOf(s *types.Struct, name string) *model.Field {
	for _, f := range model.FieldsOf(s) {
		jsonName := f.JSONName
		if jsonName == "" {
			jsonName = f.GoName
		}
		if jsonName == name {
			return f
		}
	}
	return nil
}

// promotedFieldByJSON finds a field by the JSON name it has in the struct's
// encoding: its own fields first, then, a level at a time, those of the
// embedded structs encoding/json inlines (embedded without a JSON name of
// their own, and not through a pointer, which could be nil), as
// EphemeralContainer gets "name" from EphemeralContainerCommon. path is the
// Go selector from the struct, e.g. EphemeralContainerCommon.Name; a name
// found twice at one level is ambiguous, as encoding/json drops it.
func promotedFieldByJSON(s *types.Struct, name string) (f *types.Var, path string) {
	type level struct {
		s    *types.Struct
		path string
	}
	current := []level{{s: s}}
	for depth := 0; len(current) > 0 && depth < 8; depth++ {
		var next []level
		found := 0
		for _, l := range current {
			for _, mf := range model.FieldsOf(l.s) {
				field, jsonName := mf.Var, mf.JSONName
				if field.Embedded() && jsonName == "" {
					if inner, ok := field.Type().Underlying().(*types.Struct); ok {
						next = append(next, level{s: inner, path: l.path + field.Name() + "."})
						continue
					}
					if p, ok := field.Type().(*types.Pointer); ok && isStruct(p.Elem()) {
						continue
					}
				}
				if jsonName == "" {
					jsonName = field.Name()
				}
				if jsonName == name && jsonName != "-" {
					f, path = field, l.path+field.Name()
					found++
				}
			}
		}
		switch {
		case found == 1:
			return f, path
		case found > 1:
			return nil, ""
		}
		current = next
	}
	return nil, ""
}

// syntheticField describes a struct field the loader did not (a field of
// another package's type, named by +k8s:subfield): its names, at pos.
func syntheticField(f *model.Field, json string, pos token.Position) *model.Field {
	return &model.Field{GoName: f.GoName, JSONName: json, Embedded: f.Embedded, Var: f.Var, Tag: f.Tag, Pos: pos}
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

func sortedKeys(set map[string]bool) []string {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// inheritDeclaredBase adds to d the kubebuilder rules of the types obj is
// declared as (B in type A B, and what B is declared as in turn): go/types
// keeps only A's underlying type, but controller-gen's schema of A refers
// to B's and flattens the two, so the CRD enforces B's bounds on A's values
// (gateway-api's type HTTPHeaderName HeaderName). The CRD-schema keywords
// are flattened as the CRD has them (flattenRules): a keyword both give
// different values is kept twice, as two allOf branches, and B's enum is
// kept over A's; any other rule of a kind A has itself replaces B's.
// validation-gen's +k8s: tags are not inherited: gengo, like go/types, sees
// only the underlying type.
func (a *analyzer) inheritDeclaredBase(d *declRules, obj *types.TypeName) {
	seen := map[*types.TypeName]bool{obj: true}
	var bases []*declRules // nearest first
	for base := a.u.comments.DeclaredBase(obj); base != nil && !seen[base.Obj()]; base = a.u.comments.DeclaredBase(base.Obj()) {
		seen[base.Obj()] = true
		var kubebuilder markers.Set
		for _, m := range a.markersOf(base.Obj()) {
			if strings.HasPrefix(m.Name, "kubebuilder:validation:") {
				kubebuilder = append(kubebuilder, m)
			}
		}
		bases = append(bases, a.readRules(kubebuilder))
	}
	if len(bases) == 0 {
		return
	}
	// The schema keywords, flattened from the farthest base to obj's own.
	var flat []rule
	branches := 0
	for i := len(bases) - 1; i >= 0; i-- {
		flat = flattenRules(flat, schemaRulesOf(bases[i].rules), &branches)
	}
	flat = flattenRules(flat, schemaRulesOf(d.rules), &branches)
	var rules []rule
	for _, r := range d.rules {
		if !schemaRule(r) {
			rules = append(rules, r)
		}
	}
	for _, inherited := range bases {
		for _, r := range inherited.rules {
			if !r.kubebuilder || schemaRule(r) || hasRuleOfKind(rules, r) {
				continue
			}
			rules = append(rules, r)
		}
	}
	d.rules = append(rules, flat...)
	for _, inherited := range bases {
		if !d.exclusiveMinPos.IsValid() && inherited.exclusiveMinPos.IsValid() {
			d.exclusiveMin, d.exclusiveMinPos = inherited.exclusiveMin, inherited.exclusiveMinPos
		}
		if !d.exclusiveMaxPos.IsValid() && inherited.exclusiveMaxPos.IsValid() {
			d.exclusiveMax, d.exclusiveMaxPos = inherited.exclusiveMax, inherited.exclusiveMaxPos
		}
	}
}

// inlineTypeSchema flattens the CRD-schema keywords of a value's named
// type with the value's own (a field's, or its items: markers' for a list
// item), as the CRD's schema of the field has them
// (flattenRules: a keyword both give different values is kept twice, in
// allOf; the type's enum over the field's), so that the field's checks say
// what kube-apiserver says, in its order: one schema, checked once. It does
// so where the field has such keywords and its type's validation is only
// such keywords (a string type with bounds, a pattern, an enum): the
// type's function is then not called for the field. Otherwise both run:
// the same values are refused, though the words may differ.
func (a *analyzer) inlineTypeSchema(v *valuePlan) {
	if v.typeFn == nil || v.typeFn.plan == nil || !slices.ContainsFunc(v.rules, schemaRule) {
		return
	}
	tp := v.typeFn.plan
	self := tp.self
	if self == nil || len(self.rules) == 0 || tp.enum != nil || tp.metadata != nil || tp.cel != nil ||
		len(tp.fields) > 0 || len(tp.unions) > 0 || len(tp.dependents) > 0 || len(tp.modes) > 0 ||
		self.list != nil || self.elem != nil || self.key != nil || len(self.subfields) > 0 || len(self.listItems) > 0 ||
		len(self.itemUnions) > 0 || self.sub != nil || self.outside != nil || self.noNils || self.typeFn != nil {
		return
	}
	for _, r := range self.rules {
		if !schemaRule(r) {
			return
		}
	}
	branches := 0
	for _, r := range self.rules {
		branches = max(branches, r.branch)
	}
	var rules []rule
	for _, r := range v.rules {
		if !schemaRule(r) {
			rules = append(rules, r)
		}
	}
	flat := flattenRules(slices.Clone(self.rules), schemaRulesOf(v.rules), &branches)
	v.rules = append(rules, flat...)
	v.typeFn = nil
}

func schemaRulesOf(rules []rule) []rule {
	var out []rule
	for _, r := range rules {
		if schemaRule(r) {
			out = append(out, r)
		}
	}
	return out
}

// flattenRules merges own, the CRD-schema keywords of a declaration, into
// base, those of the type it is declared as, as the CRD's schema has them
// (openapi's flattenChecks, after controller-gen): a keyword only one gives
// is kept; the base's enum is kept over own's; equal patterns, formats and
// property counts are kept once; other keywords both give are hoisted into
// a pair of allOf branches (the base's first), numbered after *branches.
func flattenRules(base, own []rule, branches *int) []rule {
	hoisted := false
	for _, r := range own {
		i := slices.IndexFunc(base, func(b rule) bool { return b.kind == r.kind && b.branch == 0 })
		if i < 0 {
			base = append(base, r)
			continue
		}
		b := base[i]
		switch {
		case r.kind == ruleEnumValues:
			continue
		case (r.kind == rulePattern || r.kind == ruleSchemaFormat) && b.str == r.str,
			(r.kind == ruleMinProperties || r.kind == ruleMaxProperties) && b.num == r.num:
			continue
		}
		hoisted = true
		base[i].branch = *branches + 1
		r.branch = *branches + 2
		base = append(base, r)
	}
	if hoisted {
		*branches += 2
	}
	return base
}

// markersOf returns the markers above the declaration of obj: the input
// package's model for its own types, the comment index for a dependency's.
func (a *analyzer) markersOf(obj *types.TypeName) markers.Set {
	if pkg := a.u.byPath[obj.Pkg().Path()]; pkg != nil {
		if t := lookupType(pkg, obj); t != nil {
			return t.Markers
		}
	}
	return a.u.comments.Of(obj.Pos(), markers.OnType).Markers
}

// hasRuleOfKind reports a rule of r's kind among rules: the declaring
// type's own rule replaces its base's (for the rules that are no CRD-schema
// keyword).
func hasRuleOfKind(rules []rule, r rule) bool {
	for _, have := range rules {
		if have.kind == r.kind {
			return true
		}
	}
	return false
}
