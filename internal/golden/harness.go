package golden

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// Harness is the golden test every generator's package runs: the real
// pipeline (generators/pipeline, as "metagen generate -g …" runs it, in
// memory) on each case directory under testdata/, its output compared with
// the case's want/ (or its errors with want/errors.txt), want/ rewritten by
// -update, and every want/ tree built with the go command, as sqlc's
// endtoend tests build theirs, so no golden output is code that does not
// compile.
type Harness struct {
	// PkgDir is the generator's package, relative to the repository root
	// (generators/deepcopy); its testdata/ holds the cases.
	PkgDir string
	// Generators are the generators the run selects (-g).
	Generators []string
	// Settings are the run's options (--crd-dir, --plural-exceptions, …).
	Settings model.Settings
	// Skip are names of directories inside a case that are not inputs
	// (its output directory, say); want/ never is.
	Skip []string
	// CompileWith are generators whose output the want/ trees need to build
	// but that are not part of the golden files (deepcopy for a clientset).
	CompileWith []string
}

// Run compares every case's output with its want/, or rewrites want/ when
// update is set. Cases run in parallel.
func (h Harness) Run(t *testing.T, update bool) {
	for _, name := range CaseNames(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := h.Plan(t, name)
			if update {
				Write(t, name, got)
				return
			}
			Compare(t, name, got, "go test ./"+h.PkgDir+" -run TestGolden -update")
		})
	}
}

// Plan runs the pipeline on case name and returns the files it would write,
// by path relative to the case directory, or errors.txt (positions relative
// to the case directory) when the run fails.
func (h Harness) Plan(t testing.TB, name string) Files {
	t.Helper()
	return h.PlanOf(t, name, h.Patterns(t, name))
}

// PlanOf is Plan with the given patterns (from the repository root) as the
// inputs, instead of every package of the case.
func (h Harness) PlanOf(t testing.TB, name string, patterns []string) Files {
	t.Helper()
	dir := absCaseDir(t, name)
	plan, err := pipeline.NewPlan(h.options(t, h.Generators, patterns))
	if err != nil {
		msg := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		return Files{ErrorsFile: []byte(msg + "\n")}
	}
	got := Files{}
	for _, c := range plan.Changes {
		if c.Action == gofile.Remove {
			continue
		}
		rel, err := filepath.Rel(dir, c.Path)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Fatalf("case %s: the run writes %s, outside the case", name, c.Path)
		}
		got[filepath.ToSlash(rel)] = c.New
	}
	return got
}

// Patterns are the package patterns of case name, from the repository
// root: the case directory and every directory below it that holds Go
// files, except want/ and Skip.
func (h Harness) Patterns(t testing.TB, name string) []string {
	t.Helper()
	var patterns []string
	root := filepath.Join("testdata", name)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if path != root && (d.Name() == "want" || slices.Contains(h.Skip, d.Name())) {
			return filepath.SkipDir
		}
		if goFiles, _ := filepath.Glob(filepath.Join(path, "*.go")); len(goFiles) > 0 {
			patterns = append(patterns, "./"+h.PkgDir+"/"+filepath.ToSlash(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return patterns
}

// Compiles builds, with one go build, the input packages of every case
// that generates code, with its want/ files overlaid where the run writes
// them (and the CompileWith generators' output beside them): it fails when
// a golden output does not compile. It returns the number of cases built.
func (h Harness) Compiles(t *testing.T) int {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the go command; skipped with -short")
	}
	replace := map[string]string{}
	var patterns []string
	built := 0
	for _, name := range CaseNames(t) {
		want := Read(t, name)
		if _, failed := want[ErrorsFile]; failed {
			continue
		}
		goFiles := 0
		for rel := range want {
			if strings.HasSuffix(rel, ".go") {
				replace[filepath.Join(absCaseDir(t, name), filepath.FromSlash(rel))] = filepath.Join(absCaseDir(t, name), "want", filepath.FromSlash(rel))
				goFiles++
			}
		}
		if goFiles > 0 || len(h.CompileWith) > 0 {
			patterns = append(patterns, h.Patterns(t, name)...)
			built++
		}
	}
	if built == 0 {
		t.Fatal("no golden case generates code to build")
	}
	if len(h.CompileWith) > 0 {
		plan, err := pipeline.NewPlan(h.options(t, h.CompileWith, patterns))
		if err != nil {
			t.Fatalf("running %v for the build: %v", h.CompileWith, err)
		}
		for _, c := range plan.Changes {
			if _, golden := replace[c.Path]; !golden && c.Action != gofile.Remove && strings.HasSuffix(c.Path, ".go") {
				tmp := filepath.Join(t.TempDir(), filepath.Base(c.Path))
				if err := os.WriteFile(tmp, c.New, 0o644); err != nil {
					t.Fatal(err)
				}
				replace[c.Path] = tmp
			}
		}
	}
	root := RepoRoot(t)
	packages := slices.Clone(patterns)
	for path := range replace {
		MakeDirUntilCleanup(t, filepath.Dir(path))
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		if pattern := "./" + filepath.ToSlash(rel); !slices.Contains(packages, pattern) {
			packages = append(packages, pattern)
		}
	}
	slices.Sort(packages)
	overlay := overlayFile(t, replace)
	cmd := exec.Command("go", append([]string{"build", "-overlay=" + overlay}, packages...)...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build of the want/ trees: %v\n%s", err, out)
	}
	t.Logf("%d cases, %d packages built with their want/ files", built, len(packages))
	return built
}

func (h Harness) options(t testing.TB, generators, patterns []string) pipeline.Options {
	return pipeline.Options{Dir: RepoRoot(t), Patterns: patterns, Only: generators, Settings: h.Settings}
}

func absCaseDir(t testing.TB, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// MakeDirUntilCleanup creates dir and its missing parents, and removes the
// ones it created when the test ends (they stay empty: files are overlaid).
func MakeDirUntilCleanup(t testing.TB, dir string) {
	t.Helper()
	if _, err := os.Stat(dir); err == nil {
		return
	}
	MakeDirUntilCleanup(t, filepath.Dir(dir))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Remove(dir) })
}
