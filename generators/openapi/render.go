package openapi

import (
	"fmt"
	"go/types"
	"sort"

	"github.com/dave/jennifer/jen"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/model"
)

// writer writes the definitions of one package as Go code, field by field in
// the order openapi-gen writes them.
type writer struct {
	g    *generation
	pkg  *model.Package
	file *jen.File
}

// modelNames writes an OpenAPIModelName method per type.
func (w *writer) modelNames(objs []*types.TypeName) {
	for _, obj := range objs {
		w.file.Comment("OpenAPIModelName returns the OpenAPI model name for this type.")
		w.file.Func().Params(jen.Id("in").Id(obj.Name())).Id("OpenAPIModelName").Params().String().Block(
			jen.Return(jen.Lit(w.g.modelPackage(obj) + "." + obj.Name())),
		)
		w.file.Line()
	}
}

// definitions writes GetOpenAPIDefinitions and a schema function per
// definition that needs one.
func (w *writer) definitions(defs []*definition) {
	var entries []jen.Code
	for _, def := range defs {
		entries = append(entries, w.key(def.Name).Op(":").Add(w.entry(def)))
	}
	w.file.Comment("GetOpenAPIDefinitions returns the OpenAPI definitions of the package's types by model name;")
	w.file.Comment("ref names the definitions they refer to.")
	w.file.Func().Id("GetOpenAPIDefinitions").Params(jen.Id("ref").Qual(commonPkg, "ReferenceCallback")).
		Map(jen.String()).Qual(commonPkg, "OpenAPIDefinition").Block(
		jen.Return(jen.Map(jen.String()).Qual(commonPkg, "OpenAPIDefinition").Add(lines(entries...))),
	)
	for _, def := range defs {
		if def.Form.hasFunc() {
			w.file.Line()
			w.schemaFunc(def)
		}
	}
}

// key is a definition's map key: T{}.OpenAPIModelName() or the Go path.
func (w *writer) key(name modelName) *jen.Statement {
	if name.Method {
		return w.typeLit(name.Type).Dot("OpenAPIModelName").Call()
	}
	return jen.Lit(goPath(name.Type))
}

// typeLit is T{} for a named type.
func (w *writer) typeLit(obj *types.TypeName) *jen.Statement {
	return jen.Qual(obj.Pkg().Path(), obj.Name()).Values()
}

// entry is a definition's map value.
func (w *writer) entry(def *definition) jen.Code {
	embed := jen.Qual(commonPkg, "EmbedOpenAPIDefinitionIntoV2Extension")
	switch def.Form {
	case formBothDefinitions:
		return embed.Call(w.typeLit(def.Obj).Dot("OpenAPIV3Definition").Call(), w.typeLit(def.Obj).Dot("OpenAPIDefinition").Call())
	case formDefinition:
		return w.typeLit(def.Obj).Dot("OpenAPIDefinition").Call()
	case formV3Definition:
		return w.typeLit(def.Obj).Dot("OpenAPIV3Definition").Call()
	}
	return jen.Id(funcName(def.Obj)).Call(jen.Id("ref"))
}

func (w *writer) schemaFunc(def *definition) {
	w.file.Func().Id(funcName(def.Obj)).Params(jen.Id("ref").Qual(commonPkg, "ReferenceCallback")).
		Qual(commonPkg, "OpenAPIDefinition").Block(jen.Return(w.definitionBody(def)))
}

// definitionBody is the returned common.OpenAPIDefinition, embedded as
// openapi-gen does for the method forms.
func (w *writer) definitionBody(def *definition) jen.Code {
	embed := jen.Qual(commonPkg, "EmbedOpenAPIDefinitionIntoV2Extension")
	switch def.Form {
	case formTypeFormatV3:
		return embed.Call(w.typeLit(def.Obj).Dot("OpenAPIV3Definition").Call(), w.methodDefinition(def, false))
	case formTypeFormatOneOf:
		return embed.Call(w.methodDefinition(def, true), w.methodDefinition(def, false))
	case formTypeFormat:
		return w.methodDefinition(def, false)
	}
	items := []jen.Code{jen.Id("Schema").Op(":").Qual(specPkg, "Schema").Add(lines(w.topSchema(def.Schema)...))}
	if len(def.Deps) > 0 {
		var deps []jen.Code
		for _, dep := range def.Deps {
			deps = append(deps, w.key(dep))
		}
		items = append(items, jen.Id("Dependencies").Op(":").Index().String().Add(lines(deps...)))
	}
	return jen.Qual(commonPkg, "OpenAPIDefinition").Add(lines(items...))
}

