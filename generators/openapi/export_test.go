package openapi

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/model"
)

// Departures builds every definition of the universe twice, compatible with
// openapi-gen and not, and sorts every difference between the two into the
// departures the package documents. It returns how many differences fell in
// each, and describes those that fell in none.
func Departures(universe *model.Universe) (counts map[string]int, unexplained []string) {
	g := newGeneration(universe)
	d := &departures{counts: map[string]int{}}
	for _, pkg := range universe.Packages {
		if !enabled(pkg) {
			continue
		}
		for _, obj := range g.selected(pkg) {
			compat, full := g.newBuilder(true).define(obj), g.newBuilder(false).define(obj)
			if compat.Schema == nil || full.Schema == nil {
				continue
			}
			d.compare(goPath(obj), compat.Schema, full.Schema)
		}
	}
	return d.counts, d.unexplained
}

type departures struct {
	counts      map[string]int
	unexplained []string
}

func (d *departures) explain(category string) { d.counts[category]++ }

func (d *departures) fail(path, format string, args ...any) {
	d.unexplained = append(d.unexplained, path+": "+fmt.Sprintf(format, args...))
}

// compare walks both schemas of one definition.
func (d *departures) compare(path string, compat, full *schema) {
	if compat == nil || full == nil {
		if compat != full {
			d.fail(path, "present on one side only")
		}
		return
	}
	d.compareChecks(path, compat.Checks, full.Checks)
	d.compareType(path, compat, full)
	d.compareExtensions(path, compat.Extensions, full.Extensions)
	switch {
	case compat.Description == full.Description:
	case strings.HasPrefix(full.Description, compat.Description+"\n\nPossible enum values:"):
		d.explain("enum values of a +k8s:enum type in the description")
	default:
		d.fail(path, "description differs")
	}
	switch {
	case reflect.DeepEqual(compat.Default, full.Default):
	case compat.Default == nil:
		d.explain("default from +kubebuilder:default")
	case full.Default == nil && compat.Default != nil:
		d.explain("no enforced zero default for omitzero")
	default:
		d.fail(path, "default %v became %v", compat.Default, full.Default)
	}
	if !reflect.DeepEqual(compat.Required, full.Required) {
		d.explain("required from +k8s:required/optional, kubebuilder and omitzero")
	}
	if compat.Example != full.Example {
		d.explain("example from +kubebuilder:example")
	}
	if len(compat.Properties) != len(full.Properties) {
		d.fail(path, "%d properties became %d", len(compat.Properties), len(full.Properties))
		return
	}
	for i, p := range compat.Properties {
		d.compare(path+"/"+p.Name, p.Schema, full.Properties[i].Schema)
	}
	d.compare(path+"/items", compat.Items, full.Items)
	d.compare(path+"/additionalProperties", compat.AdditionalProperties, full.AdditionalProperties)
}

// compareChecks: value validations may only be added.
func (d *departures) compareChecks(path string, compat, full spec.SchemaProps) {
	if reflect.DeepEqual(compat, full) {
		return
	}
	added := full
	if !reflect.DeepEqual(compat.AllOf, full.AllOf) || !reflect.DeepEqual(compat.Pattern, full.Pattern) && compat.Pattern != "" {
		d.fail(path, "openapi-gen's own validations changed")
		return
	}
	added.AllOf = nil
	if compat.AnyOf == nil && full.AnyOf != nil {
		d.explain("anyOf integer or string from +kubebuilder:validation:XIntOrString")
		added.AnyOf = nil
	}
	if !reflect.DeepEqual(added, spec.SchemaProps{}) {
		d.explain("validation keywords from +k8s: tags and kubebuilder markers")
	}
}

func (d *departures) compareType(path string, compat, full *schema) {
	if compat.Format != full.Format {
		if compat.Format == "" || full.Format != "" {
			d.explain("format from +k8s:format, kubebuilder and +k8s:validation:format")
		} else {
			d.explain("type replaced by +kubebuilder:validation:Type or XIntOrString")
		}
	}
	if !reflect.DeepEqual(compat.Enum, full.Enum) {
		if compat.Enum != nil {
			d.fail(path, "enum %v became %v", compat.Enum, full.Enum)
		} else {
			d.explain("enum from +k8s:enum, kubebuilder and +k8s:validation:enum")
		}
	}
	if !reflect.DeepEqual(compat.Type, full.Type) || !reflect.DeepEqual(compat.Ref, full.Ref) {
		d.explain("type replaced by +kubebuilder:validation:Type or XIntOrString")
	}
}

// compareExtensions: extensions may only be added, or CEL rules appended.
func (d *departures) compareExtensions(path string, compat, full []extension) {
	have := map[string]any{}
	for _, e := range full {
		have[e.Key] = e.Value
	}
	for _, e := range compat {
		value, ok := have[e.Key]
		switch {
		case !ok:
			d.fail(path, "extension %s dropped", e.Key)
		case reflect.DeepEqual(value, e.Value):
		case e.Key == "x-kubernetes-validations":
			d.explain("CEL rules from +kubebuilder:validation:XValidation")
		default:
			d.fail(path, "extension %s changed", e.Key)
		}
		delete(have, e.Key)
	}
	keys := make([]string, 0, len(have))
	for key := range have {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		switch key {
		case "x-kubernetes-validations":
			d.explain("CEL rules from +kubebuilder:validation:XValidation")
		case "x-kubernetes-list-type", "x-kubernetes-list-map-keys":
			d.explain("list type from +k8s:listType and +k8s:listMapKey")
		case "x-kubernetes-int-or-string", "x-kubernetes-embedded-resource", "x-kubernetes-preserve-unknown-fields":
			d.explain("kubebuilder's x-kubernetes- flags")
		default:
			d.fail(path, "extension %s added", key)
		}
	}
}

// APIRuleViolations lints every package of the universe with openapi-gen's
// API rules and returns the report lines.
func APIRuleViolations(universe *model.Universe) []string {
	g := newGeneration(universe)
	var lines []string
	for _, pkg := range universe.Packages {
		for _, v := range g.violations(pkg) {
			lines = append(lines, v.String())
		}
	}
	sort.Strings(lines)
	return lines
}
