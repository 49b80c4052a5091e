package docs

import (
	"encoding/json"
	"slices"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// example is a minimal object of a kind's version as YAML: apiVersion,
// kind, a name (and namespace), and below spec (and any other top-level
// field but status) the fields that are required or defaulted.
func example(obj *apiextensionsv1.CustomResourceDefinition, version string, root *apiextensionsv1.JSONSchemaProps) string {
	meta := map[string]any{"name": "example"}
	if obj.Spec.Scope == apiextensionsv1.NamespaceScoped {
		meta["namespace"] = "default"
	}
	out := map[string]any{"apiVersion": obj.Spec.Group + "/" + version, "kind": obj.Spec.Names.Kind, "metadata": meta}
	for name, prop := range root.Properties {
		switch name {
		case "apiVersion", "kind", "metadata", "status":
			continue
		}
		if v, ok := sample(&prop, slices.Contains(root.Required, name)); ok {
			out[name] = v
		}
	}
	data, err := yaml.Marshal(out)
	if err != nil {
		return ""
	}
	return string(data)
}

// sample is a value of a node: its default, else (when required, or an
// object with required or defaulted fields) a value of its type: the first
// enum value, the minimum, minItems items, a placeholder string.
func sample(node *apiextensionsv1.JSONSchemaProps, required bool) (any, bool) {
	if node.Default != nil {
		var v any
		if json.Unmarshal(node.Default.Raw, &v) == nil {
			return v, true
		}
	}
	if len(node.Enum) > 0 && required {
		var v any
		if json.Unmarshal(node.Enum[0].Raw, &v) == nil {
			return v, true
		}
	}
	switch {
	case node.XIntOrString:
		return 1, required
	case node.Type == "object" && len(node.Properties) > 0:
		m := map[string]any{}
		for name, prop := range node.Properties {
			if v, ok := sample(&prop, slices.Contains(node.Required, name)); ok {
				m[name] = v
			}
		}
		return m, required || len(m) > 0
	case !required:
		return nil, false
	case node.Type == "object":
		return map[string]any{}, true
	case node.Type == "array":
		list := []any{}
		if node.MinItems != nil && node.Items != nil && node.Items.Schema != nil {
			for range *node.MinItems {
				v, _ := sample(node.Items.Schema, true)
				list = append(list, v)
			}
		}
		return list, true
	case node.Type == "string":
		switch node.Format {
		case "date-time":
			return "2006-01-02T15:04:05Z", true
		case "date":
			return "2006-01-02", true
		}
		return "example", true
	case node.Type == "integer", node.Type == "number":
		if node.Minimum != nil {
			if node.ExclusiveMinimum {
				return *node.Minimum + 1, true
			}
			return *node.Minimum, true
		}
		return 0, true
	case node.Type == "boolean":
		return false, true
	}
	return nil, required
}
