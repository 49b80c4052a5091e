package validation_test

import (
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs validation through the pipeline on each testdata/<case>,
// with register: the scheme registration of a package without register.go
// comes from the register generator, so the case needs its file too.
var harness = golden.Harness{PkgDir: "generators/validation", Generators: []string{"validation", "register"}}

// TestGolden compares the output on every testdata/<case> with its want/:
// the generated files, or errors.txt.
func TestGolden(t *testing.T) { harness.Run(t, *update) }

// TestGoldenOutputCompiles builds every case with its want/ files.
func TestGoldenOutputCompiles(t *testing.T) { harness.Compiles(t) }

// TestBehaviour compiles each case's generated code into its package and
// runs the case's own tests (doc_test.go), which call the generated
// functions on valid, invalid and updated values and compare the exact
// field.ErrorList. One go test run builds every case, through -overlay, so
// that testdata holds only the inputs and want/.
func TestBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the testdata packages; skipped with -short")
	}
	tmp := t.TempDir()
	overlay := map[string]string{}
	var packages []string
	for _, name := range golden.CaseNames(t) {
		tests, _ := filepath.Glob(filepath.Join("testdata", name, "*_test.go"))
		if len(tests) == 0 {
			continue
		}
		got := harness.Plan(t, name)
		if _, failed := got[golden.ErrorsFile]; failed {
			t.Fatalf("case %s has tests but fails to generate:\n%s", name, got[golden.ErrorsFile])
		}
		for rel, content := range got {
			path := filepath.Join(caseDir(t, name), filepath.FromSlash(rel))
			overlay[path] = writeTemp(t, tmp, content)
		}
		packages = append(packages, "./generators/validation/testdata/"+name)
	}
	if len(packages) == 0 {
		t.Fatal("no case has behaviour tests")
	}
	data, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlayFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"test", "-count=1", "-v", "-overlay=" + overlayFile}, packages...)
	cmd := exec.Command("go", args...)
	cmd.Dir = golden.RepoRoot(t)
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, output)
	}
	t.Logf("%d packages:\n%s", len(packages), summary(output))
}

// summary keeps the package results and the corpus counts of a go test -v
// run.
func summary(output []byte) string {
	var keep []string
	for _, line := range strings.Split(string(output), "\n") {
		if strings.HasPrefix(line, "ok") || strings.HasPrefix(line, "corpus:") || strings.HasPrefix(line, "generated corpus:") || strings.HasPrefix(line, "crdwords:") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

func writeTemp(t *testing.T, dir string, content []byte) string {
	t.Helper()
	f, err := os.CreateTemp(dir, "*.go")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(content); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

// caseDir is the absolute directory of case name.
func caseDir(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func repoRoot(t *testing.T) string { return golden.RepoRoot(t) }
