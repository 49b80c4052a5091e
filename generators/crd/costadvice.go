package crd

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// overBudget matches apiextensions' error for one rule (or its
// messageExpression) whose estimated cost is over the per-call limit.
var overBudget = regexp.MustCompile(`estimated (rule|messageExpression) cost exceeds budget`)

// ruleSegment splits a schema path at the rule it ends in:
// "properties[spec].x-kubernetes-validations[0].rule" is the node
// "properties[spec]" and rule 0.
var ruleSegment = regexp.MustCompile(`^(.*?)\.?x-kubernetes-validations\[(\d+)\]`)

// maxBound is the largest bound the advice searches: a bound larger than
// this fits any rule that any bound fits, in practice.
const maxBound = 1 << 24

// CostAdvice is what to add to a rule's error when apiextensions estimates
// its cost over the budget (e, at path rel of the schema root): which
// unbounded lists, maps and strings under the rule's node drive the
// estimate, and the largest maxItems, maxProperties or maxLength for one of
// them that makes the rule fit, found by estimating the rule again (with
// apiextensions' own compilation, alone in a probe CRD) with the bound set,
// by binary search. It is "" for other errors, or when no bound helps.
func CostAdvice(root *apiextensionsv1.JSONSchemaProps, rel string, e *field.Error) string {
	if root == nil || !overBudget.MatchString(e.Detail) {
		return ""
	}
	m := ruleSegment.FindStringSubmatch(rel)
	if m == nil {
		return ""
	}
	index, _ := strconv.Atoi(m[2])
	node := schemaAt(root, m[1])
	if node == nil || index >= len(node.XValidations) {
		return ""
	}
	probe := node.DeepCopy()
	probe.XValidations = apiextensionsv1.ValidationRules{node.XValidations[index]}
	for name, p := range probe.Properties {
		dropRules(&p)
		probe.Properties[name] = p
	}
	if probe.Items != nil {
		dropRules(probe.Items.Schema)
	}
	if probe.AdditionalProperties != nil {
		dropRules(probe.AdditionalProperties.Schema)
	}
	resourceRoot := m[1] == ""
	fits := func(s *apiextensionsv1.JSONSchemaProps) bool { return ruleFits(s, resourceRoot) }
	if fits(probe) {
		return "" // over budget only with the other rules: not this rule's bounds
	}
	var unbounded []bound
	collectUnbounded(probe, "self", "", &unbounded)
	if len(unbounded) == 0 {
		return ""
	}
	var names, fixes []string
	for _, b := range unbounded {
		names = append(names, b.describe())
		if n, ok := largestFitting(probe, []bound{b}, fits); ok {
			fixes = append(fixes, b.fix(n))
		}
	}
	advice := "; its estimate grows with " + strings.Join(names, ", ")
	switch {
	case len(fixes) == 1:
		advice += "; this makes it fit: " + fixes[0]
	case len(fixes) > 1:
		advice += "; any one of these makes it fit: " + strings.Join(fixes, "; ")
	case len(unbounded) > 1:
		if n, ok := largestFitting(probe, unbounded, fits); ok {
			var all []string
			for _, b := range unbounded {
				all = append(all, b.fix(n))
			}
			advice += "; no one bound makes it fit, all of these together do: " + strings.Join(all, "; ")
		} else {
			advice += "; no bounds make it fit: simplify the rule"
		}
	default:
		advice += "; no bound makes it fit: simplify the rule"
	}
	return advice
}

// bound is one unbounded list, map or string under a rule's node.
type bound struct {
	// where is the value as the rule reads it (self.names, self.names[*]);
	// path its schema path relative to the node.
	where, path string
	keyword     string // maxItems, maxProperties or maxLength
	marker      string // the kubebuilder marker that sets it, on the field
}

func (b bound) describe() string {
	what := map[string]string{"maxItems": "a list", "maxProperties": "a map", "maxLength": "a string"}[b.keyword]
	return fmt.Sprintf("%s (%s without %s)", b.where, what, b.keyword)
}

func (b bound) fix(n int64) string {
	return fmt.Sprintf("%s: %s=%d or less (%s=%d)", b.where, b.keyword, n, b.marker, n)
}

// collectUnbounded lists the unbounded values of s, read as where; items
// and map values are named with [*], and their markers with items: (the
// only nesting a kubebuilder marker on a field reaches).
func collectUnbounded(s *apiextensionsv1.JSONSchemaProps, where, path string, out *[]bound) {
	if s == nil {
		return
	}
	prefix := "+kubebuilder:validation:"
	if strings.HasSuffix(where, "[*]") {
		prefix += "items:"
	}
	switch {
	case s.Type == "array" && s.MaxItems == nil:
		*out = append(*out, bound{where, path, "maxItems", prefix + "MaxItems"})
	case s.Type == "object" && s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil && s.MaxProperties == nil:
		*out = append(*out, bound{where, path, "maxProperties", prefix + "MaxProperties"})
	case s.Type == "string" && s.MaxLength == nil && len(s.Enum) == 0:
		*out = append(*out, bound{where, path, "maxLength", prefix + "MaxLength"})
	}
	for name, p := range s.Properties {
		p := p
		collectUnbounded(&p, where+"."+name, childPath(path, "properties["+name+"]"), out)
	}
	if s.Items != nil {
		collectUnbounded(s.Items.Schema, where+"[*]", childPath(path, "items"), out)
	}
	if s.AdditionalProperties != nil {
		collectUnbounded(s.AdditionalProperties.Schema, where+"[*]", childPath(path, "additionalProperties"), out)
	}
}

