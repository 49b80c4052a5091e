package openapi_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// fixtureDir holds the published Kubernetes 1.37.2 definitions, copied
// unchanged from the project's shared/fixtures/openapi so the test needs
// nothing outside the repository.
const fixtureDir = "testdata/fixtures"

// TestFixtures generates the definitions of k8s.io/apimachinery's meta/v1
// and k8s.io/api's certificates/v1 (copied into a temporary module), builds
// OpenAPI v2 definitions and v3 component schemas from them with
// kube-openapi's builder and builder3, named and tagged with group, version
// and kind by k8s.io/apiserver's definition namer, as kube-apiserver serves
// them (v2 without defaults), and requires ObjectMeta and
// PodCertificateRequest with its Spec, Status and List to equal the
// published ones after canonical JSON ordering. It does so for our default
// output and for the output compatible with openapi-gen.
func TestFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program over copies of two Kubernetes packages; skipped with -short")
	}
	fixtures := readFixtures(t)
	work := t.TempDir()
	writeModule(t, work, "metagen.test/fixtures")
	for _, mode := range []string{"default", "compat"} {
		copyPackage(t, filepath.Join(moduleDir(t, "k8s.io/apimachinery@v0.37.2"), "pkg/apis/meta/v1"), filepath.Join(work, mode, "metav1"))
		copyPackage(t, filepath.Join(moduleDir(t, k8sAPIModule), "certificates/v1"), filepath.Join(work, mode, "certificatesv1"))
	}
	universe := loadDirs(t, work, []string{"default/metav1", "default/certificatesv1", "compat/metav1", "compat/certificatesv1"})
	generateMode(t, universe, openapi.Generator, filepath.Join(work, "default"))
	generateMode(t, universe, openapi.New(openapi.Options{Compat: true}), filepath.Join(work, "compat"))
	testfile.Write(t, filepath.Join(work, "cmd", "fixtures", "main.go"), []byte(fixtureProgram))
	cmd := exec.Command("go", "run", "./cmd/fixtures")
	cmd.Dir = work
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("building and running the fixture program: %v\n%s", err, tail(string(err.(*exec.ExitError).Stderr), 40))
	}
	var built map[string]map[string]any // mode → fixture key → schema
	if err := json.Unmarshal(out, &built); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"default", "compat"} {
		equal := 0
		for _, key := range sortedKeys(fixtures) {
			got, ok := built[mode][key]
			switch {
			case !ok:
				t.Errorf("%s: %s was not built", mode, key)
			case !reflect.DeepEqual(got, fixtures[key]):
				t.Errorf("%s: %s differs from the fixture:\n  built:   %s\n  fixture: %s", mode, key, firstDifference(got, fixtures[key], ""), firstDifference(fixtures[key], got, ""))
			default:
				equal++
			}
		}
		t.Logf("%s output: %d/%d fixture schemas equal (v2 definitions and v3 components)", mode, equal, len(fixtures))
	}
}

// readFixtures reads both fixture files: their keys are
// "<spec file>#<JSON pointer>", without the _source and _layout notes.
func readFixtures(t *testing.T) map[string]any {
	t.Helper()
	fixtures := map[string]any{}
	for _, name := range []string{"objectmeta.json", "podcertificaterequest.json"} {
		var file map[string]any
		if err := json.Unmarshal([]byte(readFile(t, filepath.Join(fixtureDir, name))), &file); err != nil {
			t.Fatal(err)
		}
		for key, value := range file {
			if !strings.HasPrefix(key, "_") {
				fixtures[key] = value
			}
		}
	}
	if len(fixtures) != 10 {
		t.Fatalf("read %d fixture schemas, want 10", len(fixtures))
	}
	return fixtures
}

// copyPackage copies the Go files of one package, without its tests.
func copyPackage(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		testfile.Write(t, filepath.Join(to, e.Name()), []byte(readFile(t, filepath.Join(from, e.Name()))))
	}
}

// generateMode writes the generator's files for the packages under dir.
func generateMode(t *testing.T, universe *model.Universe, g *gen.Generator, dir string) {
	t.Helper()
	under := func(pkg *model.Package) bool { return strings.HasPrefix(pkg.Dir, dir+string(filepath.Separator)) }
	files, errs := runPasses(universe, g, under)
	for _, err := range errs {
		t.Fatal(err)
	}
	for path, f := range files {
		testfile.Write(t, path, render(t, f))
	}
}

// fixtureProgram builds the fixture schemas from the generated definitions
// of both modes and prints them by fixture key, for each mode.
const fixtureProgram = `package main

import (
	"encoding/json"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	openapinamer "k8s.io/apiserver/pkg/endpoints/openapi"
	"k8s.io/kube-openapi/pkg/builder"
	"k8s.io/kube-openapi/pkg/builder3"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/handler"
	"k8s.io/kube-openapi/pkg/validation/spec"

	compatcertificates "metagen.test/fixtures/compat/certificatesv1"
	compatmeta "metagen.test/fixtures/compat/metav1"
	defaultcertificates "metagen.test/fixtures/default/certificatesv1"
	defaultmeta "metagen.test/fixtures/default/metav1"
)

const (
	v2File = "api/openapi-spec/swagger.json#/definitions/"
	v3File = "api/openapi-spec/v3/apis__certificates.k8s.io__v1_openapi.json#/components/schemas/"
)

var names = []string{
	"io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
	"io.k8s.api.certificates.v1.PodCertificateRequest",
	"io.k8s.api.certificates.v1.PodCertificateRequestSpec",
	"io.k8s.api.certificates.v1.PodCertificateRequestStatus",
	"io.k8s.api.certificates.v1.PodCertificateRequestList",
}

func build(addToScheme func(*runtime.Scheme) error, gets ...common.GetOpenAPIDefinitions) map[string]any {
	scheme := runtime.NewScheme()
	if err := addToScheme(scheme); err != nil {
		panic(err)
	}
	namer := openapinamer.NewDefinitionNamer(scheme)
	definitions := func(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
		all := map[string]common.OpenAPIDefinition{}
		for _, get := range gets {
			for name, def := range get(ref) {
				all[name] = def
			}
		}
		return all
	}
	v2, err := builder.BuildOpenAPIDefinitionsForResources(&common.Config{GetDefinitions: definitions, GetDefinitionName: namer.GetDefinitionName}, names...)
	if err != nil {
		panic(err)
	}
	pruned := handler.PruneDefaults(v2.Definitions)
	v3, err := builder3.BuildOpenAPIDefinitionsForResources(&common.OpenAPIV3Config{GetDefinitions: definitions, GetDefinitionName: namer.GetDefinitionName}, names...)
	if err != nil {
		panic(err)
	}
	out := map[string]any{}
	for _, name := range names {
		out[v2File+name] = asJSON(pruned[name])
		out[v3File+name] = asJSON(*v3[name])
	}
	return out
}

func asJSON(s spec.Schema) any {
	data, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		panic(err)
	}
	return v
}

func main() {
	out := map[string]any{
		"default": build(defaultcertificates.AddToScheme, defaultmeta.GetOpenAPIDefinitions, defaultcertificates.GetOpenAPIDefinitions),
		"compat":  build(compatcertificates.AddToScheme, compatmeta.GetOpenAPIDefinitions, compatcertificates.GetOpenAPIDefinitions),
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
`
