package gatewaycorpus

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestBuild(t *testing.T) {
	dir := t.TempDir()
	examples := filepath.Join(dir, ExamplesDir)
	if err := os.MkdirAll(examples, 0o755); err != nil {
		t.Fatal(err)
	}
	const yamlText = `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: a
  namespace: elsewhere
spec:
  gatewayClassName: c
  listeners:
  - port: 80
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: a
spec:
  gatewayClassName: d
  listeners:
  - port: 80
---
apiVersion: gateway.networking.k8s.io/v1beta1
kind: Gateway
metadata:
  name: old-version
---
apiVersion: v1
kind: Namespace
metadata:
  name: not-a-kind-of-the-corpus
`
	if err := os.WriteFile(filepath.Join(examples, "g.yaml"), []byte(yamlText), 0o644); err != nil {
		t.Fatal(err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{Spec: apiextensionsv1.CustomResourceDefinitionSpec{
		Group: "gateway.networking.k8s.io",
		Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: "Gateway", Plural: "gateways"},
		Scope: apiextensionsv1.NamespaceScoped,
		Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{Name: "v1", Served: true,
			Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
				Type: "object",
				Properties: map[string]apiextensionsv1.JSONSchemaProps{"spec": {
					Type: "object",
					Properties: map[string]apiextensionsv1.JSONSchemaProps{
						"gatewayClassName": {Type: "string", Enum: []apiextensionsv1.JSON{{Raw: []byte(`"c"`)}, {Raw: []byte(`"d"`)}}},
					},
				}},
			}},
		}},
	}}
	cases, err := Build(dir, []*apiextensionsv1.CustomResourceDefinition{crd})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
	}
	want := []string{
		"create/Gateway/a",
		"update/Gateway/a/unchanged",
		"create/Gateway/a/spec.gatewayClassName=enum.d",
		"ratchet/Gateway/a/spec.gatewayClassName=enum.d/unchanged",
		"create/Gateway/a/spec.gatewayClassName=empty",
		"create/Gateway/a/spec.gatewayClassName=bad",
		"create/Gateway/a/spec.gatewayClassName=long",
		"update/Gateway/a/spec.gatewayClassName=changed",
		"ratchet/Gateway/a/spec.gatewayClassName=bad/unchanged",
		"ratchet/Gateway/a/spec.gatewayClassName=bad/changed",
		"create/Gateway/a/spec.listeners.0.port=neg",
		"create/Gateway/a/spec.listeners.0.port=big",
		"create/Gateway/a/spec.gatewayClassName=absent",
		"create/Gateway/a/spec.listeners=absent",
		"create/Gateway/a/spec.listeners=dup",
		"create/Gateway/a/spec.listeners=clear",
		"create/Gateway/a/spec.listeners.0.port=absent",
		// The second Gateway a: its mutations were made on the first, but
		// for the enum value it does not have.
		"create/Gateway/a.1",
		"update/Gateway/a.1/unchanged",
		"create/Gateway/a.1/spec.gatewayClassName=enum.c",
	}
	if !slices.Equal(names, want) {
		t.Errorf("cases:\n  %s\nwant:\n  %s", strings.Join(names, "\n  "), strings.Join(want, "\n  "))
	}
	byName := map[string]Case{}
	for _, c := range cases {
		byName[c.Name] = c
	}
	obj := func(raw json.RawMessage) map[string]any {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if got := obj(byName["create/Gateway/a"].Object)["metadata"].(map[string]any)["namespace"]; got != Namespace {
		t.Errorf("namespace %v, want %s", got, Namespace)
	}
	if got := obj(byName["create/Gateway/a/spec.listeners.0.port=neg"].Object)["spec"].(map[string]any)["listeners"].([]any)[0].(map[string]any)["port"]; got != float64(-1) {
		t.Errorf("port mutation %v, want -1", got)
	}
	if _, ok := obj(byName["create/Gateway/a/spec.listeners=absent"].Object)["spec"].(map[string]any)["listeners"]; ok {
		t.Error("spec.listeners=absent has listeners")
	}
	r := byName["ratchet/Gateway/a/spec.gatewayClassName=bad/changed"]
	if !r.Seeded || r.Op != "update" || obj(r.Old)["spec"].(map[string]any)["gatewayClassName"] != "-BAD-" ||
		obj(r.Object)["spec"].(map[string]any)["gatewayClassName"] != "-BAD-x" {
		t.Errorf("ratchet case: %+v", r)
	}
	if l := obj(byName["create/Gateway/a/spec.listeners=dup"].Object)["spec"].(map[string]any)["listeners"].([]any); len(l) != 2 {
		t.Errorf("dup: %v", l)
	}
	if e := byName["ratchet/Gateway/a/spec.gatewayClassName=enum.d/unchanged"]; obj(e.Old)["spec"].(map[string]any)["gatewayClassName"] != "d" ||
		obj(e.Old)["metadata"].(map[string]any)["name"] == obj(r.Old)["metadata"].(map[string]any)["name"] {
		t.Errorf("enum ratchet case: %s", e.Old)
	}
	u := byName["update/Gateway/a/unchanged"]
	if labels := obj(u.Object)["metadata"].(map[string]any)["labels"].(map[string]any); labels[UpdatedLabel] != "yes" || obj(u.Old)["metadata"].(map[string]any)["labels"] != nil {
		t.Errorf("unchanged update: %s from %s", u.Object, u.Old)
	}

	// A recording round-trips.
	cases[0].Answer = &Answer{Code: 422, Reason: "Invalid", Message: "m", Causes: []Cause{{Field: "spec.x", Type: "FieldValueInvalid", Message: "bad"}}}
	path := filepath.Join(t.TempDir(), "r.json")
	if err := (&Recording{Source: "s", Server: "v", Cases: cases}).Write(path); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Cases) != len(cases) || back.Cases[0].Answer.Causes[0] != cases[0].Answer.Causes[0] || back.Source != "s" {
		t.Errorf("read back: %+v", back)
	}
}

