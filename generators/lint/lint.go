// Package lint finds the mistakes in API types that no generator would
// notice, because each reads only its own part: two fields with one JSON
// name, a malformed struct tag, a default of the wrong type, presence
// markers that disagree. It runs once per run, before the generators, on
// every input package, whichever generators are selected; its CEL check
// (CEL) runs with the generators, as a declared one, to read the run's
// openapi result. Harmless ones are warnings (*diag.Warning), the rest
// errors.
package lint

import (
	"go/types"
	"strconv"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// Check returns the problems of every input package, errors and warnings,
// but for the CEL rules, which the CEL generator checks in the run's
// openapi result.
func Check(universe *model.Universe) []error {
	var problems []error
	for _, pkg := range universe.Packages {
		problems = append(problems, unreadDefaulterTags(pkg)...)
		for _, t := range pkg.NamedTypes {
			if t.Fields == nil {
				continue
			}
			problems = append(problems, jsonNames(t)...)
			for _, f := range t.Fields {
				problems = append(problems, structTag(f)...)
				problems = append(problems, presence(f)...)
				problems = append(problems, defaultType(f)...)
			}
		}
	}
	return problems
}

// serialized is one JSON property of a struct: a field of its own (depth
// 0) or of a member it inlines, reached through the field at.
type serialized struct {
	name  string
	field string // Go name of the field that has the name
	at    *model.Field
	depth int
}

// jsonNames refuses two fields of one struct, at the same depth of
// inlining, with the same JSON name: encoding/json then silently drops
// both. A name that a shallower field shadows is only a warning.
func jsonNames(t *model.Type) []error {
	byName := map[string][]serialized{}
	var order []string
	for _, f := range t.Fields {
		for _, s := range properties(f, 0, map[*types.Named]bool{}) {
			s.at = f
			if byName[s.name] == nil {
				order = append(order, s.name)
			}
			byName[s.name] = append(byName[s.name], s)
		}
	}
	var problems []error
	for _, name := range order {
		all := byName[name]
		if len(all) < 2 {
			continue
		}
		first := all[0]
		for _, s := range all[1:] {
			if s.depth < first.depth {
				first = s
			}
		}
		for _, s := range all {
			if s == first {
				continue
			}
			where := "field " + s.field
			if s.depth > 0 {
				where += " (inlined through " + s.at.GoName + ")"
			}
			switch {
			case s.depth == 0 && first.depth == 0:
				// Two fields of the struct itself: surely a mistake.
				problems = append(problems, diag.Errorf(s.at.Pos, "%s of %s has the JSON name %q of field %s at line %d: encoding/json drops both; give one another name",
					where, t.Name, name, first.field, first.at.Pos.Line))
			case s.depth == first.depth:
				// Embedded structs that collide: valid Go the anchors accept,
				// generated as encoding/json reads it, said.
				problems = append(problems, diag.Warnf(s.at.Pos, "%s of %s has the JSON name %q of field %s at line %d: encoding/json drops both; give one another name",
					where, t.Name, name, first.field, first.at.Pos.Line))
			default:
				problems = append(problems, diag.Warnf(s.at.Pos, "%s of %s has the JSON name %q of field %s at line %d, which hides it: the field is never serialized",
					where, t.Name, name, first.field, first.at.Pos.Line))
			}
		}
	}
	return problems
}

// properties are the JSON properties a field contributes: its own name, or
// for an inline member the properties of the struct behind it (each struct
// once, so cycles end).
func properties(f *model.Field, depth int, seen map[*types.Named]bool) []serialized {
	if f.JSONName == "-" || !f.Var.Exported() && !f.Embedded {
		return nil
	}
	if !f.Inline && !(f.Embedded && f.JSONName == "") {
		name := f.JSONName
		if name == "" {
			name = f.GoName
		}
		return []serialized{{name: name, field: f.GoName, depth: depth}}
	}
	named := load.StructBehind(f.Type())
	if named == nil || seen[named] {
		return nil
	}
	seen[named] = true
	var out []serialized
	for _, field := range model.FieldsOf(named.Underlying().(*types.Struct)) {
		out = append(out, properties(field, depth+1, seen)...)
	}
	return out
}

// jsonOptions are the options encoding/json and the Kubernetes generators read.
var jsonOptions = map[string]bool{"omitempty": true, "omitzero": true, "string": true, "inline": true}

// structTag refuses a tag that is not key:"value" pairs (reflect then
// reads no json name at all, silently) and warns of json options nobody reads.
func structTag(f *model.Field) []error {
	if f.Tag == "" {
		return nil
	}
	if err := wellFormed(f.Tag); err != "" {
		return []error{diag.Errorf(f.Pos, "field %s: malformed struct tag `%s`: %s; write key:\"value\" pairs, like `json:\"name,omitempty\"`", f.GoName, f.Tag, err)}
	}
	var problems []error
	for _, option := range f.JSONOptions {
		if option != "" && !jsonOptions[option] {
			problems = append(problems, diag.Warnf(f.Pos, "field %s: json tag option %q means nothing to encoding/json (it knows omitempty, omitzero, string; Kubernetes adds inline)", f.GoName, option))
		}
	}
	return problems
}

// wellFormed checks the conventional struct tag syntax that the model's
// tag reading (reflect's Lookup) expects, as go vet's structtag check
// does, on the tag as written (model.Field.Tag); it returns what is
// wrong, or "".
func wellFormed(tag string) string {
	for tag != "" {
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		tag = tag[i:]
		if tag == "" {
			return ""
		}
		i = 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 {
			return "a key is missing"
		}
		if i+1 >= len(tag) || tag[i] != ':' {
			return "key " + strconv.Quote(tag[:i]) + " has no :\"value\""
		}
		if tag[i+1] != '"' {
			return "the value of " + strconv.Quote(tag[:i]) + " is not quoted"
		}
		key := tag[:i]
		tag = tag[i+1:]
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			return "the value of " + strconv.Quote(key) + " has no closing quote"
		}
		if _, err := strconv.Unquote(tag[:i+1]); err != nil {
			return "the value of " + strconv.Quote(key) + " is not a Go string"
		}
		tag = tag[i+1:]
	}
	return ""
}

