package openapi

import (
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sync"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
)

// Expanded is the schema of a named struct type with every reference
// expanded in place, as a CustomResourceDefinition needs it, and where each
// part of it was written.
type Expanded struct {
	Schema *spec.Schema
	// Origins map the path of each schema node, and of each CEL rule, in the
	// form of apiextensions' field paths relative to the schema
	// ("properties[spec].items", "properties[spec].x-kubernetes-validations[0]"),
	// to the declaration or marker it came from.
	Origins map[string]token.Position
	// Warnings are the harmless problems found (positioned diag.Warnings),
	// for the caller to report.
	Warnings []error
}

// Expand builds the expanded schema of obj for a CRD. It keeps only the
// defaults that markers declare (not the zero values openapi-gen enforces),
// drops the extensions CRD schemas cannot carry (patch strategies, unions),
// and describes the Kubernetes types with a JSON form of their own (Time,
// Quantity, IntOrString, RawExtension …) as kube-apiserver expects them.
// A type that cannot have a structural schema (an interface, a recursive
// type, a type with its own JSON encoding) is a positioned error.
//
// The run's controller-gen crd options apply: a float field is an error
// unless AllowDangerousTypes, unexported fields are left out with
// IgnoreUnexportedFields.
func (r *Result) Expand(obj *types.TypeName) (*Expanded, error) {
	return r.expand(obj, crdMode{floatsRefused: !r.g.universe.Settings.CRD.AllowDangerousTypes, unexportedSkipped: r.g.universe.Settings.CRD.IgnoreUnexportedFields})
}

// ExpandDescribing is Expand for reading schemas rather than writing a CRD
// (metagen compat compares them): float fields are described, as with
// allowDangerousTypes, since refusing them is the CRD generator's business;
// the +enum lists of the run's own packages are kept.
func (r *Result) ExpandDescribing(obj *types.TypeName) (*Expanded, error) {
	return r.expand(obj, crdMode{describing: true, unexportedSkipped: r.g.universe.Settings.CRD.IgnoreUnexportedFields})
}

// crdMode is how a CRD schema is built: the builder's switches, which the
// shared definitions are keyed by too.
type crdMode struct{ describing, floatsRefused, unexportedSkipped bool }

func (m crdMode) set(b *builder) {
	b.crd, b.describing = true, m.describing
	b.floatsRefused, b.unexportedSkipped = m.floatsRefused, m.unexportedSkipped
}

func (r *Result) expand(obj *types.TypeName, mode crdMode) (*Expanded, error) {
	g := r.g
	b := g.newBuilder(false)
	mode.set(b)
	e := &expander{g: g, b: b, mode: mode, origins: map[string]token.Position{}, expanding: map[*types.TypeName]bool{}}
	s := e.named(obj, "", g.position(obj), false)
	problems := append(e.b.errs, e.errs...)
	errs, warnings := diag.Split(problems...)
	if len(errs) > 0 {
		return nil, errors.Join(diag.Sort(problems)...)
	}
	return &Expanded{Schema: s, Origins: e.origins, Warnings: warnings}, nil
}

type expander struct {
	g         *generation
	b         *builder
	mode      crdMode
	origins   map[string]token.Position
	expanding map[*types.TypeName]bool
	defs      map[*types.TypeName]*definition
	errs      []error
}

func (e *expander) errorf(pos token.Position, format string, args ...any) {
	e.errs = append(e.errs, diag.Errorf(pos, format, args...))
}

// named expands the definition of a named struct type at path; preserving
// is set under a node that keeps unknown fields.
func (e *expander) named(obj *types.TypeName, path string, pos token.Position, preserving bool) *spec.Schema {
	if goPath(obj) == objectMetaPath && path != "metadata" && e.g.universe.Settings.CRD.GenerateEmbeddedObjectMeta {
		s := embeddedObjectMeta()
		return &s
	}
	if special, ok := specialSchemas[goPath(obj)]; ok {
		s := special()
		return &s
	}
	if e.expanding[obj] {
		e.errorf(pos, "type %s refers to itself: a CRD schema cannot describe a recursive type", obj.Name())
		return &spec.Schema{}
	}
	named := obj.Type().(*types.Named)
	if methodsOf(named).any() || declaresMethod(named, "MarshalJSON", anyResult) || declaresMethod(named, "UnmarshalJSON", anyResult) {
		e.errorf(pos, "type %s has a JSON form of its own, which a CRD schema cannot know: describe the field with +kubebuilder:validation:Type or XPreserveUnknownFields", types.TypeString(named, nil))
		return &spec.Schema{}
	}
	e.expanding[obj] = true
	defer delete(e.expanding, obj)
	def := e.define(obj)
	if def.Schema == nil {
		return &spec.Schema{}
	}
	return e.schema(def.Schema, path, preserving)
}

