package client

import (
	"go/types"
	"sort"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
)

// writeApplyConfigurations writes applyconfiguration/<group>/<version>: an
// apply configuration per type, as applyconfiguration-gen writes them.
func writeApplyConfigurations(pass *gen.Pass, cs *clientset, gv *groupVersion) error {
	if len(gv.ApplyTypes) == 0 {
		return nil
	}
	schema, err := applySchemaFor(pass, cs)
	if err != nil {
		return err
	}
	w := cs.applyConfigPkg(gv)
	for _, at := range gv.ApplyTypes {
		a := &acWriter{cs: cs, at: at, f: cs.newFile(pass, w, strings.ToLower(at.Obj.Name())+".go"), schema: schema}
		a.write()
	}
	return nil
}

// acWriter writes one apply configuration.
type acWriter struct {
	cs     *clientset
	at     *applyType
	f      *jen.File
	schema *applySchema
}

func (a *acWriter) receiver() *jen.Statement { return jen.Id("b").Op("*").Id(a.at.Name()) }

// structOf is the struct behind a named type.
func structOf(t types.Type) *types.Struct {
	st, _ := deref(t).Underlying().(*types.Struct)
	return st
}

func (a *acWriter) write() {
	at := a.at
	a.f.Commentf("%s represents a declarative configuration of the %s type for use", at.Name(), at.Obj.Name())
	a.f.Comment("with apply.")
	if at.T != nil && at.T.Doc != "" {
		a.f.Comment("")
		a.f.Comment(at.T.Doc)
	}
	a.f.Type().Id(at.Name()).StructFunc(a.fields)
	a.constructor()
	if at.Root != nil && isApplyRoot(at.Root) {
		a.extract()
	}
	if at.Root != nil || embedsTypeMeta(at.Obj.Type()) {
		a.f.Comment("IsApplyConfiguration marks the type as a runtime.ApplyConfiguration.")
		a.f.Func().Params(jen.Id("b").Id(at.Name())).Id("IsApplyConfiguration").Params().Block()
	}
	a.withFuncs(structOf(at.Obj.Type()), at.Obj, nil, map[string]bool{})
	a.getters(structOf(at.Obj.Type()), at.Obj, nil)
}

// fieldDocs are the doc comments of the type's fields, by field.
func (a *acWriter) fieldDocs() map[*types.Var]string {
	docs := map[*types.Var]string{}
	if a.at.T != nil {
		for _, field := range a.at.T.Fields {
			docs[field.Var] = field.Doc
		}
	}
	return docs
}

// fields declares a field per JSON field of the type: pointers, so that an
// unset field is left out, except for slices and maps, and embedded apply
// configurations where the type embeds structs.
func (a *acWriter) fields(g *jen.Group) {
	st := structOf(a.at.Obj.Type())
	docs := a.fieldDocs()
	for _, f := range model.FieldsOf(st) {
		field := f.Var
		tag, ok := jsonTagOf(f)
		if !ok || blocklisted(a.at.Obj, field.Name()) {
			continue
		}
		if doc := docs[field]; doc != "" {
			for _, line := range strings.Split(doc, "\n") {
				g.Comment(strings.TrimSpace(line))
			}
		}
		typ := a.cs.acType(field.Type())
		tags := map[string]string{"json": tag.String()}
		switch {
		case field.Embedded() && tag.inline:
			g.Add(typ).Tag(tags)
		case field.Embedded():
			g.Op("*").Add(typ).Tag(tags)
		case isNillable(field.Type()):
			g.Id(field.Name()).Add(typ).Tag(tags)
		default:
			g.Id(field.Name()).Op("*").Add(typ).Tag(tags)
		}
	}
}

// blocklisted are the fields applyconfiguration-gen leaves out: those of
// ObjectMeta a client does not set, and those on their way out (ZZZ_).
func blocklisted(owner *types.TypeName, field string) bool {
	if isObjectMeta(owner) && (field == "ManagedFields" || field == "SelfLink") {
		return true
	}
	return strings.HasPrefix(field, "ZZZ_")
}

func isObjectMeta(obj *types.TypeName) bool {
	return pkgPath(obj) == metav1Pkg && obj.Name() == "ObjectMeta"
}

func isTypeMeta(obj *types.TypeName) bool {
	return pkgPath(obj) == metav1Pkg && obj.Name() == "TypeMeta"
}