// methodDefinition is the definition of a type that gives its type and
// format by methods; oneOf writes the v3 form, oneOf its OpenAPIV3OneOfTypes.
func (w *writer) methodDefinition(def *definition, oneOf bool) jen.Code {
	s := def.Schema
	props := descriptionItem(s)
	if oneOf {
		props = append(props,
			jen.Id("OneOf").Op(":").Qual(commonPkg, "GenerateOpenAPIV3OneOfSchema").Call(w.typeLit(def.Obj).Dot("OpenAPIV3OneOfTypes").Call()))
	} else {
		props = append(props, jen.Id("Type").Op(":").Add(w.typeLit(def.Obj).Dot("OpenAPISchemaType").Call()))
	}
	props = append(props, jen.Id("Format").Op(":").Add(w.typeLit(def.Obj).Dot("OpenAPISchemaFormat").Call()))
	props = append(props, w.checks(s)...)
	items := []jen.Code{jen.Id("SchemaProps").Op(":").Qual(specPkg, "SchemaProps").Add(lines(props...))}
	items = append(items, w.vendorExtensible(s)...)
	return jen.Qual(commonPkg, "OpenAPIDefinition").Add(lines(
		jen.Id("Schema").Op(":").Qual(specPkg, "Schema").Add(lines(items...)),
	))
}

// topSchema is a definition's schema: its props, then its extensions.
func (w *writer) topSchema(s *schema) []jen.Code {
	props := descriptionItem(s)
	props = append(props, jen.Id("Type").Op(":").Add(stringSlice(s.Type)))
	props = append(props, w.checks(s)...)
	if len(s.Properties) > 0 {
		var properties []jen.Code
		for _, p := range s.Properties {
			properties = append(properties, jen.Lit(p.Name).Op(":").Add(lines(w.propertySchema(p.Schema)...)))
		}
		props = append(props, jen.Id("Properties").Op(":").Map(jen.String()).Qual(specPkg, "Schema").Add(lines(properties...)))
	}
	if len(s.Required) > 0 {
		props = append(props, jen.Id("Required").Op(":").Add(stringSlice(s.Required)))
	}
	items := []jen.Code{jen.Id("SchemaProps").Op(":").Qual(specPkg, "SchemaProps").Add(lines(props...))}
	items = append(items, w.swaggerProps(s)...)
	return append(items, w.vendorExtensible(s)...)
}

// propertySchema is a field's schema: extensions first, as openapi-gen writes it.
func (w *writer) propertySchema(s *schema) []jen.Code {
	items := w.vendorExtensible(s)
	items = append(items, jen.Id("SchemaProps").Op(":").Qual(specPkg, "SchemaProps").Add(lines(w.props(s)...)))
	return append(items, w.swaggerProps(s)...)
}

// elementSchema is &spec.Schema{…} for list items and map values.
func (w *writer) elementSchema(s *schema) jen.Code {
	items := []jen.Code{jen.Id("SchemaProps").Op(":").Qual(specPkg, "SchemaProps").Add(lines(w.props(s)...))}
	items = append(items, w.swaggerProps(s)...)
	items = append(items, w.vendorExtensible(s)...)
	return jen.Op("&").Qual(specPkg, "Schema").Add(lines(items...))
}

// props are the SchemaProps of a field or element.
func (w *writer) props(s *schema) []jen.Code {
	items := descriptionItem(s)
	if s.Default != nil {
		items = append(items, jen.Id("Default").Op(":").Add(goValue(s.Default)))
	}
	items = append(items, w.checks(s)...)
	if len(s.Type) > 0 {
		items = append(items, jen.Id("Type").Op(":").Add(stringSlice(s.Type)))
	}
	if s.WriteFormat || s.Format != "" {
		items = append(items, jen.Id("Format").Op(":").Lit(s.Format))
	}
	if s.AdditionalProperties != nil {
		items = append(items, jen.Id("AdditionalProperties").Op(":").Op("&").Qual(specPkg, "SchemaOrBool").Add(lines(
			jen.Id("Allows").Op(":").True(),
			jen.Id("Schema").Op(":").Add(w.elementSchema(s.AdditionalProperties)),
		)))
	}
	if s.Items != nil {
		items = append(items, jen.Id("Items").Op(":").Op("&").Qual(specPkg, "SchemaOrArray").Add(lines(
			jen.Id("Schema").Op(":").Add(w.elementSchema(s.Items)),
		)))
	}
	if s.Ref != nil {
		items = append(items, jen.Id("Ref").Op(":").Id("ref").Call(w.key(*s.Ref)))
	}
	if len(s.Enum) > 0 {
		items = append(items, jen.Id("Enum").Op(":").Add(goValue(s.Enum)))
	}
	return items
}

