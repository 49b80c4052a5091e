package crd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/generators/crd"
)

// TestManifestsAreValidCRDs reads back every checked-in manifest (the golden
// cases and the examples) and checks it with apiextensions' own validation,
// as kube-apiserver does on create, and each version's schema with its
// structural schema checks.
func TestManifestsAreValidCRDs(t *testing.T) {
	var manifests []string
	for _, pattern := range []string{"testdata/*/want/crds/*.yaml", "../../examples/*/crds/*.yaml", "../../examples/*/*/crds/*.yaml", "../../examples/*/config/crd/*.yaml"} {
		matches, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		manifests = append(manifests, matches...)
	}
	if len(manifests) < 3 {
		t.Fatalf("found only %d manifests", len(manifests))
	}
	for _, path := range manifests {
		t.Run(strings.TrimPrefix(path, "../../"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var object apiextensionsv1.CustomResourceDefinition
			if err := yaml.UnmarshalStrict(data, &object); err != nil {
				t.Fatal(err)
			}
			for _, e := range crd.Validate(&object) {
				t.Error(e)
			}
			for _, v := range object.Spec.Versions {
				checkStructural(t, v)
			}
		})
	}
}

func checkStructural(t *testing.T, v apiextensionsv1.CustomResourceDefinitionVersion) {
	t.Helper()
	var internal apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v.Schema.OpenAPIV3Schema, &internal, nil); err != nil {
		t.Fatal(err)
	}
	s, err := structuralschema.NewStructural(&internal)
	if err != nil {
		t.Fatalf("version %s: not structural: %v", v.Name, err)
	}
	for _, e := range structuralschema.ValidateStructural(field.NewPath("openAPIV3Schema"), s) {
		t.Errorf("version %s: %v", v.Name, e)
	}
}
