package cut

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goGenerate matches a registry's go:generate line for openapigen.
var goGenerate = regexp.MustCompile(`(?m)^//go:generate go run \.\./\.\./\.\./\.\./hack/openapigen -pkg (\S+) -kinds (\S+)$`)

// The registries' checked-in zz_generated.openapi.go is what their
// go:generate line makes now (a hand edit, or a change of the openapi
// generator, fails it): regenerate with go generate in the registry
// when this fails.
func TestCheckedInDefinitionsAreGenerated(t *testing.T) {
	if os.Getenv("METAGEN_SERVER_DEFINITIONS") == "" {
		t.Skip("runs the openapi generator on copies of two k8s.io/api packages (about 40s); set METAGEN_SERVER_DEFINITIONS=1")
	}
	for _, registry := range []string{"namespace", "certificates"} {
		t.Run(registry, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join("..", "..", "..", "server", "internal", "registry", registry)
			doc, err := os.ReadFile(filepath.Join(dir, "doc.go"))
			if err != nil {
				t.Fatal(err)
			}
			m := goGenerate.FindSubmatch(doc)
			if m == nil {
				t.Fatalf("%s/doc.go has no go:generate line for openapigen", dir)
			}
			got, err := Generate(Request{Package: string(m[1]), Kinds: strings.Split(string(m[2]), ","), OutputDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(dir, "zz_generated.openapi.go"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s/zz_generated.openapi.go is not what openapigen makes now; run go generate ./server/internal/registry/%s", dir, registry)
			}
		})
	}
}

// generated is a zz_generated.openapi.go of two types, one referring to
// the other.
const generated = `package v1

import (
	common "k8s.io/kube-openapi/pkg/common"
	spec "k8s.io/kube-openapi/pkg/validation/spec"
)

func GetOpenAPIDefinitions(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
	return map[string]common.OpenAPIDefinition{
		A{}.OpenAPIModelName(): schema_A(ref),
		B{}.OpenAPIModelName(): schema_B(ref),
		C{}.OpenAPIModelName(): schema_C(ref),
	}
}

func schema_A(ref common.ReferenceCallback) common.OpenAPIDefinition {
	return common.OpenAPIDefinition{Schema: spec.Schema{SchemaProps: spec.SchemaProps{Ref: ref(B{}.OpenAPIModelName())}}, Dependencies: []string{B{}.OpenAPIModelName()}}
}

func schema_B(ref common.ReferenceCallback) common.OpenAPIDefinition { return common.OpenAPIDefinition{} }

func schema_C(ref common.ReferenceCallback) common.OpenAPIDefinition { return common.OpenAPIDefinition{} }
`

// cut keeps a kind and what it depends on, qualified, and nothing else.
func TestCutKeepsKindsAndDependencies(t *testing.T) {
	got, err := cut([]byte(generated), "example.com/api/v1", "registry", []string{"A"})
	if err != nil {
		t.Fatal(err)
	}
	code := string(got)
	for _, want := range []string{"package registry", `apiv1 "example.com/api/v1"`, "apiv1.A{}.OpenAPIModelName(): schema_A(ref)", "apiv1.B{}.OpenAPIModelName(): schema_B(ref)", "ref(apiv1.B{}.OpenAPIModelName())"} {
		if !strings.Contains(code, want) {
			t.Errorf("cut output lacks %q:\n%s", want, code)
		}
	}
	if strings.Contains(code, "schema_C") {
		t.Errorf("cut output keeps C, which A does not need:\n%s", code)
	}
}

// A kind the package does not declare is an error, not an empty file.
func TestUnknownKind(t *testing.T) {
	_, err := cut([]byte(generated), "example.com/api/v1", "registry", []string{"Nonesuch"})
	if err == nil || !strings.Contains(err.Error(), "no definition of Nonesuch") {
		t.Fatalf("err = %v, want no definition of Nonesuch", err)
	}
}
