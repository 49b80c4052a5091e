package crd_test

import (
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

// errorsFile is the name generateDir gives a failed run's errors.
const errorsFile = "errors.txt"

// generateDir runs the generator on the packages under dir with settings
// (the crd options tests); files come back by path relative to dir, or
// errorsFile when the run fails.
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
	errs = append(errs, state.Errors()...) // the run's, once
	return files, diag.Sort(errs)
}
