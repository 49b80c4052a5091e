package client

import (
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v2"
	"sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/structured-merge-diff/v6/typed"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// TestApplySchemaOfKubernetesTypes builds the schema of a type with a
// Deployment and a Pod field as the generator builds its own (k8s.io/api
// from export data, its comments parsed for markers), and compares every
// type of k8s.io/api and apimachinery in it with the schema
// applyconfiguration-gen wrote into client-go from kube-apiserver's OpenAPI
// document.
func TestApplySchemaOfKubernetesTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	universe, err := load.Load(load.Options{Dir: root, Patterns: []string{"./generators/client/testdata/apply/v1"}})
	if err != nil {
		t.Fatal(err)
	}
	roots := []*types.TypeName{universe.Packages[0].Lookup("KubernetesTypes").Object}
	defs := openapi.Prepare(universe).DefinitionsOf(roots)
	text, err := smdYAML(defs.Schemas)
	if err != nil {
		t.Fatal(err)
	}
	var ours schema.Schema
	if err := yaml.Unmarshal([]byte(text), &ours); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/client-go").Output()
	if err != nil {
		t.Fatal(err)
	}
	theirs := schemaTypes(t, filepath.Join(strings.TrimSpace(string(out)), "applyconfigurations/internal/internal.go"))
	compared := 0
	for _, def := range ours.Types {
		if strings.HasPrefix(def.Name, "com.github.metagen-dev") {
			continue
		}
		compared++
		want, ok := theirs[def.Name]
		if !ok {
			t.Errorf("client-go has no type %s", def.Name)
			continue
		}
		if !reflect.DeepEqual(def, want) {
			a, _ := yaml.Marshal(def)
			b, _ := yaml.Marshal(want)
			t.Errorf("%s differs:\n%s\nclient-go:\n%s", def.Name, a, b)
		}
	}
	// A Deployment and a Pod reach about 150 types; far fewer means the
	// schema lost types, which the comparison alone would not notice.
	if compared < 100 {
		t.Errorf("only %d types compared, want the ~150 a Deployment and a Pod reach", compared)
	}
	t.Logf("%d types compared", compared)
}

// schemaTypes reads the schema YAML of an internal.go by type name, and
// checks that it parses.
func schemaTypes(t *testing.T, file string) map[string]schema.TypeDef {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	start, end := strings.Index(text, "`types:"), strings.LastIndex(text, "`")
	if start < 0 || end <= start {
		t.Fatalf("%s: no schema literal", file)
	}
	body := text[start+1 : end]
	if _, err := typed.NewParser(typed.YAMLObject(body)); err != nil {
		t.Fatalf("%s: the schema does not parse: %v", file, err)
	}
	var s schema.Schema
	if err := yaml.Unmarshal([]byte(body), &s); err != nil {
		t.Fatal(err)
	}
	byName := map[string]schema.TypeDef{}
	for _, def := range s.Types {
		byName[def.Name] = def
	}
	return byName
}
