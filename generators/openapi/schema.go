package openapi

import (
	"go/token"
	"go/types"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

// definition is the OpenAPI definition of one named struct type, before it
// is written as Go code.
type definition struct {
	Obj  *types.TypeName
	Name modelName
	Form form
	// Schema is nil for the forms that only call the type's own methods.
	Schema *schema
	// Deps are the named types the schema refers to, sorted by Go path.
	Deps []modelName
}

// form is how the definition's map entry is written, after openapi-gen.
type form int

const (
	// formSchema: a schema_… function builds the schema from the fields.
	formSchema form = iota
	// formTypeFormat: the type gives its type and format by
	// OpenAPISchemaType and OpenAPISchemaFormat (metav1.Time).
	formTypeFormat
	// formTypeFormatV3: as formTypeFormat for v2, embedded into the type's
	// own OpenAPIV3Definition.
	formTypeFormatV3
	// formTypeFormatOneOf: as formTypeFormat for v2, and a v3 schema made of
	// oneOf the types from OpenAPIV3OneOfTypes (IntOrString, Quantity).
	formTypeFormatOneOf
	// formDefinition: the entry is the type's OpenAPIDefinition().
	formDefinition
	// formV3Definition: the entry is the type's OpenAPIV3Definition().
	formV3Definition
	// formBothDefinitions: the v3 definition with the v2 one embedded.
	formBothDefinitions
)

// hasFunc reports whether the form writes a schema_… function.
func (f form) hasFunc() bool { return f <= formTypeFormatOneOf }

// schema is one schema of a definition. Its fields are written in this
// order, which is openapi-gen's.
type schema struct {
	// Extensions are the vendor extensions (x-kubernetes-…), in order.
	Extensions []extension
	// Description comes from the doc comment.
	Description string
	// Default is a JSON value, or a symbol for +default=ref(…); nil for none.
	// DefaultDeclared is set when a marker gave it, rather than the zero
	// value openapi-gen enforces.
	Default         any
	DefaultDeclared bool
	// Checks are the value validations: minimum, maxLength, pattern, allOf …
	Checks spec.SchemaProps
	// Type and Format; WriteFormat writes Format even when it is empty, as
	// openapi-gen does for simple types.
	Type        []string
	Format      string
	WriteFormat bool
	// Ref refers to another definition.
	Ref *modelName
	// Items is the element schema of an array, AdditionalProperties the value
	// schema of a map.
	Items                *schema
	AdditionalProperties *schema
	// Enum lists the allowed values.
	Enum []any
	// Properties are the fields of an object, in field order.
	Properties []property
	Required   []string
	// Example is an example value, from +kubebuilder:example.
	Example any
	// ExternalDocs come from +kubebuilder:externalDocs.
	ExternalDocs *spec.ExternalDocumentation

	// RulePos is where each CEL rule of x-kubernetes-validations was written.
	RulePos []rulePos

	// Go is the Go type the schema describes.
	Go types.Type
	// Pos is where the field or type is declared.
	Pos token.Position
}

// rulePos ties the index of a CEL rule to its marker.
type rulePos struct {
	Index int
	Pos   token.Position
}

// property is one named field of an object schema.
type property struct {
	Name   string
	Schema *schema

	// depth counts the inlined structs the field is in; tagged is set when
	// it has a JSON tag. They decide which field of a name encoding/json keeps.
	depth    int
	tagged   bool
	required bool
}

// symbol is a Go constant named by +default=ref(pkg.Name).
type symbol struct {
	Pkg, Name string
}

// extension is one vendor extension.
type extension struct {
	Key   string
	Value any
}

// property returns the named property, or nil.
func (s *schema) property(name string) *schema {
	for _, p := range s.Properties {
		if p.Name == name {
			return p.Schema
		}
	}
	return nil
}

// extension returns the value of the named extension.
func (s *schema) extension(key string) (any, bool) {
	for _, e := range s.Extensions {
		if e.Key == key {
			return e.Value, true
		}
	}
	return nil, false
}

// setExtension replaces or appends an extension.
func (s *schema) setExtension(key string, value any) {
	for i, e := range s.Extensions {
		if e.Key == key {
			s.Extensions[i].Value = value
			return
		}
	}
	s.Extensions = append(s.Extensions, extension{key, value})
}
