package validation

import (
	"encoding/json"
	"errors"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// celPkg is the schema library that evaluates a type's CEL rules; generated
// code imports it only for a package whose root types carry rules.
const celPkg = "github.com/metagen-dev/metagen/schema/cel"

// celPlan is a root type's CEL rules: the structural schema they are
// compiled in, as its CRD holds it, for schema/cel.
type celPlan struct {
	// schema is the JSON of the schema (an apiextensions.k8s.io/v1
	// JSONSchemaProps), without descriptions.
	schema string
	// resourceRoot: the type is a kind, the root of a resource, whose
	// apiVersion, kind and metadata.name the rules may read.
	resourceRoot bool
}

// celMarkers are the markers a CRD schema writes as x-kubernetes-validations.
var celMarkers = []markers.Definer{
	markers.KBValidationXValidation,
	markers.KBValidationExactlyOneOf, markers.KBValidationAtMostOneOf, markers.KBValidationAtLeastOneOf,
}

// celRules plans the CEL rules of root type t: its schema expanded as for a
// CRD (openapi's Expand, the schema the crd generator writes), a kind's
// metadata as a CRD has it. The rules +k8s:immutable becomes in a CRD are
// left out: the Go check of validation-gen's tag enforces it already, in
// validation-gen's words. A type whose schema cannot be expanded gets no
// CEL, with a warning when it has rules of its own.
func (a *analyzer) celRules(t *model.Type) *celPlan {
	schemas := a.u.decided.schemas
	if schemas == nil || t.Object == nil {
		return nil
	}
	if _, isStruct := t.Object.Type().Underlying().(*types.Struct); !isStruct {
		return nil
	}
	expanded, err := schemas.Expand(t.Object)
	if err != nil {
		// Floats are refused for a CRD unless allowDangerousTypes; the
		// rules still compile in the schema that describes them.
		if expanded, err = schemas.ExpandDescribing(t.Object); err != nil {
			if m, ok := firstCELMarker(t); ok {
				a.warnf(m.Pos, "the CEL rules of %s are enforced by the CRD only, not by Go validation: its schema cannot be expanded (%s)", t.Name, firstLine(err))
			}
			return nil
		}
	}
	s := expanded.Schema
	plan := &celPlan{}
	if _, hasMeta := s.Properties["metadata"]; hasMeta {
		if _, hasKind := s.Properties["kind"]; hasKind {
			s.Properties["metadata"] = spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}
			plan.resourceRoot = true
		}
	}
	data, err := json.Marshal(s)
	if err != nil {
		return nil
	}
	var props apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal(data, &props); err != nil {
		return nil
	}
	immutable := a.u.immutablePositions()
	if !keepRules(&props, "", expanded.Origins, immutable) {
		return nil
	}
	var buf strings.Builder
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&props); err != nil {
		return nil
	}
	plan.schema = strings.TrimSuffix(buf.String(), "\n")
	return plan
}

// keepRules drops descriptions and the rules written by +k8s:immutable
// from s, reporting whether any rule is left.
func keepRules(s *apiextensionsv1.JSONSchemaProps, path string, origins map[string]token.Position, immutable map[token.Position]bool) bool {
	if s == nil {
		return false
	}
	s.Description = ""
	var kept apiextensionsv1.ValidationRules
	for i, r := range s.XValidations {
		if immutable[origins[join(path, "x-kubernetes-validations["+strconv.Itoa(i)+"]")]] {
			continue
		}
		kept = append(kept, r)
	}
	s.XValidations = kept
	has := len(kept) > 0
	for name, p := range s.Properties {
		if keepRules(&p, join(path, "properties["+name+"]"), origins, immutable) {
			has = true
		}
		s.Properties[name] = p
	}
	if s.Items != nil {
		if keepRules(s.Items.Schema, join(path, "items"), origins, immutable) {
			has = true
		}
	}
	if s.AdditionalProperties != nil {
		if keepRules(s.AdditionalProperties.Schema, join(path, "additionalProperties"), origins, immutable) {
			has = true
		}
	}
	for _, group := range [][]apiextensionsv1.JSONSchemaProps{s.AllOf, s.AnyOf, s.OneOf} {
		for i := range group {
			if keepRules(&group[i], "", nil, nil) {
				has = true
			}
		}
	}
	return has
}

func join(path, seg string) string {
	if path == "" {
		return seg
	}
	return path + "." + seg
}

// immutablePositions are where the input packages write +k8s:immutable,
// computed once per run.
func (u *universePlan) immutablePositions() map[token.Position]bool {
	if u.immutable != nil {
		return u.immutable
	}
	u.immutable = map[token.Position]bool{}
	for _, pkg := range u.byPath {
		for _, t := range pkg.NamedTypes {
			for _, m := range markers.K8sImmutable.Markers(t) {
				u.immutable[m.Pos] = true
			}
			for _, f := range t.Fields {
				for _, m := range markers.K8sImmutable.Markers(f) {
					u.immutable[m.Pos] = true
				}
			}
		}
	}
	return u.immutable
}

func firstCELMarker(t *model.Type) (markers.Marker, bool) {
	sets := []markers.Set{t.Markers}
	for _, f := range t.Fields {
		sets = append(sets, f.Markers)
	}
	for _, set := range sets {
		for _, def := range celMarkers {
			if m, ok := set.Get(def.Definition().Name); ok {
				return m, true
			}
		}
	}
	return markers.Marker{}, false
}

func firstLine(err error) string {
	for _, e := range diag.Unwrap(err) {
		var d *diag.Error
		if errors.As(e, &d) {
			return d.Msg
		}
		return e.Error()
	}
	return err.Error()
}

// celVar names the variable that holds a type's rules.
func celVar(tp *typePlan) string { return "celRules_" + tp.t.Name }

// writeCELVar declares the type's rules, compiled on first use.
func (w *writer) writeCELVar(tp *typePlan) {
	w.file.Comment(celVar(tp) + " are the CEL rules of " + tp.t.Name + "'s schema, as its CRD holds it, compiled on first use.")
	schema := jen.Lit(tp.cel.schema)
	if !strings.ContainsAny(tp.cel.schema, "`\r") {
		schema = jen.Op("`" + tp.cel.schema + "`") // raw, to be read
	}
	rules := jen.Qual(celPkg, "New").Call(schema, jen.Lit(tp.cel.resourceRoot))
	if statusDroppedOnCreate(tp) {
		rules = rules.Dot("StatusSubresource").Call()
	}
	w.file.Var().Id(celVar(tp)).Op("=").Add(rules)
	w.file.Line()
}

// celCall evaluates the type's rules after its other checks, which decide
// whether they run, as kube-apiserver decides it (schema/cel.Blocked).
func (w *writer) celCall(tp *typePlan) []jen.Code {
	return []jen.Code{
		jen.Comment("the CEL rules of the schema (x-kubernetes-validations), as kube-apiserver evaluates them"),
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(celVar(tp)).Dot("Validate").Call(
			jen.Id("ctx"), jen.Id("op"), jen.Id("fldPath"), jen.Id("obj"), jen.Id("oldObj"), jen.Id("errs")).Op("...")),
	}
}
