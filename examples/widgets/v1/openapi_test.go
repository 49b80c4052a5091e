package v1_test

import (
	"encoding/json"
	"strings"
	"testing"

	apiextensionsopenapi "k8s.io/apiextensions-apiserver/pkg/generated/openapi"
	"k8s.io/apimachinery/pkg/runtime"
	openapinamer "k8s.io/apiserver/pkg/endpoints/openapi"
	"k8s.io/kube-openapi/pkg/builder3"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
	"k8s.io/kube-openapi/pkg/validation/validate"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// The generated definitions compose with those of the Kubernetes types they
// refer to (here from apiextensions-apiserver's generated openapi, which has
// meta/v1): kube-openapi's builder3 builds the v3 schemas of a Widget, named
// and tagged as kube-apiserver does.
func TestOpenAPIV3SchemaOfWidget(t *testing.T) {
	schemas := widgetSchemas(t)
	widget := schemas[escaped("Widget")]
	if widget == nil {
		t.Fatalf("no Widget schema among %d", len(schemas))
	}
	gvk, _ := json.Marshal(widget.Extensions["x-kubernetes-group-version-kind"])
	if string(gvk) != `[{"group":"widgets.example.com","kind":"Widget","version":"v1"}]` {
		t.Errorf("x-kubernetes-group-version-kind = %s", gvk)
	}
	color := schemas[escaped("WidgetSpec")].Properties["color"]
	if *color.MaxLength != 32 || color.Pattern != `^[a-z]+(-[a-z]+)*$` {
		t.Errorf("color = %+v: the validation markers are not in the schema", color.SchemaProps)
	}
}

// The schema validates values the way the markers say.
func TestOpenAPISchemaValidatesWidgetSpecs(t *testing.T) {
	schemas := widgetSchemas(t)
	spec := schemas[escaped("WidgetSpec")]
	if spec == nil {
		t.Fatal("no WidgetSpec schema")
	}
	validator := validate.NewSchemaValidator(spec, nil, "", strfmt.Default)
	for value, valid := range map[string]bool{
		`{"color": "red"}`:                  true,
		`{"color": "Red"}`:                  false,
		`{"color": "red", "replicas": 101}`: false,
		`{"color": "red", "replicas": 7}`:   true,
		`{}`:                                false,
	} {
		var object any
		if err := json.Unmarshal([]byte(value), &object); err != nil {
			t.Fatal(err)
		}
		if got := validator.Validate(object).IsValid(); got != valid {
			t.Errorf("%s: valid = %v, want %v", value, got, valid)
		}
	}
}

// escaped is the component name of a type of the package, in its model
// package, escaped as a JSON pointer needs.
func escaped(name string) string {
	return common.EscapeJsonPointer("com.example.widgets.v1." + name)
}

func widgetSchemas(t *testing.T) map[string]*spec.Schema {
	t.Helper()
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	definitions := func(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
		all := apiextensionsopenapi.GetOpenAPIDefinitions(ref)
		for name, def := range widgetsv1.GetOpenAPIDefinitions(ref) {
			all[name] = def
		}
		return all
	}
	config := &common.OpenAPIV3Config{GetDefinitions: definitions, GetDefinitionName: openapinamer.NewDefinitionNamer(scheme).GetDefinitionName}
	var names []string
	for name := range widgetsv1.GetOpenAPIDefinitions(func(string) spec.Ref { return spec.Ref{} }) {
		if strings.HasSuffix(name, ".Widget") || strings.HasSuffix(name, ".WidgetList") {
			names = append(names, name)
		}
	}
	schemas, err := builder3.BuildOpenAPIDefinitionsForResources(config, names...)
	if err != nil {
		t.Fatal(err)
	}
	return schemas
}