func anyResult(types.Type) bool { return true }

// define is obj's definition for a CRD schema, built once per run and
// shared by every expansion that reaches it (each kind that embeds a
// PodSpec, say); its problems are reported with each expansion.
func (e *expander) define(obj *types.TypeName) *definition {
	def, errs := e.g.crdDefinition(obj, e.mode)
	e.errs = append(e.errs, errs...)
	return def
}

// crdDefKey: a type's CRD definition depends on the mode it is built in.
type crdDefKey struct {
	obj  *types.TypeName
	mode crdMode
}

// crdDefinition is one type's definition in a CRD schema and the problems
// building it found.
type crdDefinition struct {
	once sync.Once
	def  *definition
	errs []error
}

// crdDefinition builds obj's CRD definition on first use, with a builder of
// its own: a definition depends only on the type and the run.
func (g *generation) crdDefinition(obj *types.TypeName, mode crdMode) (*definition, []error) {
	key := crdDefKey{obj, mode}
	g.mu.Lock()
	if g.crdDefs == nil {
		g.crdDefs = map[crdDefKey]*crdDefinition{}
	}
	d := g.crdDefs[key]
	if d == nil {
		d = &crdDefinition{}
		g.crdDefs[key] = d
	}
	g.mu.Unlock()
	d.once.Do(func() {
		b := g.newBuilder(false)
		mode.set(b)
		d.def, d.errs = b.define(obj), b.errs
	})
	return d.def, d.errs
}

// schema converts one node, expanding its reference. Under a node that
// keeps unknown fields, a free-form value needs no schema and gets none.
func (e *expander) schema(s *schema, path string, preserving bool) *spec.Schema {
	var out spec.Schema
	_, keeps := s.extension("x-kubernetes-preserve-unknown-fields")
	preserving = preserving || keeps
	if s.Ref != nil {
		out = *e.named(s.Ref.Type, path, s.Pos, preserving)
	}
	if s.Pos.IsValid() {
		e.origins[path] = s.Pos // after the type's own, which the field's replaces
	}
	if !preserving {
		e.checkUndescribable(s)
	}
	props := &out.SchemaProps
	if s.Description != "" {
		props.Description = s.Description
	}
	if s.DefaultDeclared {
		props.Default = e.defaultValue(s)
	}
	if s.Ref != nil {
		// The field's keywords over its type's schema, as controller-gen
		// flattens them (flatten.go).
		own := s.Checks
		own.Format, own.Enum = s.Format, s.Enum
		flattenChecks(props, own)
	} else {
		mergeChecks(props, s.Checks)
		if s.Format != "" {
			props.Format = s.Format
		}
		if len(s.Enum) > 0 {
			props.Enum = s.Enum
		}
	}
	if len(s.Type) > 0 {
		props.Type = s.Type
	}
	if s.Items != nil && !(preserving && isFreeForm(s.Items)) {
		props.Items = &spec.SchemaOrArray{Schema: e.schema(s.Items, path+".items", preserving)}
	}
	if s.AdditionalProperties != nil && !(preserving && isFreeForm(s.AdditionalProperties)) {
		props.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: e.schema(s.AdditionalProperties, path+".additionalProperties", preserving)}
	}
	if len(s.Properties) > 0 {
		props.Properties = map[string]spec.Schema{}
		for _, p := range s.Properties {
			props.Properties[p.Name] = *e.schema(p.Schema, join(path, "properties["+p.Name+"]"), preserving)
		}
		props.Required = slices.Sorted(slices.Values(s.Required)) // as controller-gen lists them
	}
	if s.Example != nil {
		out.Example = s.Example
	}
	if s.ExternalDocs != nil {
		out.ExternalDocs = s.ExternalDocs
	}
	e.extensions(&out, s, path)
	return &out
}

