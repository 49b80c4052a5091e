package server_test

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"k8s.io/client-go/discovery"
	"k8s.io/kube-openapi/pkg/spec3"
	"k8s.io/kube-openapi/pkg/validation/spec"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/server"
)

// /openapi/v2 and /openapi/v3 describe every type the server serves, as
// kube-apiserver's do: the CRD API, namespaces and PodCertificateRequests,
// the Go types from their generated definitions, custom resources from
// their CRD's schema.
func TestOpenAPI(t *testing.T) {
	for mode, opts := range map[string]server.Options{
		"scheme": {Scheme: widgetsScheme(t), OpenAPIDefinitions: widgetsv1.GetOpenAPIDefinitions},
		"crd":    {CRDPaths: []string{"testdata/crds"}},
	} {
		t.Run(mode, func(t *testing.T) {
			s := server.StartForTest(t, opts)
			disco := discovery.NewDiscoveryClientForConfigOrDie(s.RESTConfig())
			paths, err := disco.OpenAPIV3().Paths()
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"api/v1", "apis/apiextensions.k8s.io/v1", "apis/certificates.k8s.io/v1", "apis/widgets.example.com/v1"} {
				if _, ok := paths[want]; !ok {
					t.Errorf("/openapi/v3 lists %v, not %s", slices.Sorted(maps.Keys(paths)), want)
				}
			}
			data, err := paths["apis/widgets.example.com/v1"].Schema("application/json")
			if err != nil {
				t.Fatal(err)
			}
			var doc spec3.OpenAPI
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			widget := findGVK(doc.Components.Schemas, "widgets.example.com", "v1", "Widget")
			if widget == "" {
				t.Fatalf("/openapi/v3/apis/widgets.example.com/v1 has no schema for Widget")
			}
			widgetSpec := doc.Components.Schemas[widget].Properties["spec"]
			if ref := widgetSpec.Ref.String(); ref != "" {
				widgetSpec = *doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
			} else if len(widgetSpec.AllOf) == 1 {
				widgetSpec = *doc.Components.Schemas[strings.TrimPrefix(widgetSpec.AllOf[0].Ref.String(), "#/components/schemas/")]
			}
			if _, ok := widgetSpec.Properties["color"]; !ok {
				t.Errorf("Widget's spec has no color in /openapi/v3: %v", widgetSpec.Properties)
			}

			v2, err := disco.OpenAPISchema()
			if err != nil {
				t.Fatalf("/openapi/v2: %v", err)
			}
			var kinds []string
			for _, def := range v2.GetDefinitions().GetAdditionalProperties() {
				for _, ext := range def.GetValue().GetVendorExtension() {
					if ext.GetName() == "x-kubernetes-group-version-kind" {
						kinds = append(kinds, ext.GetValue().GetYaml())
					}
				}
			}
			all := strings.Join(kinds, "\n")
			for _, want := range []string{"kind: Widget", "kind: CustomResourceDefinition", "kind: Namespace", "kind: PodCertificateRequest"} {
				if !strings.Contains(all, want) {
					t.Errorf("/openapi/v2 has no definition with %q", want)
				}
			}
		})
	}
}

// findGVK returns the name of the schema that carries the kind's
// x-kubernetes-group-version-kind.
func findGVK(schemas map[string]*spec.Schema, group, version, kind string) string {
	for name, s := range schemas {
		gvks, _ := s.Extensions["x-kubernetes-group-version-kind"].([]any)
		for _, gvk := range gvks {
			if m, _ := gvk.(map[string]any); m["group"] == group && m["version"] == version && m["kind"] == kind {
				return name
			}
		}
	}
	return ""
}