// embedsTypeMeta reports whether the struct behind t embeds metav1.TypeMeta.
func embedsTypeMeta(t types.Type) bool {
	st := structOf(t)
	for i := range st.NumFields() {
		if named, ok := deref(st.Field(i).Type()).(*types.Named); ok && st.Field(i).Embedded() && isTypeMeta(named.Obj()) {
			return true
		}
	}
	return false
}

// apiVersion is the apiVersion of the group version: group/version, or the
// version alone for the core group.
func apiVersion(gv *groupVersion) string {
	if gv.Group == "" {
		return gv.Version
	}
	return gv.Group + "/" + gv.Version
}

// constructor is Kind(name[, namespace]) for a +genclient type, Kind() with
// kind and apiVersion for a type with TypeMeta, else a bare Kind().
func (a *acWriter) constructor() {
	at := a.at
	ptr := jen.Op("*").Id(at.Name())
	a.f.Commentf("%s constructs a declarative configuration of the %s type for use with", at.Constructor(), at.Obj.Name())
	a.f.Comment("apply.")
	typeMeta := embedsTypeMeta(at.Obj.Type())
	if at.Root == nil && !typeMeta {
		a.f.Func().Id(at.Constructor()).Params().Add(ptr).Block(jen.Return(jen.Op("&").Id(at.Name()).Values()))
		return
	}
	var params []jen.Code
	body := []jen.Code{jen.Id("b").Op(":=").Op("&").Id(at.Name()).Values()}
	if at.Root != nil {
		params = []jen.Code{jen.Id("name").String()}
		body = append(body, jen.Id("b").Dot("WithName").Call(jen.Id("name")))
		if !at.Root.ClusterScoped {
			params = []jen.Code{jen.List(jen.Id("name"), jen.Id("namespace")).String()}
			body = append(body, jen.Id("b").Dot("WithNamespace").Call(jen.Id("namespace")))
		}
	}
	if typeMeta {
		body = append(body,
			jen.Id("b").Dot("WithKind").Call(jen.Lit(at.Constructor())),
			jen.Id("b").Dot("WithAPIVersion").Call(jen.Lit(apiVersion(at.GV))))
	}
	body = append(body, jen.Return(jen.Id("b")))
	a.f.Func().Id(at.Constructor()).Params(params...).Add(ptr).Block(body...)
}

