package openapi_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// The kubebuilder markers openapi-gen does not read reach the definitions,
// as controller-gen writes them into CRDs: external docs, the one-of
// markers as CEL rules, defaults in controller-tools' syntax, and the
// markers of a field sent as a string. The output must compile.
func TestKubebuilderMarkersInDefinitions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the generated package; skipped with -short")
	}
	work := t.TempDir()
	writeModule(t, work, "metagen.test/kubebuilder")
	testfile.Write(t, filepath.Join(work, "api", "doc.go"), []byte("// +k8s:openapi-gen=true\npackage api\n"))
	testfile.Write(t, filepath.Join(work, "api", "types.go"), []byte(`package api

// Choice is one of two.
// +kubebuilder:validation:ExactlyOneOf=a;b
type Choice struct {
	// A is one.
	// +optional
	A *string `+"`json:\"a,omitempty\"`"+`
	// B is the other.
	// +kubebuilder:externalDocs:url="https://example.com/b",description="About b"
	// +optional
	B *string `+"`json:\"b,omitempty\"`"+`
	// Names have a default.
	// +kubebuilder:default={x, y}
	// +optional
	Names []string `+"`json:\"names,omitempty\"`"+`
	// Priority is sent as a string.
	// +kubebuilder:validation:Pattern=`+"`^[0-9]+$`"+`
	// +optional
	Priority int32 `+"`json:\"priority,string,omitempty\"`"+`
}
`))
	universe := loadDirs(t, work, []string{"api"})
	var source string
	for path, f := range runGenerator(t, universe, openapi.Generator) {
		content := render(t, f)
		testfile.Write(t, path, content)
		source += string(content)
	}
	for _, want := range []string{
		`"rule": "(has(self.a)?1:0)+(has(self.b)?1:0) == 1"`,
		`"message": "exactly one of the fields in [a b] must be set"`,
		`ExternalDocs: &spec.ExternalDocumentation{`,
		`"https://example.com/b"`,
		`[]interface{}{"x", "y"}`,
		`"^[0-9]+$"`,
	} {
		if !strings.Contains(source, want) {
			t.Errorf("the definitions lack %s:\n%s", want, source)
		}
	}
	build := exec.Command("go", "build", "./...")
	build.Dir = work
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}
