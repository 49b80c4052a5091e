package openapi

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"k8s.io/kube-openapi/pkg/common"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// builder turns one named struct type into its definition, with
// openapi-gen's rules, and (unless compat) the validation markers it ignores.
type builder struct {
	g      *generation
	compat bool
	// crd is set when the schema is for a CRD (Expand): integers get
	// controller-gen's formats.
	crd bool
	// floatsRefused and unexportedSkipped are controller-gen's crd options
	// allowDangerousTypes (unset) and ignoreUnexportedFields, in a CRD.
	floatsRefused, unexportedSkipped bool
	// describing is set for a schema read rather than written as a CRD
	// (ExpandDescribing): the +enum lists of the run's own packages count.
	describing bool
	// openapiGen is set for the openapi generator's own definitions, where
	// openapi-gen's rules hold; a CRD or an apply configuration's schema
	// (a project that never runs openapi-gen) does not answer to them.
	openapiGen bool
	// refs are the named types referred to, by Go path, for Dependencies.
	refs map[string]*types.TypeName
	errs []error
}

func (g *generation) newBuilder(compat bool) *builder {
	return &builder{g: g, compat: compat, refs: map[string]*types.TypeName{}}
}

func (b *builder) errorf(pos token.Position, format string, args ...any) {
	b.errs = append(b.errs, diag.Errorf(pos, format, args...))
}

// logged reports a problem openapi-gen only logs, generating on: a
// positioned warning, and the definition as openapi-gen writes it.
func (b *builder) logged(pos token.Position, format string, args ...any) {
	b.errs = append(b.errs, diag.Warnf(pos, format+" (openapi-gen only logs this and generates on, as metagen does)", args...))
}

// define builds the definition of obj, a named struct type.
func (b *builder) define(obj *types.TypeName) *definition {
	named := obj.Type().(*types.Named)
	def := &definition{Obj: obj, Name: b.g.nameOf(obj)}
	methods := methodsOf(named)
	switch {
	case methods.typeFormat && methods.v3Definition:
		def.Form = formTypeFormatV3
	case methods.typeFormat && methods.v3OneOf:
		def.Form = formTypeFormatOneOf
	case methods.typeFormat:
		def.Form = formTypeFormat
	case methods.definition && methods.v3Definition:
		def.Form = formBothDefinitions
		return def
	case methods.definition:
		def.Form = formDefinition
		return def
	case methods.v3Definition:
		def.Form = formV3Definition
		return def
	case methods.v3OneOf:
		b.errorf(b.g.position(obj), "type %s has OpenAPIV3OneOfTypes but not OpenAPISchemaType and OpenAPISchemaFormat; openapi-gen needs all three", obj.Name())
		return def
	}
	def.Schema = b.typeSchema(obj, def.Form)
	def.Deps = b.dependencies()
	return def
}

// typeSchema is the top-level schema of a struct type: an object with a
// property per field, or, for the method forms, only its description,
// validations and extensions.
func (b *builder) typeSchema(obj *types.TypeName, f form) *schema {
	c := b.typeComment(obj)
	s := &schema{Go: obj.Type(), Pos: c.Pos, Description: b.typeDescription(obj, c)}
	validation := b.kubeOpenAPIValidation(c)
	s.Checks = validation.SchemaProps
	s.Extensions = b.typeExtensions(obj, c, validation.Extensions)
	if f == formSchema {
		s.Type = []string{"object"}
		b.members(obj.Type(), s, 0) // after the extensions: it may add CEL rules
		s.Properties, s.Required = visibleFields(s.Properties)
	}
	if !b.compat {
		b.addMarkerValidation(s, c)
	}
	return s
}

// dependencies are the referred types that have definitions of their own,
// sorted by Go path as openapi-gen sorts them.
func (b *builder) dependencies() []modelName {
	paths := make([]string, 0, len(b.refs))
	for path := range b.refs {
		if typ, _ := common.OpenAPITypeFormat(path); typ == "" {
			paths = append(paths, path)
		}
	}
	sort.Strings(paths)
	deps := make([]modelName, len(paths))
	for i, path := range paths {
		deps[i] = b.g.nameOf(b.refs[path])
	}
	return deps
}

