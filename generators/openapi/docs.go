package openapi

import (
	"go/types"
	"strings"
)

// EnumValue is one constant of an enum type: its Go name, its value and its
// doc comment (joined into one line, as openapi-gen lists it).
type EnumValue struct {
	Name, Value, Doc string
}

// EnumValues are the constants of t (through one pointer) when it is a
// string type marked +enum or +k8s:enum, in the order openapi-gen lists
// them; nil otherwise. The docs generator shows each value's doc beside the
// enum a CRD schema carries.
func (r *Result) EnumValues(t types.Type) []EnumValue {
	enum := r.g.enums.lookup(t)
	if enum == nil {
		return nil
	}
	byValue := map[string]enumValue{}
	for _, v := range enum.values {
		byValue[v.value] = v
	}
	var out []EnumValue
	for _, value := range enum.sortedValues() {
		v := byValue[value]
		out = append(out, EnumValue{Name: v.name, Value: v.value, Doc: strings.TrimSpace(whitespace.ReplaceAllString(v.comment, " "))})
	}
	return out
}

// TypeDescription is the description the CRD schema of obj, a named type,
// carries when obj is a schema's root: its doc comment, cut as every CRD
// description is (marker and TODO lines dropped, ending at a "---" line).
// Inside a CRD a field's description replaces it, so the docs generator
// reads it here for the type's own section.
func (r *Result) TypeDescription(obj *types.TypeName) string {
	def, _ := r.g.crdDefinition(obj, crdMode{describing: true, unexportedSkipped: r.g.universe.Settings.CRD.IgnoreUnexportedFields})
	if def == nil || def.Schema == nil {
		return ""
	}
	return def.Schema.Description
}
