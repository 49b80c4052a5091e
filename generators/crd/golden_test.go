package crd_test

import (
	"flag"
	"github.com/metagen-dev/metagen/internal/golden"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

const errorsFile = "errors.txt"

// TestGolden runs the generator on every testdata/<case> (its package and
// subpackages) and compares the manifests with testdata/<case>/want, or
// the errors with want/errors.txt.
func TestGolden(t *testing.T) {
	names := caseNames(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			got := generateCase(t, name)
			if *update {
				writeWant(t, name, got)
				return
			}
			compareWant(t, name, got)
		})
	}
}

func caseNames(t *testing.T) []string { return golden.CaseNames(t) }

// generateCase loads one case and runs the generator as the pipeline
// would; files come back by path relative to the case directory.
func generateCase(t *testing.T, name string) map[string][]byte {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return generateDir(t, dir, model.Settings{})
}

// generateDir is generateCase on the packages under dir, with settings.
func generateDir(t *testing.T, dir string, settings model.Settings) map[string][]byte {
	t.Helper()
	universe, err := load.Load(load.Options{Dir: dir, Patterns: []string{"./..."}, Settings: settings})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	files, errs := runPasses(universe)
	if len(errs) > 0 {
		var lines []string
		for _, e := range errs {
			lines = append(lines, strings.ReplaceAll(e.Error(), dir+string(filepath.Separator), ""))
		}
		return map[string][]byte{errorsFile: []byte(strings.Join(lines, "\n") + "\n")}
	}
	got := map[string][]byte{}
	for path, content := range files {
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			t.Fatal(err)
		}
		got[filepath.ToSlash(rel)] = content
	}
	return got
}

// runPasses runs the generator on every enabled package with one run state.
func runPasses(universe *model.Universe) (map[string][]byte, []error) {
	files := map[string][]byte{}
	errs := append([]error(nil), universe.LayerErrors...)
	state := &gen.RunState{}
	for _, pkg := range universe.Packages {
		if !crd.Generator.Enabled(pkg) {
			continue
		}
		pass := &gen.Pass{Generator: crd.Generator, Universe: universe, Package: pkg, RunState: state}
		if err := crd.Generator.Run(pass); err != nil {
			errs = append(errs, diag.Unwrap(err)...)
			continue
		}
		for _, f := range pass.Files() {
			files[f.Path] = gofile.RenderYAML(f.YAML)
		}
	}
	return files, diag.Sort(errs)
}

func writeWant(t *testing.T, name string, got golden.Files) { golden.Write(t, name, got) }

func compareWant(t *testing.T, name string, got golden.Files) {
	t.Helper()
	golden.Compare(t, name, got, "go test ./generators/crd -update")
}