// members adds a property per serialized field of the struct behind t,
// inlining embedded structs with an empty JSON name, in field order; depth
// counts the inlined structs the fields are in.
func (b *builder) members(t types.Type, s *schema, depth int) {
	st := structBehind(t)
	if st == nil {
		return
	}
	owner := ownerPackage(t)
	var keepSet []markers.Marker // optional immutable fields, for the struct's rules
	for _, field := range model.FieldsOf(st) {
		c := b.g.comments.Of(field.Var.Pos(), markers.OnField)
		if hasOpenAPIGenValue(c.Markers, "false") {
			continue
		}
		if b.crd && !b.crdField(field) {
			continue
		}
		if inlined(field) {
			if !b.compat {
				b.inlineTypeMarkers(s, field.Type()) // before its members: their rules go first
			}
			b.members(field.Type(), s, depth+1)
			continue
		}
		name := referableName(field)
		if name == "" {
			continue
		}
		optional := b.optional(field, c)
		if m, ok := markers.K8sImmutable.Marker(c.Markers); ok && optional && b.crd {
			keepSet = append(keepSet, celMarker(m, fmt.Sprintf("!has(oldSelf.%s) || has(self.%s)", name, name), fmt.Sprintf("field %s is immutable once set", name)))
		}
		s.Properties = append(s.Properties, property{Name: name, Schema: b.property(field, c, owner),
			depth: depth, tagged: field.JSON != "", required: !optional})
	}
	for _, m := range keepSet {
		b.addCELRule(s, m)
	}
}

// crdField applies controller-gen's rules for unexported fields in a CRD
// schema: with ignoreUnexportedFields one (not an embedded one) is left out;
// without it, one with no JSON tag is an error, as in controller-gen
// (encoding/json never writes it). An exported field with no JSON tag keeps
// openapi-gen's Go-named property.
func (b *builder) crdField(field *model.Field) bool {
	if field.Embedded || field.Var.Exported() {
		return true
	}
	if b.unexportedSkipped {
		return false
	}
	if !field.JSONTagged {
		b.errorf(b.g.universe.Fset.Position(field.Var.Pos()), "unexported field %s has no JSON tag: controller-gen refuses it in a CRD schema; add `json:\"-\"`, or pass --ignore-unexported-fields (controller-gen crd:ignoreUnexportedFields=true) to leave unexported fields out", field.GoName)
		return false
	}
	return true
}

// visibleFields keeps the properties encoding/json encodes, and lists the
// required ones, in field order. Of fields with one name, as in Go, the
// least inlined wins: at equal depth the only one with a JSON tag, or none.
// (A field of an inlined struct shadowed by one of the struct's own would
// otherwise be written twice.)
func visibleFields(all []property) (visible []property, required []string) {
	byName := map[string][]property{}
	for _, p := range all {
		byName[p.Name] = append(byName[p.Name], p)
	}
	for _, p := range all {
		if !dominates(p, byName[p.Name]) {
			continue
		}
		visible = append(visible, p)
		if p.required {
			required = append(required, p.Name)
		}
	}
	return visible, required
}

// dominates reports whether p is the field encoding/json keeps among the
// fields of one name.
func dominates(p property, same []property) bool {
	for _, other := range same {
		if other.Schema == p.Schema {
			continue
		}
		if other.depth < p.depth || other.depth == p.depth && (other.tagged || !p.tagged) {
			return false
		}
	}
	return true
}