// childPath joins schema path segments.
func childPath(path, seg string) string {
	if path == "" {
		return seg
	}
	return path + "." + seg
}

// largestFitting is the largest n such that the rule fits with every
// bound in bs set to n (the estimate only grows with n).
func largestFitting(probe *apiextensionsv1.JSONSchemaProps, bs []bound, fits func(*apiextensionsv1.JSONSchemaProps) bool) (int64, bool) {
	with := func(n int64) *apiextensionsv1.JSONSchemaProps {
		s := probe.DeepCopy()
		for _, b := range bs {
			edit(s, b.path, func(t *apiextensionsv1.JSONSchemaProps) {
				switch b.keyword {
				case "maxItems":
					t.MaxItems = &n
				case "maxProperties":
					t.MaxProperties = &n
				case "maxLength":
					t.MaxLength = &n
				}
			})
		}
		return s
	}
	if !fits(with(1)) {
		return 0, false
	}
	lo, hi := int64(1), int64(maxBound)
	if fits(with(hi)) {
		return hi, true
	}
	for hi-lo > 1 { // fits(lo), !fits(hi)
		mid := lo + (hi-lo)/2
		if fits(with(mid)) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, true
}

// ruleFits reports whether s's rules are within the cost budget, as
// apiextensions estimates them in a CRD whose schema is s (a resource's
// root) or holds s as its spec.
func ruleFits(s *apiextensionsv1.JSONSchemaProps, resourceRoot bool) bool {
	root := s
	if !resourceRoot {
		root = &apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{"spec": *s}}
	}
	for _, e := range Validate(ProbeCRD("cost.metagen.dev", root)) {
		if strings.Contains(e.Detail, "cost") {
			return false
		}
	}
	return true
}

// ProbeCRD is the smallest CRD that serves schema, in group (a name of
// ours): apiextensions' validation of it checks the schema and its CEL rules
// alone (cost advice here, lint-cel's checks of packages without CRDs).
func ProbeCRD(group string, schema *apiextensionsv1.JSONSchemaProps) *apiextensionsv1.CustomResourceDefinition {
	out := &apiextensionsv1.CustomResourceDefinition{
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: group,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: "probes", Singular: "probe", Kind: "Probe", ListKind: "ProbeList"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name: "v1", Served: true, Storage: true,
				Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: schema},
			}},
		},
	}
	out.Name = "probes." + group
	return out
}

// schemaAt is the node at a schema path (properties[x], items,
// additionalProperties, joined by dots) of s, or nil.
func schemaAt(s *apiextensionsv1.JSONSchemaProps, path string) *apiextensionsv1.JSONSchemaProps {
	var found *apiextensionsv1.JSONSchemaProps
	edit(s, path, func(n *apiextensionsv1.JSONSchemaProps) { c := n.DeepCopy(); found = c })
	return found
}

// edit calls f on the node at path of s, in place (properties are map
// values: each is copied, edited and stored back).
func edit(s *apiextensionsv1.JSONSchemaProps, path string, f func(*apiextensionsv1.JSONSchemaProps)) {
	if s == nil {
		return
	}
	if path == "" {
		f(s)
		return
	}
	head, rest, _ := strings.Cut(path, ".")
	switch {
	case strings.HasPrefix(head, "properties["):
		// A property name may hold dots: the segment ends at its "]".
		end := strings.Index(path, "]")
		if end < 0 {
			return
		}
		name := path[len("properties["):end]
		rest = strings.TrimPrefix(path[end+1:], ".")
		p, ok := s.Properties[name]
		if !ok {
			return
		}
		edit(&p, rest, f)
		s.Properties[name] = p
	case head == "items":
		if s.Items != nil {
			edit(s.Items.Schema, rest, f)
		}
	case head == "additionalProperties":
		if s.AdditionalProperties != nil {
			edit(s.AdditionalProperties.Schema, rest, f)
		}
	}
}

// dropRules removes every rule from s and what is below it.
func dropRules(s *apiextensionsv1.JSONSchemaProps) {
	if s == nil {
		return
	}
	s.XValidations = nil
	for name, p := range s.Properties {
		dropRules(&p)
		s.Properties[name] = p
	}
	if s.Items != nil {
		dropRules(s.Items.Schema)
	}
	if s.AdditionalProperties != nil {
		dropRules(s.AdditionalProperties.Schema)
	}
}
