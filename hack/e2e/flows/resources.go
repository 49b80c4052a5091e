package flows

import "strings"

// Resource is a namespaced resource the flows run on. The table is written
// once; the placeholders {kind}, {resource}, {group}, {plural} and {bare}
// (the unqualified kind) in its wants are filled from the Resource.
type Resource struct {
	Group, Version, Kind, Plural string
	// Payload is the JSON object merged into every created object, for the
	// fields outside metadata that the resource requires or shows.
	Payload string
	// CreateGeneration is metadata.generation of a new object: 1 for custom
	// resources (and pods), 0 for ConfigMaps.
	CreateGeneration int64
	// RepeatsCauses is true when the resource's strategy has no declarative
	// validation, so a metadata cause is listed once per check that finds
	// it (custom resources, spec §0.2).
	RepeatsCauses bool
}

// ConfigMaps are a built-in type with declarative validation, so each
// metadata rule gives one cause (spec §0.2).
var ConfigMaps = Resource{
	Version: "v1", Kind: "ConfigMap", Plural: "configmaps",
	Payload: `{"data":{"k":"v"}}`,
}

// Widgets are a custom resource, defined by WidgetCRD.
var Widgets = Resource{
	Group: "e2e.metagen.dev", Version: "v1", Kind: "Widget", Plural: "widgets",
	Payload:          `{"spec":{"size":1}}`,
	CreateGeneration: 1,
	RepeatsCauses:    true,
}

// WidgetCRD defines Widgets. The caller applies it before running flows on
// Widgets (POST to apiextensions.k8s.io, or the in-process server's CRD
// directory).
const WidgetCRD = `{
  "apiVersion": "apiextensions.k8s.io/v1",
  "kind": "CustomResourceDefinition",
  "metadata": {"name": "widgets.e2e.metagen.dev"},
  "spec": {
    "group": "e2e.metagen.dev",
    "scope": "Namespaced",
    "names": {"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
    "versions": [{
      "name": "v1", "served": true, "storage": true,
      "subresources": {"status": {}},
      "schema": {"openAPIV3Schema": {
        "type": "object",
        "properties": {
          "spec": {"type": "object", "properties": {"size": {"type": "integer", "minimum": 0}}},
          "status": {"type": "object", "properties": {"ready": {"type": "boolean"}}}
        }
      }}
    }]
  }
}`

// apiVersion is the group/version of the resource's objects.
func (r Resource) apiVersion() string {
	if r.Group == "" {
		return r.Version
	}
	return r.Group + "/" + r.Version
}

// NewObject returns, as JSON, an object of the resource with the given
// metadata (a map, or a metav1.ObjectMeta) and the resource's payload,
// with the JSON merge patches in overlays applied.
func (r Resource) NewObject(metadata any, overlays ...string) ([]byte, error) {
	obj := map[string]any{"apiVersion": r.apiVersion(), "kind": r.Kind, "metadata": metadata}
	return MergeJSON(obj, append([]string{r.Payload}, overlays...)...)
}

// CollectionPath is the URL path of the resource in namespace ns.
func (r Resource) CollectionPath(ns string) string {
	prefix := "/apis/" + r.Group + "/" + r.Version
	if r.Group == "" {
		prefix = "/api/" + r.Version
	}
	return prefix + "/namespaces/" + ns + "/" + r.Plural
}

// qualify renders name as GroupResource.String and GroupKind.String do.
func (r Resource) qualify(name string) string {
	if r.Group == "" {
		return name
	}
	return name + "." + r.Group
}

// fill replaces the resource placeholders in s.
func (r Resource) fill(s string) string {
	return strings.NewReplacer(
		"{kind}", r.qualify(r.Kind),
		"{resource}", r.qualify(r.Plural),
		"{group}", r.Group,
		"{plural}", r.Plural,
		"{bare}", r.Kind,
	).Replace(s)
}