func descriptionItem(s *schema) []jen.Code {
	if s.Description == "" {
		return nil
	}
	return []jen.Code{jen.Id("Description").Op(":").Lit(s.Description)}
}

// checks are the value validations, in openapi-gen's order, then the
// keywords it never writes.
func (w *writer) checks(s *schema) []jen.Code {
	return checkItems(s.Checks, w.specSchema)
}

func checkItems(c spec.SchemaProps, nested func(spec.Schema) jen.Code) []jen.Code {
	var items []jen.Code
	ptr := func(name string, typ *jen.Statement, value string) {
		items = append(items, jen.Id(name).Op(":").Qual(ptrPkg, "To").Types(typ).Call(jen.Op(value)))
	}
	flag := func(name string, set bool) {
		if set {
			items = append(items, jen.Id(name).Op(":").True())
		}
	}
	floatPtr := func(name string, v *float64) {
		if v != nil {
			ptr(name, jen.Float64(), fmt.Sprintf("%v", *v))
		}
	}
	intPtr := func(name string, v *int64) {
		if v != nil {
			ptr(name, jen.Int64(), fmt.Sprintf("%v", *v))
		}
	}
	floatPtr("Minimum", c.Minimum)
	floatPtr("Maximum", c.Maximum)
	flag("ExclusiveMinimum", c.ExclusiveMinimum)
	flag("ExclusiveMaximum", c.ExclusiveMaximum)
	intPtr("MinLength", c.MinLength)
	intPtr("MaxLength", c.MaxLength)
	intPtr("MinProperties", c.MinProperties)
	intPtr("MaxProperties", c.MaxProperties)
	if c.Pattern != "" {
		items = append(items, jen.Id("Pattern").Op(":").Lit(c.Pattern))
	}
	floatPtr("MultipleOf", c.MultipleOf)
	intPtr("MinItems", c.MinItems)
	intPtr("MaxItems", c.MaxItems)
	flag("UniqueItems", c.UniqueItems)
	if len(c.AllOf) > 0 {
		var all []jen.Code
		for _, s := range c.AllOf {
			all = append(all, nested(s))
		}
		items = append(items, jen.Id("AllOf").Op(":").Index().Qual(specPkg, "Schema").Add(lines(all...)))
	}
	if len(c.AnyOf) > 0 {
		var any []jen.Code
		for _, s := range c.AnyOf {
			any = append(any, nested(s))
		}
		items = append(items, jen.Id("AnyOf").Op(":").Index().Qual(specPkg, "Schema").Add(lines(any...)))
	}
	flag("Nullable", c.Nullable)
	if c.Title != "" {
		items = append(items, jen.Id("Title").Op(":").Lit(c.Title))
	}
	return items
}

