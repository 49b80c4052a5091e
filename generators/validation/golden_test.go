package validation_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"github.com/metagen-dev/metagen/internal/golden"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/register"
	"github.com/metagen-dev/metagen/generators/validation"
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
			got := generateCase(t, name)
			if *update {
				writeWant(t, name, got)
				return
			}
			compareWant(t, name, got)
		})
	}
}

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
	for _, name := range caseNames(t) {
		tests, _ := filepath.Glob(filepath.Join("testdata", name, "*_test.go"))
		if len(tests) == 0 {
			continue
		}
		got := generateCase(t, name)
		if _, failed := got[errorsFile]; failed {
			t.Fatalf("case %s has tests but fails to generate:\n%s", name, got[errorsFile])
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
	cmd.Dir = repoRoot(t)
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
		if strings.HasPrefix(line, "ok") || strings.HasPrefix(line, "corpus:") || strings.HasPrefix(line, "generated corpus:") {
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

// generateCase loads one case (its directory and Go subdirectories other
// than want/) and runs the generator as the pipeline would, in memory.
func generateCase(t *testing.T, name string) output {
	t.Helper()
	dir := caseDir(t, name)
	universe, err := load.Load(load.Options{Dir: repoRoot(t), Patterns: casePatterns(t, name)})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	got := output{}
	var problems []string
	state := &gen.RunState{}
	for _, pkg := range universe.Packages {
		if !validation.Generator.Enabled(pkg) {
			continue
		}
		// The scheme registration of a package without register.go comes
		// from the register generator, so the case needs its file too.
		generators := []*gen.Generator{validation.Generator}
		if register.Generates(pkg) {
			generators = append(generators, register.Generator)
		}
		for _, g := range generators {
			files, errs := runGenerator(g, universe, pkg, state)
			for _, e := range errs {
				problems = append(problems, strings.ReplaceAll(e.Error(), dir+string(filepath.Separator), ""))
			}
			for path, content := range files {
				rel, err := filepath.Rel(dir, path)
				if err != nil {
					t.Fatal(err)
				}
				got[filepath.ToSlash(rel)] = content
			}
		}
	}
	if len(problems) > 0 {
		return output{errorsFile: []byte(strings.Join(problems, "\n") + "\n")}
	}
	return got
}

// runGenerator runs g on pkg and renders its files, by path.
func runGenerator(g *gen.Generator, universe *model.Universe, pkg *model.Package, state *gen.RunState) (map[string][]byte, []error) {
	pass := &gen.Pass{Generator: g, Universe: universe, Package: pkg, RunState: state}
	if err := g.Run(pass); err != nil {
		return nil, diag.Unwrap(err)
	}
	files := map[string][]byte{}
	for _, f := range pass.Files() {
		content, err := gofile.Render(f.Code, gofile.Header{}, g.BuildConstraint)
		if err != nil {
			return nil, []error{fmt.Errorf("render %s: %w", f.Path, err)}
		}
		files[f.Path] = content
	}
	return files, nil
}

func casePatterns(t *testing.T, name string) []string {
	return golden.CasePatterns(t, "generators/validation", name)
}

func repoRoot(t *testing.T) string { return golden.RepoRoot(t) }

func writeWant(t *testing.T, name string, got output) { golden.Write(t, name, got) }

func compareWant(t *testing.T, name string, got output) {
	t.Helper()
	golden.Compare(t, name, got, "go test ./generators/validation -run Golden -update")
}

func readWant(t *testing.T, name string) output { return golden.Read(t, name) }