// presence warns of +kubebuilder:validation:Required or Optional beside a
// Kubernetes presence marker that says the opposite: the Kubernetes marker
// decides, in the schema and in validation (k8s.io/api has a few), so the
// kubebuilder one only misleads.
func presence(f *model.Field) []error {
	kubernetes := []struct {
		name     string
		required bool
	}{{markers.Optional.Name, false}, {markers.K8sOptional.Name, false}, {markers.Required.Name, true}, {markers.K8sRequired.Name, true}}
	var problems []error
	for _, kb := range []struct {
		name     string
		required bool
	}{{markers.KBValidationRequired.Name, true}, {markers.KBValidationOptional.Name, false}} {
		m, ok := f.Markers.Get(kb.name)
		if !ok {
			continue
		}
		for _, k := range kubernetes {
			other, ok := f.Markers.Get(k.name)
			if ok && k.required != kb.required {
				problems = append(problems, diag.Warnf(m.Pos, "%s contradicts +%s at line %d; the field is %s, as +%s says", m.String(), k.name, other.Pos.Line, presenceWord(k.required), k.name))
			}
		}
	}
	return problems
}

func presenceWord(required bool) string {
	if required {
		return "required"
	}
	return "optional"
}

// defaultType refuses a +kubebuilder:default whose value is not of the
// field's JSON type, where the field is a plain string, bool or number
// (types with their own JSON form, Quantity or IntOrString say, are left
// to the CRD's own validation).
func defaultType(f *model.Field) []error {
	m, ok := markers.KBDefault.Marker(f.Markers)
	if !ok {
		return nil
	}
	want := plainJSONType(f.Type())
	if want == "" {
		return nil
	}
	literal, ok := markers.Value[markers.Literal](m)
	if !ok {
		return nil // refused at load
	}
	got := jsonTypeOf(literal.Value)
	if got == want || want == "number" && got == "integer" {
		return nil
	}
	hint := ""
	if want == "string" {
		hint = "; quote it: +" + m.Name + `="` + m.Value + `"`
	}
	return []error{diag.Errorf(m.Pos, "%s: field %s is a JSON %s, and %q is %s %s%s", m.String(), f.GoName, want, m.Value, article(got), got, hint)}
}

// plainJSONType is the JSON type of a Go type encoding/json writes as a
// plain string, boolean or number, or "".
func plainJSONType(t types.Type) string {
	t = types.Unalias(t)
	if ptr, ok := t.(*types.Pointer); ok {
		t = types.Unalias(ptr.Elem())
	}
	if named, ok := t.(*types.Named); ok {
		for i := range named.NumMethods() {
			switch named.Method(i).Name() {
			case "MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText", "OpenAPISchemaType":
				return ""
			}
		}
	}
	basic, ok := t.Underlying().(*types.Basic)
	if !ok {
		return ""
	}
	switch info := basic.Info(); {
	case info&types.IsString != 0:
		return "string"
	case info&types.IsBoolean != 0:
		return "boolean"
	case info&types.IsInteger != 0:
		return "integer"
	case info&types.IsFloat != 0:
		return "number"
	}
	return ""
}

func article(word string) string {
	if strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

func jsonTypeOf(v any) string {
	switch v := v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		if v == float64(int64(v)) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case nil:
		return "null"
	}
	return "value"
}

// unreadDefaulterTags warns of a type's +k8s:defaulter-gen=true in a
// package without the package tag: defaulter-gen v0.37.2 (apidefinitions'
// Defaulter activation, which scans no types) generates nothing for it,
// and neither does metagen, so a hand-written call of RegisterDefaults
// would not compile. Projects whose older defaulter-gen took the type tag
// alone (jobset's config API) meet this on upgrading.
func unreadDefaulterTags(pkg *model.Package) []error {
	if m, ok := markers.K8sDefaulterGen.Marker(pkg.Markers); ok && m.Value != "false" {
		return nil
	}
	var problems []error
	for _, t := range pkg.NamedTypes {
		if m, ok := markers.K8sDefaulterGen.Marker(t.Markers); ok && m.Value != "false" {
			problems = append(problems, diag.Warnf(m.Pos, "+%s=%s on a type is read only in a package with +%s=<field name> (e.g. TypeMeta) in its doc.go: defaulter-gen v0.37.2 and metagen generate no defaulters for this package; add the package tag", markers.K8sDefaulterGen, m.Value, markers.K8sDefaulterGen))
		}
	}
	return problems
}
