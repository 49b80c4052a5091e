package client_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
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
type output map[string][]byte

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
}

func compareWant(t *testing.T, name string, got output) {
	t.Helper()
	want := readWant(t, name)
	for rel, content := range got {
		if expected, ok := want[rel]; !ok {
			t.Errorf("unexpected output %s:\n%s", rel, content)
		} else if !bytes.Equal(content, expected) {
			t.Errorf("%s differs from want/%s (run go test ./generators/client -update to accept):\n%s", rel, rel, lineDiff(string(expected), string(content)))
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

// lineDiff shows the first differing line, enough to see what changed.
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
