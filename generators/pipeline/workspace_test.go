package pipeline_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/pipeline"
)

// One run over packages of two go.work modules writes each package's
// output inside its own module (not "outside the module" of the first).
func TestWorkspaceModulesGetTheirOwnOutput(t *testing.T) {
	ws := t.TempDir()
	write := func(rel, content string) {
		path := filepath.Join(ws, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goVersion := "1.26"
	write("go.work", "go "+goVersion+"\n\nuse (\n\t./a\n\t./b\n)\n")
	for _, m := range []string{"a", "b"} {
		write(m+"/go.mod", "module example.com/"+m+"\n\ngo "+goVersion+"\n")
		write(m+"/api/types.go", "// +k8s:deepcopy-gen=package\npackage api\n\n// Thing has a slice to copy.\ntype Thing struct {\n\tItems []string `json:\"items\"`\n}\n")
	}
	t.Setenv("GOWORK", filepath.Join(ws, "go.work"))
	t.Setenv("GOFLAGS", "")
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: ws, Patterns: []string{"./a/api", "./b/api"}, Only: []string{"deepcopy"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range plan.Changes {
		rel, _ := filepath.Rel(ws, c.Path)
		got = append(got, filepath.ToSlash(rel))
	}
	if strings.Join(got, " ") != "a/api/zz_generated.deepcopy.go b/api/zz_generated.deepcopy.go" {
		t.Errorf("files = %v, want each module's own zz_generated.deepcopy.go", got)
	}
}