// extract writes Extract<Kind>From, Extract<Kind> and one
// Extract<Kind><Subresource> per subresource, which read what a field
// manager owns from an object through the apply configurations' schema.
func (a *acWriter) extract() {
	at, ct := a.at, a.at.Root
	kind, p := at.Obj.Name(), paramName(at.Obj.Name())
	object := jen.Id(p).Op("*").Qual(pkgPath(at.Obj), kind)
	result := []jen.Code{jen.Op("*").Id(at.Name()), jen.Error()}
	from := "Extract" + kind + "From"
	a.f.Commentf("%s extracts the applied configuration owned by fieldManager from", from)
	a.f.Commentf("%s for the specified subresource. Pass an empty string for subresource to extract", p)
	a.f.Comment("the main resource. Common subresources include \"status\", \"scale\", etc.")
	a.f.Commentf("%s must be a unmodified %s API object that was retrieved from the Kubernetes API.", p, kind)
	a.f.Commentf("%s provides a way to perform a extract/modify-in-place/apply workflow.", from)
	a.f.Comment("Note that an extracted apply configuration will contain fewer fields than what the fieldManager previously")
	a.f.Comment("applied if another fieldManager has updated or force applied any of the previously applied fields.")
	body := []jen.Code{
		jen.Id("b").Op(":=").Op("&").Id(at.Name()).Values(),
		jen.Err().Op(":=").Qual(managedfieldsPkg, "ExtractInto").Call(jen.Id(p),
			jen.Qual(a.cs.applyConfigInternal().pkgPath, "Parser").Call().Dot("Type").Call(jen.Lit(a.schema.names[at.Obj])),
			jen.Id("fieldManager"), jen.Id("b"), jen.Id("subresource")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Id("b").Dot("WithName").Call(jen.Id(p).Dot("Name")),
	}
	if !ct.ClusterScoped {
		body = append(body, jen.Id("b").Dot("WithNamespace").Call(jen.Id(p).Dot("Namespace")))
	}
	if embedsTypeMeta(at.Obj.Type()) {
		body = append(body,
			jen.Id("b").Dot("WithKind").Call(jen.Lit(kind)),
			jen.Id("b").Dot("WithAPIVersion").Call(jen.Lit(apiVersion(at.GV))))
	}
	body = append(body, jen.Return(jen.Id("b"), jen.Nil()))
	a.f.Func().Id(from).Params(object.Clone(), jen.Id("fieldManager").String(), jen.Id("subresource").String()).Params(result...).Block(body...)

	a.f.Commentf("Extract%s extracts the applied configuration owned by fieldManager from", kind)
	a.f.Commentf("%s. If no managedFields are found in %s for fieldManager, a", p, p)
	a.f.Commentf("%s is returned with only the Name, Namespace (if applicable),", at.Name())
	a.f.Comment("APIVersion and Kind populated. It is possible that no managed fields were found for because other")
	a.f.Comment("field managers have taken ownership of all the fields previously owned by fieldManager, or because")
	a.f.Comment("the fieldManager never owned fields any fields.")
	a.f.Commentf("%s must be a unmodified %s API object that was retrieved from the Kubernetes API.", p, kind)
	a.f.Commentf("Extract%s provides a way to perform a extract/modify-in-place/apply workflow.", kind)
	a.f.Comment("Note that an extracted apply configuration will contain fewer fields than what the fieldManager previously")
	a.f.Comment("applied if another fieldManager has updated or force applied any of the previously applied fields.")
	a.f.Func().Id("Extract"+kind).Params(object.Clone(), jen.Id("fieldManager").String()).Params(result...).Block(
		jen.Return(jen.Id(from).Call(jen.Id(p), jen.Id("fieldManager"), jen.Lit(""))))

	for _, sub := range subresources(ct) {
		name := "Extract" + kind + titled(sub)
		a.f.Commentf("%s extracts the applied configuration owned by fieldManager from", name)
		a.f.Commentf("%s for the %s subresource.", p, sub)
		a.f.Func().Id(name).Params(object.Clone(), jen.Id("fieldManager").String()).Params(result...).Block(
			jen.Return(jen.Id(from).Call(jen.Id(p), jen.Id("fieldManager"), jen.Lit(sub))))
	}
}

// subresources are status, when the type serves it, and those of its extra
// methods, sorted, as applyconfiguration-gen collects them.
func subresources(ct *clientType) []string {
	set := map[string]bool{}
	if ct.HasStatus {
		set["status"] = true
	}
	for _, ext := range ct.Extensions {
		if ext.Subresource != "" {
			set[ext.Subresource] = true
		}
	}
	out := make([]string, 0, len(set))
	for sub := range set {
		out = append(out, sub)
	}
	sort.Strings(out)
	return out
}

// titled is a subresource as part of a function name: title case, as
// applyconfiguration-gen has it, without what an identifier cannot hold.
func titled(sub string) string {
	var b strings.Builder
	upper := true
	for _, r := range sub {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			upper = true
			continue
		}
		if upper {
			b.WriteRune(unicode.ToUpper(r))
		} else {
			b.WriteRune(unicode.ToLower(r))
		}
		upper = false
	}
	return b.String()
}

// embedding is the embedded field whose fields a With function sets.
type embedding struct {
	field  string // the apply configuration's embedded field, e.g. ObjectMetaApplyConfiguration
	typ    *jen.Statement
	inline bool
}

// target is where a With function writes field: through the embedded
// field when there is one, which must exist first unless it is inlined.
func (e *embedding) target(field string) *jen.Statement {
	if e == nil {
		return jen.Id("b").Dot(field)
	}
	return jen.Id("b").Dot(e.field).Dot(field)
}

func (e *embedding) ensure() []jen.Code {
	if e == nil || e.inline {
		return nil
	}
	return []jen.Code{jen.Id("b").Dot("ensure" + e.field + "Exists").Call()}
}

// embeddedIn returns the embedding for an embedded field with an apply
// configuration, whose fields get With functions of their own; nil for
// any other field.
func (a *acWriter) embeddedIn(field *types.Var, tag jsonTag) *embedding {
	if !field.Embedded() || !a.cs.isApplyConfig(field.Type()) {
		return nil
	}
	named := deref(field.Type()).(*types.Named)
	return &embedding{field: acName(named.Obj()), typ: a.cs.acType(field.Type()), inline: tag.inline}
}

