package client_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// When the last +genclient goes, verify reports the client tree and
// generate removes it; a tree that also serves a package the run did not
// load stays.
func TestOrphanedClientTreeIsRemoved(t *testing.T) {
	work := t.TempDir()
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// The generated clients import metagen's schema/lifecycle.
	testfile.Write(t, filepath.Join(work, "go.mod"), "module orphan.test\n"+strings.SplitN(string(mod), "\n", 2)[1]+
		"\nrequire github.com/metagen-dev/metagen v0.0.0\n\nreplace github.com/metagen-dev/metagen => "+repo+"\n")
	testfile.Write(t, filepath.Join(work, "go.sum"), string(sum))
	testfile.Write(t, filepath.Join(work, "api", "v1", "doc.go"), "// +groupName=orphan.example.com\n// +k8s:deepcopy-gen=package\npackage v1\n")
	types := func(genclient string) string {
		return "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" + genclient +
			"// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object\ntype Pump struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n\n" +
			"// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object\ntype PumpList struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ListMeta `json:\"metadata,omitempty\"`\n\tItems []Pump `json:\"items\"`\n}\n"
	}
	testfile.Write(t, filepath.Join(work, "api", "v1", "types.go"), types("// +genclient\n"))
	opts := pipeline.Options{Dir: work, Patterns: []string{"./api/..."}}
	if _, err := pipeline.Generate(opts); err != nil {
		t.Fatal(err)
	}
	clientset := filepath.Join(work, "api", "client", "clientset", "clientset.go")
	if _, err := os.Stat(clientset); err != nil {
		t.Fatalf("no client generated: %v", err)
	}

	testfile.Write(t, filepath.Join(work, "api", "v1", "types.go"), types(""))
	plan, err := pipeline.NewPlan(opts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := plan.Diff(work); !strings.Contains(diff, "api/client/clientset/clientset.go: extra (would be removed)") {
		t.Errorf("verify does not report the orphaned clientset:\n%.2000s", diff)
	}
	if _, err := pipeline.Generate(opts); err != nil {
		t.Fatal(err)
	}
	var left []string
	filepath.WalkDir(filepath.Join(work, "api", "client"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			left = append(left, path)
		}
		return nil
	})
	if len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
