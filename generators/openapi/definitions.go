package openapi

import (
	"go/types"
	"sort"

	"k8s.io/kube-openapi/pkg/util"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/markers"
)

// Definitions are the OpenAPI definitions of some root types and of every
// named struct type they refer to, with references between them, as a
// server's OpenAPI document holds them. The client generator turns them into
// the structured-merge-diff schema of its apply configurations, as
// applyconfiguration-gen turns the document it is given.
type Definitions struct {
	// Schemas are keyed by model name; a reference is "#/definitions/<name>".
	// They keep what describes the shape of a value (types, properties,
	// items, defaults, the x-kubernetes- extensions) and leave out
	// descriptions and value validations.
	Schemas map[string]spec.Schema
	// Names are the model names of the roots, by type.
	Names map[*types.TypeName]string
}

// DefinitionsOf builds the definitions of roots and of the types they refer
// to. Types of the input packages are read as the openapi generator reads
// them for its own output (with the validation markers' list types, unless
// the package asks for openapi-gen compatibility), so that the definitions
// are those a server has; dependencies are read as openapi-gen reads them.
// Problems are not reported here: the openapi and crd generators report
// those of the input packages when they run, and a marker openapi-gen
// would ignore must not stop other generators (k8s.io/api has some). A
// type that cannot be described gets what the builder made of it.
func (r *Result) DefinitionsOf(roots []*types.TypeName) *Definitions {
	g := r.g
	d := &definer{g: g, out: &Definitions{Schemas: map[string]spec.Schema{}, Names: map[*types.TypeName]string{}}}
	for _, root := range roots {
		d.out.Names[root] = d.name(root)
		d.define(root)
	}
	return d.out
}

// modelNameOf is the name a type's definition has in a server's OpenAPI
// document: the one its +k8s:openapi-model-package gives (our
// OpenAPIModelName method returns it), else the REST-friendly form of its Go
// path, which is what runtime.Scheme.ToOpenAPIDefinitionName computes for a
// type without the method and what k8s.io/apimachinery's methods return.
func (g *generation) modelNameOf(obj *types.TypeName) string {
	if model := g.modelPackage(obj); model != "" {
		return model + "." + obj.Name()
	}
	return util.ToRESTFriendlyName(goPath(obj))
}

type definer struct {
	g    *generation
	out  *Definitions
	done map[*types.TypeName]bool
}

func (d *definer) name(obj *types.TypeName) string { return d.g.modelNameOf(obj) }

// define adds the definition of obj, then of the types it refers to.
func (d *definer) define(obj *types.TypeName) {
	if d.done == nil {
		d.done = map[*types.TypeName]bool{}
	}
	if d.done[obj] {
		return
	}
	d.done[obj] = true
	compat := !d.g.comments.IsInput(obj.Pkg()) || d.g.comments.PackageMarkers(obj).Has(markers.MetagenOpenAPIGenCompatible.Name)
	b := d.g.newBuilder(compat)
	def := b.define(obj)
	d.out.Schemas[d.name(obj)] = d.topSchema(def)
	refs := make([]string, 0, len(b.refs))
	for path := range b.refs {
		refs = append(refs, path)
	}
	sort.Strings(refs)
	for _, path := range refs {
		d.define(b.refs[path])
	}
}

// topSchema is a definition's schema. The forms that take their schema from
// the type's own methods are known here only for the Kubernetes types with
// a JSON form of their own; any other such type accepts any value.
func (d *definer) topSchema(def *definition) spec.Schema {
	if known, ok := methodSchemas[goPath(def.Obj)]; ok {
		return known
	}
	if def.Schema == nil || def.Form != formSchema {
		return spec.Schema{}
	}
	return d.spec(def.Schema)
}

// methodSchemas are the types and formats the Kubernetes types with
// OpenAPISchemaType and OpenAPISchemaFormat methods return.
var methodSchemas = map[string]spec.Schema{
	"k8s.io/apimachinery/pkg/apis/meta/v1.Time":       simple("string", "date-time"),
	"k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime":  simple("string", "date-time"),
	"k8s.io/apimachinery/pkg/apis/meta/v1.Duration":   simple("string", ""),
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString": simple("string", "int-or-string"),
	"k8s.io/apimachinery/pkg/api/resource.Quantity":   simple("string", ""),
}

func simple(typ, format string) spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{typ}, Format: format}}
}

// spec converts one node, keeping references.
func (d *definer) spec(s *schema) spec.Schema {
	var out spec.Schema
	props := &out.SchemaProps
	props.Type, props.Format = s.Type, s.Format
	if s.Default != nil {
		props.Default = d.defaultValue(s)
	}
	if s.Ref != nil {
		props.Ref = spec.MustCreateRef("#/definitions/" + d.name(s.Ref.Type))
	}
	if s.Items != nil {
		items := d.spec(s.Items)
		props.Items = &spec.SchemaOrArray{Schema: &items}
	}
	if s.AdditionalProperties != nil {
		values := d.spec(s.AdditionalProperties)
		props.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &values}
	}
	if len(s.Properties) > 0 {
		props.Properties = map[string]spec.Schema{}
		for _, p := range s.Properties {
			props.Properties[p.Name] = d.spec(p.Schema)
		}
		props.Required = s.Required
	}
	for _, ext := range s.Extensions {
		out.AddExtension(ext.Key, ext.Value)
	}
	return out
}

// defaultValue resolves +default=ref(…) to the constant's value; a
// constant that cannot be found leaves no default (the openapi generator
// reports it).
func (d *definer) defaultValue(s *schema) any {
	if _, ok := s.Default.(symbol); !ok {
		return s.Default
	}
	e := &expander{g: d.g}
	value := e.defaultValue(s)
	if len(e.errs) > 0 {
		return nil
	}
	return value
}
