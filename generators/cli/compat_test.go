package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

const compatTypes = `package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec WidgetSpec ` + "`json:\"spec,omitempty\"`" + `
}

type WidgetSpec struct {
	// +optional
	Color string ` + "`json:\"color,omitempty\"`" + `
	FIELD
}
`

// The command against a git revision: a removed field is breaking (exit
// 1), printed at the new line with the old one; JSON says the same; an
// added optional field is compatible (exit 0); a bad revision is exit 2;
// and the repository is left as it was.
func TestCompatAgainstGitRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	writeCompatModule(t, dir)
	types := filepath.Join(dir, "api", "v1", "types.go")
	testfile.Write(t, types, strings.Replace(compatTypes, "FIELD", "// +optional\n\tSize int32 `json:\"size,omitempty\"`", 1))
	testfile.Write(t, filepath.Join(dir, "api", "v1", "doc.go"), "// +groupName=widgets.example.com\npackage v1\n")
	gitRun(t, dir, "init", "-q")
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "v1")
	t.Chdir(dir)

	testfile.Write(t, types, strings.Replace(compatTypes, "FIELD", "", 1))
	before := gitRun(t, dir, "status", "--porcelain")
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"compat", "--against", "HEAD", "./..."}, &stdout, &stderr); code != exitBreaking {
		t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, exitBreaking, stdout.String(), stderr.String())
	}
	line := regexp.MustCompile(`(?m)^api/v1/types\.go:\d+:\d+: breaking: widgets\.example\.com/v1, Kind=Widget spec\.size: field removed.*\[field-removed\].*\(was HEAD:api/v1/types\.go:16:2\)$`)
	if !line.MatchString(stdout.String()) {
		t.Errorf("no positioned field-removed line in:\n%s", stdout.String())
	}
	if after := gitRun(t, dir, "status", "--porcelain"); after != before {
		t.Errorf("git status changed from %q to %q", before, after)
	}
	if worktrees, _ := filepath.Glob(filepath.Join(dir, ".git", "worktrees", "*")); len(worktrees) > 0 {
		t.Errorf("compat left worktrees in the repository: %v", worktrees)
	}

	stdout.Reset()
	if code := Run([]string{"compat", "--against", "HEAD", "--format", "json"}, &stdout, &stderr); code != exitBreaking {
		t.Fatalf("json: exit %d; stderr:\n%s", code, stderr.String())
	}
	var doc struct {
		Breaking bool
		Findings []struct{ Rule, New, Old, Path string }
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatalf("json: %v\n%s", err, stdout.String())
	}
	if !doc.Breaking || len(doc.Findings) != 1 || doc.Findings[0].Rule != "field-removed" || doc.Findings[0].Old != "HEAD:api/v1/types.go:16:2" {
		t.Errorf("json: %+v", doc)
	}

	testfile.Write(t, types, strings.Replace(compatTypes, "FIELD", "// +optional\n\tSize int32 `json:\"size,omitempty\"`\n\t// +optional\n\tShape string `json:\"shape,omitempty\"`", 1))
	stdout.Reset()
	if code := Run([]string{"compat", "--against", "HEAD"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("compatible change: exit %d; stdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "compatible: widgets.example.com/v1, Kind=Widget spec.shape: new optional field") {
		t.Errorf("the new field is not said:\n%s", stdout.String())
	}

	testfile.Write(t, types, strings.Replace(compatTypes, "FIELD", "Size int32 `json:\"size\"", 1))
	stderr.Reset()
	if code := Run([]string{"compat", "--against", "HEAD"}, &stdout, &stderr); code != exitError || !regexp.MustCompile(`(?m)^api/v1/types\.go:\d+:\d+: `).MatchString(stderr.String()) {
		t.Errorf("syntax error: exit %d, stderr %q", code, stderr.String())
	}

	gitRun(t, dir, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "broken")
	testfile.Write(t, types, strings.Replace(compatTypes, "FIELD", "", 1))
	stderr.Reset()
	if code := Run([]string{"compat", "--against", "HEAD"}, &stdout, &stderr); code != exitError || !regexp.MustCompile(`(?m)^HEAD:api/v1/types\.go:\d+:\d+: in the old revision: `).MatchString(stderr.String()) {
		t.Errorf("syntax error in the old revision: exit %d, stderr %q", code, stderr.String())
	}

	stderr.Reset()
	if code := Run([]string{"compat", "--against", "no-such-ref"}, &stdout, &stderr); code != exitError || !strings.Contains(stderr.String(), "no such git revision") {
		t.Errorf("bad revision: exit %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := Run([]string{"compat"}, &stdout, &stderr); code != exitError || !strings.Contains(stderr.String(), "exactly one of") {
		t.Errorf("no revision: exit %d, stderr %q", code, stderr.String())
	}
}

func writeCompatModule(t *testing.T, dir string) {
	t.Helper()
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	testfile.Write(t, filepath.Join(dir, "go.mod"), "module compat.cli.test\n"+strings.SplitN(string(mod), "\n", 2)[1])
	testfile.Write(t, filepath.Join(dir, "go.sum"), string(sum))
}

func gitRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func TestHelpCompat(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"help", "compat"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"--against REF", "--old DIR", "ratcheting", "Exit codes:", "metagentest.Compatible"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("help compat lacks %q", want)
		}
	}
	stdout.Reset()
	Run([]string{"help"}, &stdout, &stderr)
	if !strings.Contains(stdout.String(), "metagen compat") {
		t.Errorf("usage lacks the compat command:\n%s", stdout.String())
	}
}