// inlineTypeMarkers merges the type-level markers of an inlined struct into
// the schema that inlines it, as controller-gen flattens the allOf of
// embedded schemas: the struct's CEL rules go before those already there,
// its property counts apply where unset and, in a CRD, its map type
// replaces any. openapi-gen reads none of them, and the OpenAPI of
// built-in types keeps an embedding struct granular (ConfigMapEnvSource
// inlines the atomic LocalObjectReference), so only a CRD takes the map type.
func (b *builder) inlineTypeMarkers(s *schema, t types.Type) {
	named, ok := types.Unalias(derefAll(t)).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return
	}
	c := b.typeComment(named.Obj())
	own := &schema{Go: t, Pos: c.Pos}
	b.applyMarkers(own, c.Markers, map[string]markers.Marker{})
	for _, ext := range b.extensionsFrom(c) {
		if ext.Key == "x-kubernetes-map-type" && b.crd {
			s.setExtension(ext.Key, ext.Value)
		}
	}
	if s.Checks.MinProperties == nil {
		s.Checks.MinProperties = own.Checks.MinProperties
	}
	if s.Checks.MaxProperties == nil {
		s.Checks.MaxProperties = own.Checks.MaxProperties
	}
	prependRules(s, own)
}

// prependRules puts the CEL rules of from before those of s.
func prependRules(s, from *schema) {
	value, _ := from.extension("x-kubernetes-validations")
	first, _ := value.([]any)
	if len(first) == 0 {
		return
	}
	value, _ = s.extension("x-kubernetes-validations")
	rest, _ := value.([]any)
	s.setExtension("x-kubernetes-validations", append(append([]any(nil), first...), rest...))
	for i := range s.RulePos {
		s.RulePos[i].Index += len(first)
	}
	s.RulePos = append(append([]rulePos(nil), from.RulePos...), s.RulePos...)
}

func derefAll(t types.Type) types.Type {
	for {
		ptr, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			return t
		}
		t = ptr.Elem()
	}
}

// ownerPackage is the package of the named type behind t, which declares
// the fields.
func ownerPackage(t types.Type) string {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Named:
			if u.Obj().Pkg() != nil {
				return u.Obj().Pkg().Path()
			}
		}
		return ""
	}
}

