package specials

import (
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// Stamp is a point in time, written as RFC 3339; like metav1.Time it names
// its type and format.
type Stamp struct {
	seconds int64
}

// OpenAPISchemaType is the schema type of a Stamp.
func (Stamp) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat is the schema format of a Stamp.
func (Stamp) OpenAPISchemaFormat() string { return "date-time" }

// Amount is a number or a string, like intstr.IntOrString: v2 gets its type
// and format, v3 a oneOf.
type Amount struct {
	text string
}

// OpenAPISchemaType is the v2 schema type of an Amount.
func (Amount) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat is the schema format of an Amount.
func (Amount) OpenAPISchemaFormat() string { return "int-or-string" }

// OpenAPIV3OneOfTypes are the v3 types of an Amount.
func (Amount) OpenAPIV3OneOfTypes() []string { return []string{"integer", "string"} }

// Versioned has a v3 definition of its own and a v2 type and format.
type Versioned struct {
	value string
}

// OpenAPISchemaType is the v2 schema type.
func (Versioned) OpenAPISchemaType() []string { return []string{"string"} }

// OpenAPISchemaFormat is the v2 schema format.
func (Versioned) OpenAPISchemaFormat() string { return "" }

// OpenAPIV3Definition is the v3 definition.
func (Versioned) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}, Nullable: true}}}
}

// Handmade writes its whole definition by hand.
type Handmade struct {
	value string
}

// OpenAPIDefinition is the whole definition.
func (Handmade) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}}
}

// Both writes both definitions by hand.
type Both struct {
	value string
}

// OpenAPIDefinition is the v2 definition.
func (Both) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}}
}

// OpenAPIV3Definition is the v3 definition.
func (Both) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}, Nullable: true}}}
}

// OnlyV3 writes only its v3 definition.
type OnlyV3 struct {
	value string
}

// OpenAPIV3Definition is the v3 definition.
func (OnlyV3) OpenAPIV3Definition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}}
}

// Holder uses each of them.
type Holder struct {
	// When it happened.
	When Stamp `json:"when"`
	// Later may be unset.
	// +optional
	Later *Stamp `json:"later,omitempty"`
	// Amounts are numbers or strings.
	// +optional
	// +listType=atomic
	Amounts []Amount `json:"amounts,omitempty"`
	// Versioned is versioned.
	Versioned Versioned `json:"versioned"`
	// Handmade is handmade.
	Handmade Handmade `json:"handmade"`
	// Both has both.
	Both Both `json:"both"`
	// OnlyV3 has one.
	OnlyV3 OnlyV3 `json:"onlyV3"`
}