// withFuncs writes a With function per field of st, owned by owner, and
// per field of the apply configurations it embeds (WithName for
// ObjectMeta's, say), each field once.
func (a *acWriter) withFuncs(st *types.Struct, owner *types.TypeName, embed *embedding, done map[string]bool) {
	for _, f := range model.FieldsOf(st) {
		field := f.Var
		tag, ok := jsonTagOf(f)
		if !ok || blocklisted(owner, field.Name()) || done[field.Name()] {
			continue
		}
		done[field.Name()] = true
		if inner := a.embeddedIn(field, tag); inner != nil {
			named := deref(field.Type()).(*types.Named)
			a.withFuncs(structOf(named), named.Obj(), inner, done)
			if !inner.inline {
				a.f.Commentf("ensure%sExists allocates the embedded %s, whose fields the With", inner.field, inner.field)
				a.f.Comment("functions above set.")
				a.f.Func().Params(a.receiver()).Id("ensure" + inner.field + "Exists").Params().Block(
					jen.If(jen.Id("b").Dot(inner.field).Op("==").Nil()).Block(
						jen.Id("b").Dot(inner.field).Op("=").Op("&").Add(inner.typ.Clone()).Values()))
			}
			continue
		}
		name := field.Name()
		if field.Embedded() {
			name = deref(field.Type()).(*types.Named).Obj().Name()
		}
		a.withFunc(field, name, field.Embedded() && tag.inline, embed)
	}
}

// withFunc writes the With function of one field: a slice field appends
// the values, a map field puts the entries, any other sets the value
// (byValue: an inlined struct the type embeds, which is no pointer).
func (a *acWriter) withFunc(field *types.Var, name string, byValue bool, embed *embedding) {
	t := field.Type()
	self := jen.Op("*").Id(a.at.Name())
	target := embed.target(name)
	body := embed.ensure()
	if slice, pointerToSlice := a.sliceOf(t); slice != nil {
		a.withSlice(slice, pointerToSlice, name, target, body)
		return
	}
	switch types.Unalias(t).(type) {
	case *types.Map:
		typ := a.cs.acType(t)
		a.f.Commentf("With%s puts the entries into the %s field in the declarative configuration", name, name)
		a.f.Comment("and returns the receiver, so that objects can be built by chaining \"With\" function invocations.")
		a.f.Commentf("If called multiple times, the entries provided by each call will be put on the %s field,", name)
		a.f.Commentf("overwriting an existing map entries in %s field with the same key.", name)
		body = append(body,
			jen.If(target.Clone().Op("==").Nil().Op("&&").Len(jen.Id("entries")).Op(">").Lit(0)).Block(
				target.Clone().Op("=").Make(typ.Clone(), jen.Len(jen.Id("entries")))),
			jen.For(jen.List(jen.Id("k"), jen.Id("v")).Op(":=").Range().Id("entries")).Block(
				target.Clone().Index(jen.Id("k")).Op("=").Id("v")),
			jen.Return(jen.Id("b")))
		a.f.Func().Params(a.receiver()).Id("With" + name).Params(jen.Id("entries").Add(typ)).Add(self).Block(body...)
	default:
		a.withValue(t, name, byValue, target, body)
	}
}

// withSlice writes the With function that appends to a slice field, or to
// the slice behind a pointer field (pointerToSlice), which it allocates.
func (a *acWriter) withSlice(slice *types.Slice, pointerToSlice bool, name string, target *jen.Statement, body []jen.Code) {
	elem := applyTypes.Code(slice.Elem())
	value := jen.Id("values").Index(jen.Id("i"))
	param := jen.Id("values").Op("...").Add(elem.Clone())
	var check []jen.Code
	// Elements that are (pointers to) structs with an apply
	// configuration are taken by pointer, as applyconfiguration-gen
	// takes them: apply configurations, or the Go pointers a []*T
	// field keeps (so ...**T).
	if a.cs.isApplyConfig(slice.Elem()) {
		if a.cs.isNamedApplyConfig(slice.Elem()) {
			elem = a.cs.acType(slice.Elem())
		}
		param = jen.Id("values").Op("...").Op("*").Add(elem.Clone())
		check = []jen.Code{jen.If(value.Clone().Op("==").Nil()).Block(jen.Panic(jen.Lit("nil value passed to With" + name)))}
		value = jen.Op("*").Add(value)
	}
	if pointerToSlice {
		// A pointer to a slice is allocated first, by a function
		// named after the element, as applyconfiguration-gen names it.
		ensure := "ensure" + publicName(a.cs, slice.Elem()) + "Exists"
		a.f.Commentf("%s allocates the %s field, whose values With%s appends to.", ensure, name, name)
		a.f.Func().Params(a.receiver()).Id(ensure).Params().Block(
			jen.If(target.Clone().Op("==").Nil()).Block(
				target.Clone().Op("=").Op("&").Index().Add(elem.Clone()).Values()))
		body = append(body, jen.Id("b").Dot(ensure).Call())
		target = jen.Op("*").Add(target)
	}
	a.f.Commentf("With%s adds the given value to the %s field in the declarative configuration", name, name)
	a.f.Comment("and returns the receiver, so that objects can be built by chaining \"With\" function invocations.")
	a.f.Commentf("If called multiple times, values provided by each call will be appended to the %s field.", name)
	loop := append(check, target.Clone().Op("=").Append(target.Clone(), value))
	body = append(body, jen.For(jen.Id("i").Op(":=").Range().Id("values")).Block(loop...), jen.Return(jen.Id("b")))
	a.f.Func().Params(a.receiver()).Id("With" + name).Params(param).Add(jen.Op("*").Id(a.at.Name())).Block(body...)
}