// specSchema writes the body of a kube-openapi schema, for the nested
// validations of +k8s:validation: markers and for anyOf, as openapi-gen's
// generateSchema does; its type is left to the caller.
func (w *writer) specSchema(s spec.Schema) jen.Code {
	var props []jen.Code
	if len(s.Type) > 0 {
		props = append(props, jen.Id("Type").Op(":").Add(stringSlice(s.Type)))
	}
	props = append(props, checkItems(s.SchemaProps, w.specSchema)...)
	if len(s.Properties) > 0 {
		var properties []jen.Code
		for _, name := range sortedKeys(s.Properties) {
			properties = append(properties, jen.Lit(name).Op(":").Add(w.specSchema(s.Properties[name])))
		}
		props = append(props, jen.Id("Properties").Op(":").Map(jen.String()).Qual(specPkg, "Schema").Add(lines(properties...)))
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		props = append(props, jen.Id("AdditionalProperties").Op(":").Op("&").Qual(specPkg, "SchemaOrBool").Add(lines(
			jen.Id("Allows").Op(":").True(),
			jen.Id("Schema").Op(":").Op("&").Qual(specPkg, "Schema").Add(w.specSchema(*s.AdditionalProperties.Schema)),
		)))
	}
	if s.Items != nil && s.Items.Schema != nil {
		props = append(props, jen.Id("Items").Op(":").Op("&").Qual(specPkg, "SchemaOrArray").Add(lines(
			jen.Id("Schema").Op(":").Op("&").Qual(specPkg, "Schema").Add(w.specSchema(*s.Items.Schema)),
		)))
	}
	var items []jen.Code
	if len(props) > 0 {
		items = append(items, jen.Id("SchemaProps").Op(":").Qual(specPkg, "SchemaProps").Add(lines(props...)))
	}
	if len(s.Extensions) > 0 {
		var exts []extension
		for _, key := range sortedKeys(s.Extensions) {
			exts = append(exts, extension{key, s.Extensions[key]})
		}
		items = append(items, extensionsItem(exts))
	}
	return lines(items...)
}

// swaggerProps writes an example value and external documentation.
func (w *writer) swaggerProps(s *schema) []jen.Code {
	var items []jen.Code
	if s.ExternalDocs != nil {
		items = append(items, jen.Id("ExternalDocs").Op(":").Op("&").Qual(specPkg, "ExternalDocumentation").Add(lines(
			jen.Id("Description").Op(":").Lit(s.ExternalDocs.Description),
			jen.Id("URL").Op(":").Lit(s.ExternalDocs.URL),
		)))
	}
	if s.Example != nil {
		items = append(items, jen.Id("Example").Op(":").Add(goValue(s.Example)))
	}
	if len(items) == 0 {
		return nil
	}
	return []jen.Code{jen.Id("SwaggerSchemaProps").Op(":").Qual(specPkg, "SwaggerSchemaProps").Add(lines(items...))}
}

func (w *writer) vendorExtensible(s *schema) []jen.Code {
	if len(s.Extensions) == 0 {
		return nil
	}
	return []jen.Code{extensionsItem(s.Extensions)}
}

func extensionsItem(exts []extension) jen.Code {
	var items []jen.Code
	for _, e := range exts {
		items = append(items, jen.Lit(e.Key).Op(":").Add(goValue(e.Value)))
	}
	return jen.Id("VendorExtensible").Op(":").Qual(specPkg, "VendorExtensible").Add(lines(
		jen.Id("Extensions").Op(":").Qual(specPkg, "Extensions").Add(lines(items...)),
	))
}

// lines is a composite literal body with one item a line, as gofmt lays out
// hand-written literals.
func lines(items ...jen.Code) *jen.Statement {
	if len(items) == 0 {
		return jen.Values()
	}
	var body []jen.Code
	for _, item := range items {
		body = append(body, jen.Line().Add(item))
	}
	return jen.Values(append(body, jen.Line())...)
}

func stringSlice(values []string) jen.Code {
	var items []jen.Code
	for _, v := range values {
		items = append(items, jen.Lit(v))
	}
	return jen.Index().String().Values(items...)
}

// goValue writes a JSON-like value as a Go literal: maps with sorted keys,
// []interface{} lists, numbers as fmt's %#v writes them, and Go constants
// for symbols.
func goValue(v any) jen.Code {
	switch v := v.(type) {
	case nil:
		return jen.Nil()
	case symbol:
		return jen.Qual(v.Pkg, v.Name)
	case string:
		return jen.Lit(v)
	case bool:
		return jen.Lit(v)
	case float64, int, int64:
		return jen.Op(fmt.Sprintf("%#v", v))
	case []any:
		var items []jen.Code
		for _, item := range v {
			items = append(items, goValue(item))
		}
		return jen.Index().Interface().Values(items...)
	case []string:
		var items []jen.Code
		for _, item := range v {
			items = append(items, jen.Lit(item))
		}
		return jen.Index().Interface().Values(items...)
	case map[string]any:
		keys := make([]string, 0, len(v))
		for key := range v {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		var items []jen.Code
		for _, key := range keys {
			items = append(items, jen.Lit(key).Op(":").Add(goValue(v[key])))
		}
		return jen.Map(jen.String()).Interface().Values(items...)
	}
	panic(fmt.Sprintf("openapi: no Go literal for %T", v))
}