// checkUndescribable reports what has no structural schema: interfaces and
// free-form objects.
func (e *expander) checkUndescribable(s *schema) {
	if s.Ref != nil || s.Checks.AnyOf != nil || s.Go == nil {
		return
	}
	if isFreeForm(s) {
		e.errorf(s.Pos, "%s has no schema a CRD can carry: mark the field +kubebuilder:validation:XPreserveUnknownFields, or give it a concrete type", types.TypeString(s.Go, nil))
	}
}

// isFreeForm: an interface value, described by no schema or by a bare object.
func isFreeForm(s *schema) bool {
	if s.Ref != nil || s.Items != nil || s.AdditionalProperties != nil || s.Properties != nil {
		return false
	}
	return len(s.Type) == 0 || len(s.Type) == 1 && s.Type[0] == "object" && isInterface(s.Go)
}

func isInterface(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := resolve(t).(*types.Interface)
	return ok
}

// crdExtensions are the vendor extensions a CRD schema carries.
var crdExtensions = map[string]bool{
	"x-kubernetes-list-type": true, "x-kubernetes-list-map-keys": true, "x-kubernetes-map-type": true,
	"x-kubernetes-validations": true, "x-kubernetes-int-or-string": true,
	"x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true,
}

// extensions merges a node's extensions into the expanded schema. A field's
// CEL rules come before those of the type it refers to, as controller-gen
// orders them, and each keeps the position of its marker.
func (e *expander) extensions(out *spec.Schema, s *schema, path string) {
	for _, ext := range s.Extensions {
		if !crdExtensions[ext.Key] {
			continue
		}
		if out.Extensions == nil {
			out.Extensions = spec.Extensions{}
		}
		if ext.Key != "x-kubernetes-validations" {
			out.Extensions[ext.Key] = ext.Value
			continue
		}
		inherited, _ := out.Extensions[ext.Key].([]any)
		own, _ := ext.Value.([]any)
		rulePath := func(i int) string { return join(path, fmt.Sprintf("x-kubernetes-validations[%d]", i)) }
		for i := len(inherited) - 1; i >= 0; i-- {
			if pos, ok := e.origins[rulePath(i)]; ok {
				e.origins[rulePath(len(own)+i)] = pos
			}
		}
		for _, rule := range s.RulePos {
			e.origins[rulePath(rule.Index)] = rule.Pos
		}
		out.Extensions[ext.Key] = append(append([]any(nil), own...), inherited...)
	}
}

// defaultValue resolves a declared default, reading the value of the Go
// constant that ref(…) names.
func (e *expander) defaultValue(s *schema) any {
	sym, ok := s.Default.(symbol)
	if !ok {
		return s.Default
	}
	if e.b != nil && e.b.crd && !e.b.inModule(s.Pos) {
		// controller-gen skips +default=ref(…) (it cannot evaluate Go
		// constants): on types outside the module (k8s.io/api's
		// AzureDiskVolumeSource) the CRD leaves it out too.
		return nil
	}
	value, err := e.g.constValue(sym)
	if err != "" {
		e.errorf(s.Pos, markers.Default.Tag()+"=ref(%s.%s): %s", sym.Pkg, sym.Name, err)
	}
	return value
}

// constValue is the JSON value of the Go constant a +default=ref(…) names,
// or why it has none.
func (g *generation) constValue(sym symbol) (any, string) {
	c, found := g.lookupConst(sym)
	if !found {
		return nil, "no such constant"
	}
	switch c.Val().Kind() {
	case constant.String:
		return constant.StringVal(c.Val()), ""
	case constant.Bool:
		return constant.BoolVal(c.Val()), ""
	case constant.Int, constant.Float:
		f, _ := constant.Float64Val(c.Val())
		return f, ""
	}
	return nil, "the constant's value has no JSON form"
}

// lookupConst finds a constant among the input packages and their imports.
func (g *generation) lookupConst(sym symbol) (*types.Const, bool) {
	for _, pkg := range g.universe.Packages {
		if pkg.Types == nil {
			continue
		}
		candidates := append([]*types.Package{pkg.Types}, pkg.Types.Imports()...)
		for _, p := range candidates {
			if p.Path() == sym.Pkg {
				c, ok := p.Scope().Lookup(sym.Name).(*types.Const)
				return c, ok
			}
		}
	}
	return nil, false
}

