package openapi_test

import (
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/internal/golden"
)

// The differential and fixture tests run the generator on their own
// universes (copies of k8s.io/api, both modes at once); these run it there
// as the pipeline would.

// loadCases loads every case package at once, from dir, as one run would.
func loadCases(t *testing.T, dir string, names []string) *model.Universe {
	t.Helper()
	var patterns []string
	for _, name := range names {
		patterns = append(patterns, casePatterns(t, name)...)
	}
	universe, err := load.Load(load.Options{Dir: dir, Patterns: patterns})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return universe
}

// render turns a generated file into bytes as the pipeline does.
func render(t *testing.T, f *gen.File) []byte {
	t.Helper()
	if f.Code == nil {
		return gofile.RenderYAML(f.YAML)
	}
	content, err := gofile.Render(f.Code, gofile.Header{}, f.Generator.BuildConstraint)
	if err != nil {
		t.Fatalf("render %s: %v", f.Path, err)
	}
	return content
}

// runPasses runs the generator on the selected enabled packages with one
// run state and returns its files by path, or its errors.
func runPasses(universe *model.Universe, g *gen.Generator, selected func(*model.Package) bool) (map[string]*gen.File, []error) {
	files := map[string]*gen.File{}
	var errs []error
	state := &gen.RunState{}
	for _, pkg := range universe.Packages {
		if !selected(pkg) || !g.Enabled(pkg) {
			continue
		}
		pass := &gen.Pass{Generator: g, Universe: universe, Package: pkg, RunState: state}
		if err := g.Run(pass); err != nil {
			errs = append(errs, diag.Unwrap(err)...)
			continue
		}
		for _, f := range pass.Files() {
			files[f.Path] = f
		}
	}
	return files, errs
}

// runGenerator runs the generator on every package and fails on errors.
func runGenerator(t *testing.T, universe *model.Universe, g *gen.Generator) map[string]*gen.File {
	t.Helper()
	files, errs := runPasses(universe, g, func(*model.Package) bool { return true })
	for _, err := range errs {
		t.Error(err)
	}
	if len(errs) > 0 {
		t.FailNow()
	}
	return files
}

func caseNames(t *testing.T) []string { return golden.CaseNames(t) }

func casePatterns(t *testing.T, name string) []string { return harness.Patterns(t, name) }

func repoRoot(t *testing.T) string { return golden.RepoRoot(t) }

// errorsFile holds a failing case's expected errors.
const errorsFile = golden.ErrorsFile
