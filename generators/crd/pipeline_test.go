package crd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// Through the pipeline and the writer: manifests are written with our
// header, a stale manifest of ours is removed, a hand-written one is left
// alone, and verify then finds nothing to do.
func TestPipelineWritesAndRemovesManifests(t *testing.T) {
	work := t.TempDir()
	writeModule(t, work)
	testfile.Write(t, filepath.Join(work, "api", "doc.go"), "// +groupName=pipe.example.com\n// +metagen:crd-dir=../crds\n// +k8s:deepcopy-gen=package\npackage api\n")
	testfile.Write(t, filepath.Join(work, "api", "types.go"), `package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Valve is a resource.
// +kubebuilder:object:root=true
type Valve struct {
	metav1.TypeMeta   `+"`json:\",inline\"`"+`
	metav1.ObjectMeta `+"`json:\"metadata,omitempty\"`"+`
}
`)
	stale := filepath.Join(work, "crds", "pipe.example.com_pumps.yaml")
	handWritten := filepath.Join(work, "crds", "pipe.example.com_notes.yaml")
	testfile.Write(t, stale, load.GeneratedHeaderYAML+"\nkind: CustomResourceDefinition\n")
	testfile.Write(t, handWritten, "# written by hand\nkind: CustomResourceDefinition\n")

	opts := pipeline.Options{Dir: work, Patterns: []string{"./..."}, Only: []string{"crd"}}
	if _, err := pipeline.Generate(opts); err != nil {
		t.Fatal(err)
	}
	manifest, err := os.ReadFile(filepath.Join(work, "crds", "pipe.example.com_valves.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(manifest), load.GeneratedHeaderYAML+"\napiVersion: apiextensions.k8s.io/v1\n") {
		t.Errorf("manifest starts with:\n%.200s", manifest)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale manifest of ours was not removed: %v", err)
	}
	if _, err := os.Stat(handWritten); err != nil {
		t.Errorf("hand-written manifest was touched: %v", err)
	}
	plan, err := pipeline.NewPlan(opts)
	if err != nil {
		t.Fatal(err)
	}
	if pending := plan.Pending(); len(pending) > 0 {
		t.Errorf("verify after generate finds %d changes:\n%s", len(pending), plan.Diff(work))
	}
}

// writeModule makes work a module with the repository's requirements.
func writeModule(t *testing.T, work string) {
	t.Helper()
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	body := strings.SplitN(string(mod), "\n", 2)[1]
	testfile.Write(t, filepath.Join(work, "go.mod"), "module pipe.test\n"+body)
	testfile.Write(t, filepath.Join(work, "go.sum"), string(sum))
}
