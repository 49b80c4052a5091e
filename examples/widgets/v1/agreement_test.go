package v1_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// The generated Go validation and the generated CRD schema (as
// kube-apiserver validates custom resources with it) must agree on every
// rule they share. Each case sits on one side of one rule's boundary; a
// valid spec is changed by one field.
//
// Not shared, and so not here: +k8s:eachKey (OpenAPI cannot describe map
// keys) and the CEL rules, which only the schema carries.
func TestGoValidationAndSchemaAgree(t *testing.T) {
	validator := crdValidator(t)
	long := func(n int) string { return strings.Repeat("a", n) }
	parts := func(n int) []widgetsv1.Part {
		out := make([]widgetsv1.Part, n)
		for i := range out {
			out[i].Name = "p" + strings.Repeat("x", i)
		}
		return out
	}
	settings := func(n int) map[string]string {
		out := map[string]string{}
		for i := range n {
			out["k"+strings.Repeat("x", i)] = "v"
		}
		return out
	}
	type rule struct {
		valid  bool
		change func(*widgetsv1.WidgetSpec)
	}
	for name, c := range map[string]rule{
		"valid":                    {true, func(*widgetsv1.WidgetSpec) {}},
		"color empty (required)":   {false, func(s *widgetsv1.WidgetSpec) { s.Color = "" }},
		"color at maxLength":       {true, func(s *widgetsv1.WidgetSpec) { s.Color = long(32) }},
		"color over maxLength":     {false, func(s *widgetsv1.WidgetSpec) { s.Color = long(33) }},
		"color against pattern":    {false, func(s *widgetsv1.WidgetSpec) { s.Color = "Red" }},
		"color matching pattern":   {true, func(s *widgetsv1.WidgetSpec) { s.Color = "dark-red" }},
		"replicas at minimum":      {true, func(s *widgetsv1.WidgetSpec) { s.Replicas = ptr.To[int32](0) }},
		"replicas below minimum":   {false, func(s *widgetsv1.WidgetSpec) { s.Replicas = ptr.To[int32](-1) }},
		"replicas at maximum":      {true, func(s *widgetsv1.WidgetSpec) { s.Replicas = ptr.To[int32](100) }},
		"replicas over maximum":    {false, func(s *widgetsv1.WidgetSpec) { s.Replicas = ptr.To[int32](101) }},
		"parts at maxItems":        {true, func(s *widgetsv1.WidgetSpec) { s.Parts = parts(16) }},
		"parts over maxItems":      {false, func(s *widgetsv1.WidgetSpec) { s.Parts = parts(17) }},
		"part name short name":     {true, func(s *widgetsv1.WidgetSpec) { s.Parts = []widgetsv1.Part{{Name: "axle-2"}} }},
		"part name not short name": {false, func(s *widgetsv1.WidgetSpec) { s.Parts = []widgetsv1.Part{{Name: "Axle"}} }},
		"part name with a dot":     {false, func(s *widgetsv1.WidgetSpec) { s.Parts = []widgetsv1.Part{{Name: "a.b"}} }},
		"part name too long":       {false, func(s *widgetsv1.WidgetSpec) { s.Parts = []widgetsv1.Part{{Name: long(64)}} }},
		"part name empty":          {false, func(s *widgetsv1.WidgetSpec) { s.Parts = []widgetsv1.Part{{Name: ""}} }},
		"supplier long name": {true, func(s *widgetsv1.WidgetSpec) {
			s.Parts = []widgetsv1.Part{{Name: "axle", Suppliers: []string{"acme.example.com"}}}
		}},
		"supplier not long name": {false, func(s *widgetsv1.WidgetSpec) {
			s.Parts = []widgetsv1.Part{{Name: "axle", Suppliers: []string{"Acme_Corp"}}}
		}},
		"settings at maxProperties":   {true, func(s *widgetsv1.WidgetSpec) { s.Settings = settings(32) }},
		"settings over maxProperties": {false, func(s *widgetsv1.WidgetSpec) { s.Settings = settings(33) }},
	} {
		t.Run(name, func(t *testing.T) {
			spec := widgetsv1.WidgetSpec{Color: "red"}
			c.change(&spec)
			goErrs := widgetsv1.Validate_WidgetSpec(context.Background(), operation.Operation{Type: operation.Create}, field.NewPath("spec"), &spec, nil)
			schemaErrs := validator.Validate(asJSON(t, widgetsv1.Widget{Spec: spec}))
			if goValid, schemaValid := len(goErrs) == 0, schemaErrs.IsValid(); goValid != c.valid || schemaValid != c.valid {
				t.Errorf("want valid=%v; Go validation says %v %v, the CRD schema says %v %v", c.valid, goValid, goErrs, schemaValid, schemaErrs.Errors)
			}
		})
	}
}

// crdValidator validates objects with the checked-in CRD's schema, as
// kube-apiserver validates custom resources.
func crdValidator(t *testing.T) apiservervalidation.SchemaValidator {
	t.Helper()
	data, err := os.ReadFile("../config/crd/widgets.example.com_widgets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.Unmarshal(data, &crd); err != nil {
		t.Fatal(err)
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(crd.Spec.Versions[0].Schema.OpenAPIV3Schema, &internal, nil); err != nil {
		t.Fatal(err)
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(&internal)
	if err != nil {
		t.Fatal(err)
	}
	return validator
}

func asJSON(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