// structBehind returns the struct type of t through pointers, or nil.
func structBehind(t types.Type) *types.Struct {
	for {
		ptr, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = ptr.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// inlined is openapi-gen's rule: an embedded field whose JSON tag exists
// and has an empty name. (encoding/json also flattens an untagged embedded
// struct; openapi-gen makes it a property named after the type, and so do we.)
func inlined(field *model.Field) bool {
	return field.Embedded && field.JSONTagged && field.JSONName == ""
}

// referableName is the property name: the JSON name, the Go name when
// there is no JSON tag, or "" when the field is not serialized.
func referableName(field *model.Field) string {
	switch {
	case field.JSON == "":
		return field.GoName
	case field.JSONName == "-":
		return ""
	}
	return field.JSONName
}

// omitsZero reports whether the zero value of the field is left out of
// JSON: omitempty (openapi-gen's test, which ignores omitzero), or (unless
// compat) omitzero.
func (b *builder) omitsZero(field *model.Field) bool {
	return field.OmitEmpty || !b.compat && field.OmitZero
}

// property builds the schema of one field, as openapi-gen's generateProperty.
func (b *builder) property(field *model.Field, c comment, owner string) *schema {
	t := field.Type()
	s := &schema{Go: t, Pos: c.Pos}
	validation := b.kubeOpenAPIValidation(c)
	if b.openapiGen {
		b.checkPatchTags(field, c)
	}
	s.Extensions = b.memberExtensions(c, t, validation.Extensions)
	s.Description = b.valueDescription(s, c, t)
	if options := field.JSONOptions; len(options) > 0 && options[0] == "string" {
		// On the wire the value is a string; its markers still apply.
		s.Type, s.WriteFormat = []string{"string"}, true
		if !b.compat {
			b.addFieldMarkerValidation(s, c, t, field.Var.Pkg())
		}
		return s
	}
	s.Default, s.DefaultDeclared = b.defaultOf(c, t, b.omitsZero(field), owner)
	s.Checks = validation.SchemaProps
	format, enum := s.Checks.Format, s.Checks.Enum
	s.Checks.Format, s.Checks.Enum = "", nil
	b.typed(s, t, c.Pos)
	if format != "" {
		s.Format = format
	}
	if enum != nil {
		s.Enum = enum
	}
	if !b.compat {
		b.addFieldMarkerValidation(s, c, t, field.Var.Pkg())
	}
	// validation-gen's +k8s:immutable: a CRD carries it as controller-gen
	// writes it, a transition rule on the field (and, on its struct, when the
	// field is optional, a rule that it is not unset).
	if m, ok := markers.K8sImmutable.Marker(c.Markers); ok && b.crd {
		b.addCELRule(s, celMarker(m, "self == oldSelf", "field is immutable"))
	}
	return s
}

// celMarker is an XValidation marker, at m, for a rule metagen writes.
func celMarker(m markers.Marker, rule, message string) markers.Marker {
	return markers.Marker{Name: markers.KBValidationXValidation.Name, Pos: m.Pos,
		Typed: markers.XValidation{Rule: rule, Message: &message}}
}

// valueDescription is the description of a field, list item or map value
// of type t, with comment c: openapi-gen's, with the values of an enum type
// listed, or in a CRD controller-gen's (see addNamedTypeDoc), which lists
// no values (its enum keyword does).
func (b *builder) valueDescription(s *schema, c comment, t types.Type) string {
	if !b.crd {
		lines := c.Lines
		if enum := b.enumOf(t); enum != nil {
			lines = append(append([]string(nil), lines...), enum.descriptionLines()...)
		}
		return description(lines)
	}
	return b.addNamedTypeDoc(s, t, crdDescription(c.Doc))
}

// typeDescription is the description of a named struct type. In a CRD a
// type without a doc comment declared as another (type Gateway v1.Gateway)
// has that type's, as controller-gen, whose schema of it refers to the
// other, writes it.
func (b *builder) typeDescription(obj *types.TypeName, c comment) string {
	if !b.crd {
		return description(c.Lines)
	}
	doc := crdDescription(c.Doc)
	for doc == "" {
		base := b.g.comments.DeclaredBase(obj)
		if base == nil {
			break
		}
		obj = base.Obj()
		doc = crdDescription(b.typeComment(obj).Doc)
	}
	return doc
}

// addNamedTypeDoc gives a CRD field the list and map types of the named
// non-struct type behind it (type Tags []string) and, when the field has
// no doc of its own, the description of that type or, when it has none
// either, of the first type it is declared as that has one (type A B), as
// controller-gen does; openapi-gen reads neither there. A struct's come
// with its definition.
func (b *builder) addNamedTypeDoc(s *schema, t types.Type, doc string) string {
	first := true
	for next := t; next != nil && (first || doc == ""); {
		named, isNamed := types.Unalias(next).(*types.Named)
		var unused markers.Set
		var path string
		next = b.behind(next, &unused, &path)
		if !isNamed || named.Obj().Pkg() == nil {
			continue
		}
		if _, isStruct := named.Underlying().(*types.Struct); isStruct {
			return doc
		}
		c := b.typeComment(named.Obj())
		if first {
			for _, ext := range b.extensionsFrom(c) {
				if _, has := s.extension(ext.Key); !has {
					s.Extensions = append(s.Extensions, ext)
				}
			}
			first = false
		}
		if doc == "" {
			doc = crdDescription(c.Doc)
		}
	}
	return doc
}

// typed fills in the type of a schema: a simple type and format, an object
// with additional properties for a map, an array for a slice, a reference
// for a named struct, nothing for an interface. The values of an enum type
// are added to its simple schema.
func (b *builder) typed(s *schema, t types.Type, pos token.Position) {
	resolved := resolve(t)
	if typ, format := common.OpenAPITypeFormat(typeString(resolved)); typ != "" {
		if basic, ok := resolved.(*types.Basic); ok && b.crd && typ == "integer" {
			format = crdIntegerFormat(basic)
		}
		if b.crd && typ == "number" {
			if b.floatsRefused {
				b.errorf(pos, "float field (%s): controller-gen refuses floats in a CRD, as their support varies across languages; serialize it as a string (or resource.Quantity), or pass --allow-dangerous-types (controller-gen crd:allowDangerousTypes=true)", types.TypeString(t, packageName))
			}
			format = "" // controller-gen writes a float field as a number without format
		}
		s.Type, s.Format, s.WriteFormat = []string{typ}, format, true
		if enum := b.enumOf(t); enum != nil {
			s.Enum = enumValues(enum)
		}
		return
	}
	switch u := resolved.(type) {
	case *types.Basic:
		b.errorf(pos, "unsupported type %s: OpenAPI has no type for it", u)
	case *types.Map:
		b.mapSchema(s, u, pos)
	case *types.Slice:
		b.arraySchema(s, u.Elem(), pos)
	case *types.Array:
		b.arraySchema(s, u.Elem(), pos)
	case *types.Named:
		if _, isStruct := u.Underlying().(*types.Struct); isStruct {
			b.reference(s, u, pos)
		} // a named interface gets no schema, as in openapi-gen
	case *types.Interface:
	case *types.Struct:
		b.errorf(pos, "unsupported anonymous struct type: declare a named type for it")
	default:
		b.errorf(pos, "unsupported type %s: OpenAPI has no type for it", types.TypeString(t, nil))
	}
}

// crdIntegerFormat is the format controller-gen gives a Go integer kind in
// a CRD: int32 and int64 only for the 32 and 64-bit kinds. kube-openapi's
// "byte" for int8 and uint8 is no format a CRD knows, and its int32 for int
// would promise a bound Go's int does not keep.
func crdIntegerFormat(basic *types.Basic) string {
	switch basic.Kind() {
	case types.Int32, types.Uint32:
		return "int32"
	case types.Int64, types.Uint64:
		return "int64"
	}
	return ""
}

// reference makes s refer to the definition of a named struct type.
func (b *builder) reference(s *schema, named *types.Named, pos token.Position) {
	if named.TypeArgs().Len() > 0 || named.TypeParams().Len() > 0 {
		b.errorf(pos, "unsupported generic type %s", types.TypeString(named, nil))
		return
	}
	name := b.g.nameOf(named.Obj())
	b.refs[goPath(named.Obj())] = named.Obj()
	s.Ref = &name
}

func (b *builder) mapSchema(s *schema, m *types.Map, pos token.Position) {
	if key, ok := resolve(m.Key()).(*types.Basic); !ok || key.Kind() != types.String {
		b.errorf(pos, "unsupported map key type %s: OpenAPI maps have string keys", types.TypeString(m.Key(), nil))
		return
	}
	s.Type = []string{"object"}
	s.AdditionalProperties = b.elementSchema(m.Elem(), pos)
}

func (b *builder) arraySchema(s *schema, elem types.Type, pos token.Position) {
	s.Type = []string{"array"}
	s.Items = b.elementSchema(elem, pos)
}

// elementSchema is the schema of a map value or list item: like a field's,
// but an interface or an unsupported kind is an error, as in openapi-gen.
func (b *builder) elementSchema(elem types.Type, pos token.Position) *schema {
	s := &schema{Go: elem, Pos: pos}
	resolved := resolve(elem)
	if typ, _ := common.OpenAPITypeFormat(typeString(resolved)); typ == "" {
		switch u := resolved.(type) {
		case *types.Interface:
			b.errorf(pos, "unsupported element type %s: OpenAPI cannot describe a list or map of interfaces", types.TypeString(elem, nil))
			return s
		case *types.Named:
			if _, isStruct := u.Underlying().(*types.Struct); !isStruct {
				b.errorf(pos, "unsupported element type %s: OpenAPI cannot describe a list or map of interfaces", types.TypeString(elem, nil))
				return s
			}
		}
	}
	b.typed(s, elem, pos)
	if !b.compat {
		b.namedElement(s, elem)
	}
	return s
}

// namedElement gives an element of a named non-struct type what a field of
// that type gets from it: its validation markers and, in a CRD, its list
// and map types and its description.
func (b *builder) namedElement(s *schema, elem types.Type) {
	if b.crd {
		s.Description = b.valueDescription(s, comment{}, elem)
	}
	b.addElementMarkerValidation(s, elem)
}

// resolve follows pointers and named types whose underlying type is not a
// struct or an interface, as openapi-gen's resolveAliasAndPtrType does.
func resolve(t types.Type) types.Type {
	for {
		t = types.Unalias(t)
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Named:
			switch u.Underlying().(type) {
			case *types.Struct, *types.Interface:
				return t
			}
			t = u.Underlying()
			continue
		}
		return t
	}
}

// typeString names a resolved type as common.OpenAPITypeFormat expects:
// "string", "[]byte", "time.Time", "interface{}".
func typeString(t types.Type) string {
	if iface, ok := t.(*types.Interface); ok && iface.Empty() {
		return "interface{}"
	}
	return types.TypeString(t, nil)
}

// enumOf returns the enum type behind t (through one pointer), if the enum
// counts in this mode. A CRD leaves out openapi-gen's +enum types, as
// controller-gen does (it reads only +k8s:enum): kube-apiserver validates a
// CRD by its schema, and +enum lists may omit values the project's own
// validation accepts (k8s.io/api's Toleration effect "" means every
// effect), so carrying them would refuse objects the project accepts. A
// +k8s:enum list is enforced by Kubernetes' declarative validation too, so
// it stays. A schema read for compatibility keeps the +enum lists of the
// run's own packages: removing a value breaks their clients.
func (b *builder) enumOf(t types.Type) *enumType {
	enum := b.g.enums.lookup(t)
	if enum == nil || b.compat && enum.k8sOnly || b.crd && !enum.k8sEnum && (!b.describing || enum.external) {
		return nil
	}
	return enum
}

func enumValues(enum *enumType) []any {
	var values []any
	for _, v := range enum.sortedValues() {
		values = append(values, v)
	}
	return values
}

// optional decides whether a field is left out of required. The first
// dialect that says so decides (for a CRD in controller-gen's order, the
// kubebuilder markers first): +optional or +required; unless compat,
// +k8s:optional or +k8s:required, then +kubebuilder:validation:Optional or
// Required, then the package's kubebuilder default; and last omitempty (and
// unless compat, omitzero).
func (b *builder) optional(field *model.Field, c comment) bool {
	dialects := [][2]string{{markers.Optional.Name, markers.Required.Name}}
	switch {
	case b.crd:
		return b.optionalAsControllerGen(field, c)
	case !b.compat:
		dialects = append(dialects, [2]string{markers.K8sOptional.Name, markers.K8sRequired.Name}, [2]string{markers.KBValidationOptional.Name, markers.KBValidationRequired.Name})
	}
	for _, names := range dialects {
		optional, required := c.Markers.Has(names[0]), c.Markers.Has(names[1])
		switch {
		case optional && required:
			b.errorf(c.Pos, "field %s is marked both +%s and +%s", field.GoName, names[0], names[1])
			return true
		case required:
			return false
		case optional:
			return true
		}
	}
	if !b.compat && !b.omitsZero(field) {
		if byDefault, ok := b.g.packageDefaultOptional(field.Var); ok {
			return byDefault
		}
	}
	return b.omitsZero(field)
}

// optionalAsControllerGen decides a CRD field's presence in
// controller-gen's order: +kubebuilder:validation:Optional, then
// +kubebuilder:validation:Required (k8s.io/api's PortStatus.error is
// +optional and +kubebuilder:validation:Required: required in a CRD), then
// +optional or +k8s:optional, then +required or +k8s:required, then the
// package's default, then omitempty. A field marked both ways is, as
// controller-gen writes it, optional (the first that says so decides):
// a warning, since one of the two markers is a mistake.
func (b *builder) optionalAsControllerGen(field *model.Field, c comment) bool {
	has := c.Markers.Has
	for _, pair := range [][2][]string{
		{{markers.KBValidationOptional.Name}, {markers.KBValidationRequired.Name}},
		{{markers.Optional.Name, markers.K8sOptional.Name}, {markers.Required.Name, markers.K8sRequired.Name}},
	} {
		optional := slices.ContainsFunc(pair[0], has)
		required := slices.ContainsFunc(pair[1], has)
		if optional && required {
			b.errs = append(b.errs, diag.Warnf(c.Pos, "field %s is marked both +%s and +%s: the CRD has it optional, as controller-gen writes it (the optional marker comes first in its order); delete the one that is wrong",
				field.GoName, firstOf(pair[0], has), firstOf(pair[1], has)))
		}
		switch {
		case optional:
			return true
		case required:
			return false
		}
	}
	if !b.omitsZero(field) {
		if byDefault, ok := b.g.packageDefaultOptional(field.Var); ok {
			return byDefault
		}
	}
	return b.omitsZero(field)
}

func firstOf(names []string, has func(string) bool) string {
	for _, name := range names {
		if has(name) {
			return name
		}
	}
	return ""
}

// checkPatchTags requires the patch struct tags to match the patch markers,
// as openapi-gen does.
func (b *builder) checkPatchTags(field *model.Field, c comment) {
	for _, key := range []struct{ name, structTag string }{
		{markers.PatchMergeKey.Name, field.PatchMergeKey}, {markers.PatchStrategy.Name, field.PatchStrategy},
	} {
		all := c.Markers.All(key.name)
		if len(all) > 1 {
			b.errorf(all[1].Pos, "+%s is given twice", key.name)
			continue
		}
		marker := ""
		if len(all) == 1 {
			marker = all[0].Value
		}
		if key.structTag != marker {
			b.errorf(c.Pos, "field %s: the %s struct tag (%q) and the +%s marker (%q) must match", field.GoName, key.name, key.structTag, key.name, marker)
		}
	}
}

// description turns comment lines into a description as openapi-gen does:
// paragraphs are kept, indented lines keep their line breaks, marker and
// TODO lines are dropped, and everything after a "---" line is ignored.
// A marker after a tab is dropped too: we read it, as controller-gen does,
// where openapi-gen trims only spaces and keeps it as text.
func description(lines []string) string {
	var buf bytes.Buffer
	dropLast := func() {
		if buf.Len() > 0 {
			buf.Truncate(buf.Len() - 1)
		}
	}
	for _, line := range lines {
		if line == "---" {
			break
		}
		line = strings.TrimRight(line, " ")
		leading := strings.TrimLeft(line, " ")
		switch {
		case line == "":
			dropLast()
			buf.WriteString("\n\n")
		case strings.HasPrefix(leading, "TODO"), strings.HasPrefix(strings.TrimLeft(line, " \t"), "+"):
		case strings.HasPrefix(line, " "), strings.HasPrefix(line, "\t"):
			dropLast()
			buf.WriteString("\n" + line + "\n")
		default:
			buf.WriteString(line + " ")
		}
	}
	return strings.TrimSpace(buf.String())
}

// crdDescription turns a doc comment into a description as controller-gen
// (sigs.k8s.io/controller-tools) does for a CRD: marker comments are left
// out, lines keep their breaks (and, but in /* */ comments, their leading
// white space), TODO lines are dropped and a line starting with "---" ends
// the description; within a fenced code block (``` or ~~~) every line is
// kept.
func crdDescription(group *ast.CommentGroup) string {
	if group == nil {
		return ""
	}
	kept := &ast.CommentGroup{}
	block := false
	for _, c := range group.List {
		if text, ok := strings.CutPrefix(c.Text, "//"); ok && strings.HasPrefix(strings.TrimSpace(text), "+") {
			continue // a marker
		}
		block = block || strings.HasPrefix(c.Text, "/*")
		kept.List = append(kept.List, c)
	}
	var out []string
	fenced := false
	for _, line := range strings.Split(strings.TrimSuffix(kept.Text(), "\n"), "\n") {
		if block {
			line = strings.TrimSpace(line)
		}
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(line, "TODO") {
			continue
		}
		if !fenced && strings.HasPrefix(line, "---") {
			break
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// position is where a type is declared.
func (g *generation) position(obj *types.TypeName) token.Position {
	return g.universe.Fset.Position(obj.Pos())
}

// packageName qualifies a type by its package's name (v1.Ratio), as Go source does.
func packageName(p *types.Package) string { return p.Name() }
