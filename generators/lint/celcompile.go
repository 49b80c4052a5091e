package lint

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// compileRules compiles the CEL rules in the structural schema of t as
// kube-apiserver does on CRD create (apiextensions' own validation: the
// CEL environment, the schema's types, the cost budget), with t where a
// CRD would put it: as the root if it is a kind, else as its spec, where
// each rule is reached once, so its cost is the least any CRD would give
// it and no rule a CRD could carry is refused. It reports false when t has
// no structural schema (an interface, a recursive type…): then only the
// parse and name checks are possible.
func compileRules(schemas *openapi.Result, t *model.Type) ([]error, bool) {
	if _, isStruct := t.Object.Type().Underlying().(*types.Struct); !isStruct {
		// Only structs have definitions of their own to expand; the rules
		// of a named string, list or map type are checked as written.
		return nil, false
	}
	expanded, err := schemas.Expand(t.Object)
	if err != nil {
		return nil, false
	}
	root, prefix := placeInCRD(expanded.Schema)
	props, err := crd.ToJSONSchemaProps(root)
	if err != nil {
		return nil, false
	}
	var problems, total []error
	ownContributed, othersContributed := false, false
	for _, e := range crd.Validate(crd.ProbeCRD("lint.metagen.dev", props)) {
		path, ok := schemaPath(e.Field, prefix)
		if !ok || !strings.Contains(path+e.Detail, "x-kubernetes-validations") {
			continue // not about the rules: the schema is no CRD's yet
		}
		rule, ok := ruleKey(path)
		if !ok {
			total = append(total, diag.Errorf(t.Pos, "the x-kubernetes-validations rules of type %s, as a CRD would hold them: %s", t.Name, crd.Describe(e)))
			continue
		}
		m, ours := markerAt(t, expanded.Origins[rule])
		if !ours {
			// A rule of another type (a field's, an inlined member's): it is
			// compiled as its own type's, where its cost is least.
			othersContributed = othersContributed || strings.Contains(e.Detail, "contributed to")
			continue
		}
		ownContributed = ownContributed || strings.Contains(e.Detail, "contributed to")
		full, _ := schemaPath(e.Field, "")
		problems = append(problems, ruleError(m, e, crd.CostAdvice(props, full, e)))
	}
	if ownContributed || !othersContributed {
		// The total is over the budget in every CRD that holds t; said at
		// t unless only other types' rules make it so (said at theirs).
		problems = append(problems, total...)
	}
	return problems, true
}

// placeInCRD is the schema a CRD would hold for s, and the path of s in it:
// a kind is the root (with metadata as {type: object}, as a CRD has it),
// anything else the spec of one.
func placeInCRD(s *spec.Schema) (*spec.Schema, string) {
	_, hasMeta := s.Properties["metadata"]
	_, hasKind := s.Properties["kind"]
	if hasMeta && hasKind {
		s.Properties["metadata"] = spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}
		return s, ""
	}
	return &spec.Schema{SchemaProps: spec.SchemaProps{
		Type:       []string{"object"},
		Properties: map[string]spec.Schema{"spec": *s},
	}}, "properties[spec]"
}

// schemaPath is an error's field path relative to the type's schema ("" for
// its root, "properties[size].x-kubernetes-validations[0].rule"), or false
// when the error is about the CRD rather than the schema.
func schemaPath(full, prefix string) (string, bool) {
	for _, root := range []string{"spec.validation.openAPIV3Schema", "spec.versions[0].schema.openAPIV3Schema"} {
		rel, ok := strings.CutPrefix(full, root)
		if !ok {
			continue
		}
		rel = strings.TrimPrefix(rel, ".")
		if prefix == "" {
			return rel, true
		}
		if rel == "" {
			return "", true // the whole schema: the total cost
		}
		if rest, ok := strings.CutPrefix(rel, prefix); ok {
			return strings.TrimPrefix(rest, "."), true
		}
	}
	return "", false
}

// ruleError places a compile or cost error of a rule at its marker,
// quoting the rule.
// advice is crd.CostAdvice's, for a rule over the cost budget.
func ruleError(m markers.Marker, e *field.Error, advice string) error {
	text := m.String()
	if rule, ok := markers.Value[markers.XValidation](m); ok {
		text = fmt.Sprintf("%s: rule %q", text, rule.Rule)
	}
	return diag.Errorf(m.Pos, "%s: %s%s", text, crd.Describe(e), advice)
}

// ruleKey is the path of the rule an error is about, up to its index
// ("properties[size].x-kubernetes-validations[0]").
func ruleKey(path string) (string, bool) {
	const seg = "x-kubernetes-validations["
	i := strings.LastIndex(path, seg)
	if i < 0 {
		return "", false
	}
	end := strings.Index(path[i:], "]")
	if end < 0 {
		return "", false
	}
	return path[:i+end+1], true
}

// markerAt is t's XValidation marker written at pos, on t or a field of t.
func markerAt(t *model.Type, pos token.Position) (markers.Marker, bool) {
	for _, m := range ownRules(t) {
		if m.Pos == pos {
			return m, true
		}
	}
	return markers.Marker{}, false
}

// ownRules are the XValidation markers on t and on its fields.
func ownRules(t *model.Type) []markers.Marker {
	own := markers.KBValidationXValidation.Markers(t.Markers)
	for _, f := range t.Fields {
		own = append(own, markers.KBValidationXValidation.Markers(f.Markers)...)
	}
	return own
}
