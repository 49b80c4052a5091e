package metagentest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// compatRecorder is a testing.TB that keeps what the helper reports.
type compatRecorder struct {
	testing.TB
	mu     sync.Mutex
	failed []string
}

func (r *compatRecorder) Helper() {}
func (r *compatRecorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = append(r.failed, fmt.Sprintf(format, args...))
}
func (r *compatRecorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *compatRecorder) Logf(string, ...any)               {}

const widgetTypes = "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
	"// +kubebuilder:object:root=true\ntype Widget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec WidgetSpec `json:\"spec,omitempty\"`\n}\n\n" +
	"type WidgetSpec struct {\n\t// +kubebuilder:validation:MaxLength=%d\n\t// +optional\n\tName string `json:\"name,omitempty\"`\n}\n"

// Compatible fails a test on a tightened bound and passes on a loosened one.
func TestCompatible(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	mod, _ := os.ReadFile("../go.mod")
	sum, _ := os.ReadFile("../go.sum")
	testfile.Write(t, filepath.Join(dir, "go.mod"), "module compatible.test\n"+strings.SplitN(string(mod), "\n", 2)[1])
	testfile.Write(t, filepath.Join(dir, "go.sum"), string(sum))
	testfile.Write(t, filepath.Join(dir, "v1", "doc.go"), "// +groupName=widgets.example.com\npackage v1\n")
	types := filepath.Join(dir, "v1", "types.go")
	testfile.Write(t, types, fmt.Sprintf(widgetTypes, 32))
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "v1"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	t.Chdir(dir)

	testfile.Write(t, types, fmt.Sprintf(widgetTypes, 16))
	tightened := &compatRecorder{TB: t}
	Compatible(tightened, "HEAD", "./...")
	if len(tightened.failed) != 1 || !strings.Contains(tightened.failed[0], "v1/types.go:") || !strings.Contains(tightened.failed[0], "maxLength lowered from 32 to 16") {
		t.Errorf("a lowered maxLength: the test reports %q", tightened.failed)
	}

	testfile.Write(t, types, fmt.Sprintf(widgetTypes, 64))
	loosened := &compatRecorder{TB: t}
	Compatible(loosened, "HEAD", "./...")
	if len(loosened.failed) != 0 {
		t.Errorf("a raised maxLength fails the test: %q", loosened.failed)
	}
}
