package openapi_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
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

// caseNames are the testdata directories that have a want/ directory.
func caseNames(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join("testdata", e.Name(), "want")); err == nil {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		t.Fatal("no golden cases in testdata")
	}
	return names
}

// output is what the generator produced for one case: file contents by path
// relative to the case directory, or errors.txt when it failed.
type output map[string][]byte

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

// casePatterns are the case directory and its subdirectories holding Go
// files, except want/.
func casePatterns(t *testing.T, name string) []string {
	t.Helper()
	patterns := []string{"./generators/openapi/testdata/" + name}
	entries, err := os.ReadDir(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "want" {
			continue
		}
		if goFiles, _ := filepath.Glob(filepath.Join("testdata", name, e.Name(), "*.go")); len(goFiles) > 0 {
			patterns = append(patterns, patterns[0]+"/"+e.Name())
		}
	}
	return patterns
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func writeWant(t *testing.T, name string, got output) {
	t.Helper()
	want := filepath.Join("testdata", name, "want")
	if err := os.RemoveAll(want); err != nil {
		t.Fatal(err)
	}
	for rel, content := range got {
		path := filepath.Join(want, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) == 0 {
		if err := os.MkdirAll(want, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func compareWant(t *testing.T, name string, got output) {
	t.Helper()
	want := readWant(t, name)
	for rel, content := range got {
		if expected, ok := want[rel]; !ok {
			t.Errorf("unexpected output %s:\n%s", rel, content)
		} else if !bytes.Equal(content, expected) {
			t.Errorf("%s differs from want/%s (run go test ./generators/openapi -update to accept):\n%s", rel, rel, lineDiff(string(expected), string(content)))
		}
	}
	for rel := range want {
		if _, ok := got[rel]; !ok {
			t.Errorf("missing output %s", rel)
		}
	}
}

func readWant(t *testing.T, name string) output {
	t.Helper()
	root := filepath.Join("testdata", name, "want")
	want := output{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		want[filepath.ToSlash(rel)] = content
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// lineDiff shows the first differing lines, enough to see what changed.
func lineDiff(want, got string) string {
	wantLines, gotLines := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wantLines) || i < len(gotLines); i++ {
		var w, g string
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(no line differs)"
}
