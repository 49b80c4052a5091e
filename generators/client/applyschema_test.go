package client_test

import (
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v2"

	"github.com/metagen-dev/metagen/generators/client"
)

// TestApplySchemaAgreesWithClientGo compares the structured-merge-diff
// schema the generator writes with the one applyconfiguration-gen wrote
// into client-go from kube-apiserver's OpenAPI document: every type both
// describe (ObjectMeta, Condition, LabelSelector, Time, Quantity, k8s.io/api
// types …) must be described the same. The golden cases and the widgets
// example are checked; each schema must also parse.
func TestApplySchemaAgreesWithClientGo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/client-go").Output()
	if err != nil {
		t.Fatal(err)
	}
	clientGo := client.SchemaTypes(t, filepath.Join(strings.TrimSpace(string(out)), "applyconfigurations/internal/internal.go"))
	files, _ := filepath.Glob("testdata/*/want/client/applyconfiguration/internal/internal.go")
	files = append(files, "../../examples/widgets/client/applyconfiguration/internal/internal.go")
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			shared := 0
			for name, ours := range client.SchemaTypes(t, file) {
				theirs, ok := clientGo[name]
				if !ok {
					continue
				}
				shared++
				if !reflect.DeepEqual(ours, theirs) {
					a, _ := yaml.Marshal(ours)
					b, _ := yaml.Marshal(theirs)
					t.Errorf("%s differs from client-go's:\n%s\nclient-go:\n%s", name, a, b)
				}
			}
			if shared < 3 { // ObjectMeta, and the untyped types at least
				t.Errorf("only %d types in common with client-go", shared)
			}
		})
	}
}