// withValue writes the With function that sets a field to one value.
func (a *acWriter) withValue(t types.Type, name string, byValue bool, target *jen.Statement, body []jen.Code) {
	typ := a.cs.acType(t)
	value := jen.Op("&").Id("value")
	switch {
	case a.cs.isApplyConfig(t):
		typ, value = jen.Op("*").Add(typ), jen.Id("value")
	case byValue:
		value = jen.Id("value")
	}
	a.f.Commentf("With%s sets the %s field in the declarative configuration to the given value", name, name)
	a.f.Comment("and returns the receiver, so that objects can be built by chaining \"With\" function invocations.")
	a.f.Commentf("If called multiple times, the %s field is set to the value of the last call.", name)
	body = append(body, target.Op("=").Add(value), jen.Return(jen.Id("b")))
	a.f.Func().Params(a.receiver()).Id("With" + name).Params(jen.Id("value").Add(typ)).Add(jen.Op("*").Id(a.at.Name())).Block(body...)
}

// sliceOf is the slice a With function appends to: a slice field's, or,
// behind a pointer, one whose elements are (pointers to) structs with an
// apply configuration (pointerToSlice), as applyconfiguration-gen appends to
// those; nil for any other field, which is set as one value.
func (a *acWriter) sliceOf(t types.Type) (slice *types.Slice, pointerToSlice bool) {
	switch u := types.Unalias(t).(type) {
	case *types.Slice:
		return u, false
	case *types.Pointer:
		if s, ok := deref(u).(*types.Slice); ok && a.cs.isApplyConfig(s.Elem()) {
			return s, true
		}
	}
	return nil, false
}

// publicName is gengo's public name of an element type, which
// applyconfiguration-gen's ensure functions take theirs from: an apply
// configuration's name, a named type's, "Pointer" before a pointer's
// element, "Slice" before a slice's, "Map…To…" for a map.
func publicName(cs *clientset, t types.Type) string {
	if named, ok := types.Unalias(t).(*types.Named); ok && cs.acPkgOf(named) != "" {
		return acName(named.Obj())
	}
	return goPublicName(t)
}

// goPublicName is gengo's public name of a Go type.
func goPublicName(t types.Type) string {
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		return upperFirst(u.Obj().Name())
	case *types.Pointer:
		return "Pointer" + goPublicName(u.Elem())
	case *types.Slice:
		return "Slice" + goPublicName(u.Elem())
	case *types.Map:
		return "Map" + goPublicName(u.Key()) + "To" + goPublicName(u.Elem())
	case *types.Basic:
		return upperFirst(u.Name())
	}
	return "Value"
}

// getters writes GetKind and GetAPIVersion (from TypeMeta), GetName and
// GetNamespace (from ObjectMeta): gentype's Apply reads the name, and
// client-go's apply request the kind.
func (a *acWriter) getters(st *types.Struct, owner *types.TypeName, embed *embedding) {
	for _, f := range model.FieldsOf(st) {
		field := f.Var
		tag, ok := jsonTagOf(f)
		if !ok || blocklisted(owner, field.Name()) {
			continue
		}
		if inner := a.embeddedIn(field, tag); inner != nil {
			named := deref(field.Type()).(*types.Named)
			a.getters(structOf(named), named.Obj(), inner)
			continue
		}
		if !needsGetter(owner, field.Name()) {
			continue
		}
		typ := a.cs.acType(field.Type())
		if !a.cs.isApplyConfig(field.Type()) && !isNillable(field.Type()) {
			typ = jen.Op("*").Add(typ)
		}
		a.f.Commentf("Get%s retrieves the value of the %s field in the declarative configuration.", field.Name(), field.Name())
		body := append(embed.ensure(), jen.Return(embed.target(field.Name())))
		a.f.Func().Params(a.receiver()).Id("Get" + field.Name()).Params().Add(typ).Block(body...)
	}
}

