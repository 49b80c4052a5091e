package deepcopy_test

import (
	"flag"
	"github.com/metagen-dev/metagen/internal/golden"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/deepcopy"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// errorsFile holds a case's expected errors, one per line, with positions
// relative to the case directory.
const errorsFile = "errors.txt"

// TestGolden runs the generator on every testdata/<case> and compares the
// output with testdata/<case>/want: the generated files, or errors.txt.
func TestGolden(t *testing.T) {
	for _, name := range caseNames(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, _ := generateCase(t, name)
			if *update {
				writeWant(t, name, got)
				return
			}
			compareWant(t, name, got)
		})
	}
}

func caseNames(t *testing.T) []string { return golden.CaseNames(t) }

// output is what the generator produced for one case: file contents by path
// relative to the case directory, and errors.txt when it failed.
type output = golden.Files

func caseDir(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// generateCase loads one case (the directory and its Go subdirectories other
// than want/) from the repository root and runs the generator as the
// pipeline would, without writing anything.
func generateCase(t *testing.T, name string) (output, *model.Universe) {
	t.Helper()
	dir := caseDir(t, name)
	universe, err := load.Load(load.Options{Dir: repoRoot(t), Patterns: casePatterns(t, name)})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	got := output{}
	var problems []string
	for _, pkg := range universe.Packages {
		if !deepcopy.Generator.Enabled(pkg) {
			continue
		}
		pass := &gen.Pass{Generator: deepcopy.Generator, Universe: universe, Package: pkg}
		if err := deepcopy.Generator.Run(pass); err != nil {
			for _, e := range diag.Unwrap(err) {
				problems = append(problems, strings.ReplaceAll(e.Error(), dir+string(filepath.Separator), ""))
			}
			continue
		}
		for _, f := range pass.Files() {
			content, err := gofile.Render(f.Code, gofile.Header{}, deepcopy.Generator.BuildConstraint)
			if err != nil {
				t.Fatalf("render %s: %v", f.Path, err)
			}
			rel, err := filepath.Rel(dir, f.Path)
			if err != nil {
				t.Fatal(err)
			}
			got[filepath.ToSlash(rel)] = content
		}
	}
	if len(problems) > 0 {
		return output{errorsFile: []byte(strings.Join(problems, "\n") + "\n")}, universe
	}
	return got, universe
}

func casePatterns(t *testing.T, name string) []string {
	return golden.CasePatterns(t, "generators/deepcopy", name)
}

func repoRoot(t *testing.T) string { return golden.RepoRoot(t) }

func writeWant(t *testing.T, name string, got output) { golden.Write(t, name, got) }

func compareWant(t *testing.T, name string, got output) {
	t.Helper()
	golden.Compare(t, name, got, "go test ./generators/deepcopy -update")
}

func readWant(t *testing.T, name string) output { return golden.Read(t, name) }
