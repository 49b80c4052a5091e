package openapi_test

import (
	"flag"
	"github.com/metagen-dev/metagen/internal/golden"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// errorsFile holds a case's expected errors, one per line, with positions
// relative to the case directory.
const errorsFile = "errors.txt"

// TestGolden runs the generator on every testdata/<case> and compares the
// output with testdata/<case>/want: the generated files, or errors.txt.
func TestGolden(t *testing.T) {
	universe := loadCases(t, repoRoot(t), caseNames(t))
	for _, name := range caseNames(t) {
		t.Run(name, func(t *testing.T) {
			got := generateCase(t, universe, openapi.Generator, caseDir(t, name))
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
// relative to the case directory, or errors.txt when it failed.
type output = golden.Files

func caseDir(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

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

// generateCase runs the generator on the packages under dir as the pipeline
// would, one shared run state, without writing anything.
func generateCase(t *testing.T, universe *model.Universe, g *gen.Generator, dir string) output {
	t.Helper()
	inCase := func(pkg *model.Package) bool {
		return pkg.Dir == dir || strings.HasPrefix(pkg.Dir, dir+string(filepath.Separator))
	}
	files, errs := runPasses(universe, g, inCase)
	if len(errs) > 0 {
		var problems []string
		for _, e := range errs {
			problems = append(problems, strings.ReplaceAll(e.Error(), dir+string(filepath.Separator), ""))
		}
		return output{errorsFile: []byte(strings.Join(problems, "\n") + "\n")}
	}
	got := output{}
	for path, f := range files {
		content := render(t, f)
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			t.Fatal(err)
		}
		got[filepath.ToSlash(rel)] = content
	}
	return got
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

func casePatterns(t *testing.T, name string) []string {
	return golden.CasePatterns(t, "generators/openapi", name)
}

func repoRoot(t *testing.T) string { return golden.RepoRoot(t) }

func writeWant(t *testing.T, name string, got output) { golden.Write(t, name, got) }

func compareWant(t *testing.T, name string, got output) {
	t.Helper()
	golden.Compare(t, name, got, "go test ./generators/openapi -update")
}

func readWant(t *testing.T, name string) output { return golden.Read(t, name) }