func needsGetter(owner *types.TypeName, field string) bool {
	return isObjectMeta(owner) && (field == "Name" || field == "Namespace") ||
		isTypeMeta(owner) && (field == "Kind" || field == "APIVersion")
}

// writeApplyConfigurationUtils writes applyconfiguration/utils.go: ForKind
// and NewTypeConverter, as applyconfiguration-gen does, and
// internal/internal.go with the schema.
func writeApplyConfigurationUtils(pass *gen.Pass, cs *clientset) error {
	if !cs.hasApplyConfigurations() {
		return nil
	}
	schema, err := applySchemaFor(pass, cs)
	if err != nil {
		return err
	}
	writeInternal(cs.newFile(pass, cs.applyConfigInternal(), "internal.go"), schema)
	f := cs.newFile(pass, cs.applyConfigRoot(), "utils.go")
	f.Comment("ForKind returns an apply configuration type for the given GroupVersionKind, or nil if no")
	f.Comment("apply configuration type exists for the given GroupVersionKind.")
	f.Func().Id("ForKind").Params(jen.Id("kind").Qual(schemaPkg, "GroupVersionKind")).Interface().Block(
		jen.Switch(jen.Id("kind")).BlockFunc(func(g *jen.Group) {
			for _, gv := range cs.Groups {
				if len(gv.ApplyTypes) == 0 {
					continue
				}
				g.Commentf("Group=%s, Version=%s", groupOrCore(gv), gv.Version)
				for _, at := range gv.ApplyTypes {
					g.Case(jen.Qual(gv.Pkg.Path, gv.groupVersionVar()).Dot("WithKind").Call(jen.Lit(at.Constructor()))).Block(
						jen.Return(jen.Op("&").Qual(cs.applyConfigPkg(gv).pkgPath, at.Name()).Values()))
				}
			}
		}),
		jen.Return(jen.Nil()),
	)
	f.Comment("NewTypeConverter returns a type converter for the scheme's types that knows the")
	f.Comment("structure of the clientset's types from the apply configurations' schema: the fake")
	f.Comment("clientset's field manager uses it for server-side apply.")
	f.Func().Id("NewTypeConverter").Params(jen.Id("scheme").Op("*").Qual(runtimePkg, "Scheme")).Qual(managedfieldsPkg, "TypeConverter").Block(
		jen.Return(jen.Qual(managedfieldsPkg, "NewSchemeTypeConverter").Call(jen.Id("scheme"), jen.Qual(cs.applyConfigInternal().pkgPath, "Parser").Call())))
	return nil
}

// writeInternal is internal/internal.go: the structured-merge-diff schema as
// YAML, parsed on first use.
func writeInternal(f *jen.File, schema *applySchema) {
	f.PackageComment("Package internal holds the structured-merge-diff schema of the clientset's types, which")
	f.PackageComment("the Extract functions of the apply configurations and the fake clientset's field manager use.")
	parser := jen.Op("*").Qual(smdTypedPkg, "Parser")
	f.Comment("Parser returns the parser of the schema, built on first use.")
	f.Func().Id("Parser").Params().Add(parser.Clone()).Block(
		jen.Id("parserOnce").Dot("Do").Call(jen.Func().Params().Block(
			jen.Var().Err().Error(),
			jen.List(jen.Id("parser"), jen.Err()).Op("=").Qual(smdTypedPkg, "NewParser").Call(jen.Id("schemaYAML")),
			jen.If(jen.Err().Op("!=").Nil()).Block(
				jen.Panic(jen.Qual(fmtPkg, "Sprintf").Call(jen.Lit("Failed to parse schema: %v"), jen.Err()))),
		)),
		jen.Return(jen.Id("parser")),
	)
	f.Var().Id("parserOnce").Qual(syncPkg, "Once")
	f.Var().Id("parser").Add(parser)
	f.Var().Id("schemaYAML").Op("=").Qual(smdTypedPkg, "YAMLObject").Call(rawString(schema.yaml))
}

// rawString is a raw string literal, as applyconfiguration-gen writes the
// schema, or a quoted one if the text holds a backquote.
func rawString(s string) jen.Code {
	if strings.Contains(s, "`") {
		return jen.Lit(s)
	}
	return jen.Op("`" + s + "`")
}