func TestAnswerOf(t *testing.T) {
	err := apierrors.NewInvalid(schema.GroupKind{Group: "g", Kind: "K"}, "n", field.ErrorList{field.Required(field.NewPath("spec", "x"), "")})
	a := AnswerOf(err)
	if a.Accepted || a.Code != 422 || a.Reason != "Invalid" || len(a.Causes) != 1 || a.Causes[0].Field != "spec.x" || a.Causes[0].Type != "FieldValueRequired" {
		t.Errorf("AnswerOf(422) = %+v", a)
	}
	if a := AnswerOf(nil); !a.Accepted {
		t.Errorf("AnswerOf(nil) = %+v", a)
	}
	if a := AnswerOf(errors.New("x")); a.Accepted || a.Message != "x" {
		t.Errorf("AnswerOf(error) = %+v", a)
	}
	if d := Diff("side", AnswerOf(nil), a, true); d == "" {
		t.Error("Diff of different answers is empty")
	}
	if d := Diff("side", a, a, true); d != "" {
		t.Errorf("Diff of equal answers: %s", d)
	}
	warned := a
	warned.Warnings = []string{"w"}
	if Diff("side", a, warned, true) == "" || Diff("side", a, warned, false) != "" {
		t.Error("Diff compares warnings when, and only when, asked to")
	}
}

func TestSchemaDigest(t *testing.T) {
	crd := func(desc, pattern string) []*apiextensionsv1.CustomResourceDefinition {
		return []*apiextensionsv1.CustomResourceDefinition{{Spec: apiextensionsv1.CustomResourceDefinitionSpec{Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
			Name: "v1",
			Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
				Type: "object", Description: desc,
				Properties: map[string]apiextensionsv1.JSONSchemaProps{"x": {Type: "string", Description: desc, Pattern: pattern}},
			}},
		}}}}}
	}
	if SchemaDigest(crd("a", "^a$")) != SchemaDigest(crd("b", "^a$")) {
		t.Error("the digest depends on descriptions")
	}
	if SchemaDigest(crd("a", "^a$")) == SchemaDigest(crd("a", "^b$")) {
		t.Error("the digest does not see a pattern change")
	}
}

func TestPermissive(t *testing.T) {
	one := int64(1)
	leafSchema := apiextensionsv1.JSONSchemaProps{Type: "string", Pattern: "^a$", MaxLength: &one, Enum: []apiextensionsv1.JSON{{Raw: []byte(`"a"`)}},
		XValidations: apiextensionsv1.ValidationRules{{Rule: "self == oldSelf"}}}
	crd := &apiextensionsv1.CustomResourceDefinition{Spec: apiextensionsv1.CustomResourceDefinitionSpec{Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
		Name: "v1",
		Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
			Type: "object", Required: []string{"spec"},
			Properties: map[string]apiextensionsv1.JSONSchemaProps{"spec": {
				Type: "object", Required: []string{"x"},
				Properties: map[string]apiextensionsv1.JSONSchemaProps{"x": leafSchema, "l": {Type: "array", MaxItems: &one,
					Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &leafSchema}}},
			}},
		}},
	}}}}
	p := Permissive(crd).Spec.Versions[0].Schema.OpenAPIV3Schema
	spec := p.Properties["spec"]
	x, l := spec.Properties["x"], spec.Properties["l"]
	if len(p.Required) != 1 || len(spec.Required) != 1 || x.Pattern != "" || x.MaxLength != nil || x.Enum != nil || x.XValidations != nil ||
		l.MaxItems != nil || l.Items.Schema.Pattern != "" || x.Type != "string" {
		t.Errorf("Permissive left validations: %+v", p)
	}
	if crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["x"].Pattern == "" {
		t.Error("Permissive changed its argument")
	}
}

// TestRecording checks the checked-in recording: every case answered,
// names unique, the ratcheting and update cases there.
func TestRecording(t *testing.T) {
	r, err := Read(RecordingPath())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	kinds := map[string]int{}
	for _, c := range r.Cases {
		if seen[c.Name] {
			t.Errorf("%s twice", c.Name)
		}
		seen[c.Name] = true
		if c.Answer == nil {
			t.Errorf("%s: no answer", c.Name)
		}
		if (c.Op == "update") != (len(c.Old) > 0) || c.Seeded && c.Op != "update" {
			t.Errorf("%s: op %s, old %d bytes, seeded %v", c.Name, c.Op, len(c.Old), c.Seeded)
		}
		kinds[strings.SplitN(c.Name, "/", 2)[0]]++
	}
	if kinds["create"] == 0 || kinds["update"] == 0 || kinds["ratchet"] == 0 || !strings.HasPrefix(r.Server, "kube-apiserver v1.37.2") {
		t.Errorf("recording: %d cases by operation %v, server %q", len(r.Cases), kinds, r.Server)
	}
}