// mergeChecks adds a node's validations to what it has.
func mergeChecks(into *spec.SchemaProps, c spec.SchemaProps) {
	if c.Minimum != nil {
		into.Minimum = c.Minimum
	}
	if c.Maximum != nil {
		into.Maximum = c.Maximum
	}
	into.ExclusiveMinimum = into.ExclusiveMinimum || c.ExclusiveMinimum
	into.ExclusiveMaximum = into.ExclusiveMaximum || c.ExclusiveMaximum
	into.UniqueItems = into.UniqueItems || c.UniqueItems
	into.Nullable = into.Nullable || c.Nullable
	for _, p := range []struct{ from, to **int64 }{
		{&c.MinLength, &into.MinLength}, {&c.MaxLength, &into.MaxLength},
		{&c.MinItems, &into.MinItems}, {&c.MaxItems, &into.MaxItems},
		{&c.MinProperties, &into.MinProperties}, {&c.MaxProperties, &into.MaxProperties},
	} {
		if *p.from != nil {
			*p.to = *p.from
		}
	}
	if c.MultipleOf != nil {
		into.MultipleOf = c.MultipleOf
	}
	if c.Pattern != "" {
		into.Pattern = c.Pattern
	}
	if c.Title != "" {
		into.Title = c.Title
	}
	into.AllOf = append(into.AllOf, c.AllOf...)
	if c.AnyOf != nil {
		into.AnyOf = c.AnyOf
	}
}

func join(path, child string) string {
	if path == "" {
		return child
	}
	return path + "." + child
}

// specialSchemas are the Kubernetes types with a JSON form of their own, as
// kube-apiserver and controller-gen describe them in CRD schemas.
var specialSchemas = map[string]func() spec.Schema{
	"k8s.io/apimachinery/pkg/apis/meta/v1.Time":      dateTime,
	"k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime": dateTime,
	"k8s.io/apimachinery/pkg/apis/meta/v1.Duration": func() spec.Schema {
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}}}
	},
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString": intOrStringSchema,
	"k8s.io/apimachinery/pkg/api/resource.Quantity": func() spec.Schema {
		s := intOrStringSchema()
		s.Pattern = quantityPattern
		return s
	},
	"k8s.io/apimachinery/pkg/runtime.RawExtension": func() spec.Schema {
		s := spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}
		s.AddExtension("x-kubernetes-preserve-unknown-fields", true)
		return s
	},
	"k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta": func() spec.Schema {
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}
	},
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON": func() spec.Schema {
		var s spec.Schema
		s.AddExtension("x-kubernetes-preserve-unknown-fields", true)
		return s
	},
}

const objectMetaPath = "k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta"

// embeddedObjectMeta is an ObjectMeta below the root (a pod template's) with
// controller-gen's crd:generateEmbeddedObjectMeta (--generate-embedded-object-meta):
// the properties it allow-lists, without descriptions.
func embeddedObjectMeta() spec.Schema {
	str := func() spec.Schema { return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}}} }
	strMap := func() spec.Schema {
		v := str()
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}, AdditionalProperties: &spec.SchemaOrBool{Allows: true, Schema: &v}}}
	}
	v := str()
	return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}, Properties: map[string]spec.Schema{
		"name":        str(),
		"namespace":   str(),
		"annotations": strMap(),
		"labels":      strMap(),
		"finalizers":  {SchemaProps: spec.SchemaProps{Type: []string{"array"}, Items: &spec.SchemaOrArray{Schema: &v}}},
	}}}
}

// quantityPattern is the pattern controller-gen writes for resource.Quantity.
const quantityPattern = `^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`

func dateTime() spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}, Format: "date-time"}}
}

func intOrStringSchema() spec.Schema {
	s := spec.Schema{SchemaProps: spec.SchemaProps{AnyOf: []spec.Schema{
		{SchemaProps: spec.SchemaProps{Type: []string{"integer"}}},
		{SchemaProps: spec.SchemaProps{Type: []string{"string"}}},
	}}}
	s.AddExtension("x-kubernetes-int-or-string", true)
	return s
}
