package client_test

import (
	"flag"
	"github.com/metagen-dev/metagen/internal/golden"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/metagen-dev/metagen/generators/client"
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

// output is what the generator produced for one case: file contents by path
// relative to the case directory, or errors.txt.
type output = golden.Files

// TestGolden runs the generator on every testdata/<case> and compares the
// output with testdata/<case>/want. All cases are loaded at once (each
// writes into a directory of its own), as one metagen run would load them.
func TestGolden(t *testing.T) {
	outputs := generateAll(t)
	for _, name := range caseNames(t) {
		t.Run(name, func(t *testing.T) {
			got := outputs[name]
			if *update {
				writeWant(t, name, got)
				return
			}
			compareWant(t, name, got)
		})
	}
}

func caseNames(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// loadCases loads every case's API packages (not want/ or the output).
func loadCases(t *testing.T) *model.Universe {
	t.Helper()
	var patterns []string
	for _, name := range caseNames(t) {
		patterns = append(patterns, apiPackages(t, name)...)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	universe, err := load.Load(load.Options{Dir: root, Patterns: patterns})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return universe
}

// apiPackages are the patterns of a case's input packages: its directories
// with Go files, except want/ and the generated client/.
func apiPackages(t *testing.T, name string) []string {
	t.Helper()
	var patterns []string
	err := filepath.WalkDir(filepath.Join("testdata", name), func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if base := d.Name(); base == "want" || base == "client" {
			return filepath.SkipDir
		}
		if goFiles, _ := filepath.Glob(filepath.Join(path, "*.go")); len(goFiles) > 0 {
			patterns = append(patterns, "./generators/client/"+filepath.ToSlash(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return patterns
}

// generateAll runs the generator over every package, as the pipeline does
// (one shared run state, passes in parallel), and sorts the results by case.
func generateAll(t *testing.T) map[string]output {
	t.Helper()
	universe := loadCases(t)
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	state := &gen.RunState{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	outputs := map[string]output{}
	problems := map[string][]error{}
	for _, pkg := range universe.Packages {
		if !client.Generator.Enabled(pkg) {
			continue
		}
		wg.Go(func() {
			pass := &gen.Pass{Generator: client.Generator, Universe: universe, Package: pkg, RunState: state}
			err := client.Generator.Run(pass)
			mu.Lock()
			defer mu.Unlock()
			name, caseDir := caseOf(testdata, pkg.Dir)
			if err != nil {
				problems[name] = append(problems[name], diag.Unwrap(err)...)
				return
			}
			if outputs[name] == nil {
				outputs[name] = output{}
			}
			for _, f := range pass.Files() {
				content, err := gofile.Render(f.Code, gofile.Header{}, "")
				if err != nil {
					t.Errorf("render %s: %v", f.Path, err)
					continue
				}
				rel, _ := filepath.Rel(caseDir, f.Path)
				outputs[name][filepath.ToSlash(rel)] = content
			}
		})
	}
	wg.Wait()
	for name, errs := range problems {
		var lines []string
		for _, e := range diag.Sort(errs) {
			lines = append(lines, strings.ReplaceAll(e.Error(), filepath.Join(testdata, name)+string(filepath.Separator), ""))
		}
		outputs[name] = output{errorsFile: []byte(strings.Join(lines, "\n") + "\n")}
	}
	return outputs
}

// caseOf names the case a package directory belongs to.
func caseOf(testdata, dir string) (string, string) {
	rel, _ := filepath.Rel(testdata, dir)
	name, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	return name, filepath.Join(testdata, name)
}

func writeWant(t *testing.T, name string, got output) { golden.Write(t, name, got) }

func compareWant(t *testing.T, name string, got output) {
	t.Helper()
	golden.Compare(t, name, got, "go test ./generators/client -update")
}

func readWant(t *testing.T, name string) output { return golden.Read(t, name) }
