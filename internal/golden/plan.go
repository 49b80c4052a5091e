package golden

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// ErrorsFile holds a failing case's expected errors, one per line, with
// positions relative to the case directory.
const ErrorsFile = "errors.txt"

// PlanCase runs the pipeline with the generators only over case name of the
// generator in pkgDir, in memory, and returns the files it would write
// (relative to the case directory), or errors.txt when it fails.
func PlanCase(t testing.TB, pkgDir, name string, only ...string) Files {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: RepoRoot(t), Patterns: CasePatterns(t, pkgDir, name), Only: only})
	if err != nil {
		msg := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		return Files{ErrorsFile: []byte(msg + "\n")}
	}
	got := Files{}
	for _, c := range plan.Changes {
		if c.Action == gofile.Remove {
			continue
		}
		rel, err := filepath.Rel(dir, c.Path)
		if err != nil {
			t.Fatal(err)
		}
		got[filepath.ToSlash(rel)] = c.New
	}
	return got
}

// VetGenerated runs the generators over the packages in memory, as "metagen
// generate" would, and runs go vet on them with the output overlaid, so
// nothing is written; it fails t when the generated code does not compile.
func VetGenerated(t testing.TB, patterns []string, only ...string) {
	t.Helper()
	root := RepoRoot(t)
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: root, Patterns: patterns, Only: only})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append([]string{"vet", "-overlay=" + WriteOverlay(t, plan)}, patterns...)...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of the generated code: %v\n%s", err, out)
	}
}

// WriteOverlay puts every planned Go file in a temporary directory and
// returns a go command -overlay file that maps each real path there. The
// go command only overlays files of directories that exist, so missing
// ones are made, empty, until the test ends.
func WriteOverlay(t testing.TB, plan *gofile.Plan) string {
	t.Helper()
	dir := t.TempDir()
	replace := map[string]string{}
	for i, c := range plan.Changes {
		if c.Action == gofile.Remove || !strings.HasSuffix(c.Path, ".go") {
			continue
		}
		MakeDirUntilCleanup(t, filepath.Dir(c.Path))
		tmp := filepath.Join(dir, strconv.Itoa(i)+"_"+filepath.Base(c.Path))
		if err := os.WriteFile(tmp, c.New, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[c.Path] = tmp
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// RunCases compares the output of the generator (by -g name) on every case
// of the generator package in pkgDir with its want/, or rewrites want/
// when update is set.
func RunCases(t *testing.T, pkgDir, generator string, update bool) {
	for _, name := range CaseNames(t) {
		t.Run(name, func(t *testing.T) {
			got := PlanCase(t, pkgDir, name, generator)
			if update {
				Write(t, name, got)
				return
			}
			Compare(t, name, got, "go test ./"+pkgDir+" -update")
		})
	}
}

// ModuleDir asks the go command where a module (path@version) is cached,
// downloading it through the module proxy when it is not.
func ModuleDir(t testing.TB, module string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir = os.TempDir()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", module, err)
	}
	var info struct{ Dir string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: no directory in %s", module, out)
	}
	return info.Dir
}

// MakeDirUntilCleanup creates dir and its missing parents, and removes the
// ones it created when the test ends (they stay empty: files are overlaid).
func MakeDirUntilCleanup(t testing.TB, dir string) {
	t.Helper()
	if _, err := os.Stat(dir); err == nil {
		return
	}
	MakeDirUntilCleanup(t, filepath.Dir(dir))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Remove(dir) })
}
