package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// These tests run metagen the ways users do: as a built binary, and as
// "go tool metagen" in a downstream module.

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func buildMetagen(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "metagen")
	runCommand(t, repoRoot(t), nil, "go", "build", "-o", bin, "./cmd/metagen")
	return bin
}

func runCommand(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	out, err := command(dir, env, name, args...)
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return out
}

func command(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// copyTree copies the files below src into dst, leaving out .git and
// testdata: the go command ignores testdata, and other packages' tests,
// running at the same time, make and remove directories there.
func copyTree(t *testing.T, src, dst string, keep func(rel string) bool) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !keep(rel) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Two runs, with GOMAXPROCS=1 and 2, from different working directories and
// different absolute paths, give byte-identical files, equal to the
// checked-in ones.
func TestOutputIsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildMetagen(t)
	root := repoRoot(t)
	// Our files are dropped from the copies so that the runs write them anew,
	// except in packages made only of generated files (a clientset): the
	// hand-written code that imports them needs them to load.
	notOurOutput := func(rel string) bool {
		if !strings.HasPrefix(rel, "examples"+string(filepath.Separator)) {
			return true
		}
		path := filepath.Join(root, rel)
		data, err := os.ReadFile(path)
		return err != nil || !load.IsGenerated(data) || !hasHandWrittenGo(filepath.Dir(path))
	}
	first, second := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b", "deeper")
	copyTree(t, root, first, notOurOutput)
	copyTree(t, root, second, notOurOutput)

	// Both runs share a format cache: the first fills it, the second reads
	// every file from it (formatcache), and both must write what the
	// formatter writes.
	cache := t.TempDir()
	runCommand(t, first, []string{"GOMAXPROCS=1", "METAGEN_CACHE=" + cache}, bin, "generate", "./examples/...")
	filled := formatEntries(t, cache)
	if filled == 0 {
		t.Fatal("the first run stored nothing in the format cache")
	}
	runCommand(t, filepath.Join(second, "examples"), []string{"GOMAXPROCS=2", "METAGEN_CACHE=" + cache}, bin, "generate", "./...")
	if again := formatEntries(t, cache); again != filled {
		t.Fatalf("the second run formatted %d files again instead of reading them from the cache", again-filled)
	}

	outputs := generatedFiles(t, first)
	if len(outputs) == 0 {
		t.Fatal("the first run generated nothing")
	}
	if again := generatedFiles(t, second); !equalSnapshots(outputs, again) {
		t.Fatalf("outputs differ:\n%v\nvs\n%v", keys(outputs), keys(again))
	}
	for rel, content := range outputs {
		if want, err := os.ReadFile(filepath.Join(root, rel)); err != nil || string(want) != content {
			t.Errorf("%s differs from the checked-in file", rel)
		}
	}
}

// formatEntries counts the entries of the format cache under dir.
func formatEntries(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	filepath.WalkDir(filepath.Join(dir, "format"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != "trim.txt" {
			n++
		}
		return nil
	})
	return n
}

func hasHandWrittenGo(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") {
			if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && !load.IsGenerated(data) {
				return true
			}
		}
	}
	return false
}

// generatedFiles are the files below dir/examples that carry our header.
func generatedFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(filepath.Join(dir, "examples"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if data, _ := os.ReadFile(path); load.IsGenerated(data) {
			rel, _ := filepath.Rel(dir, path)
			files[rel] = string(data)
		}
		return nil
	})
	return files
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// A downstream module adds metagen with "go get -tool" (the launcher,
// tool/metagen) and uses it from go:generate; verify then catches a stale
// file. go get keeps what cmd/metagen needs in go.mod and go.sum, so that the
// launcher's build of it needs no -mod=mod, and it is built once.
func TestGoToolInADownstreamModule(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command on a new module")
	}
	root := repoRoot(t)
	module := t.TempDir()
	testfile.Write(t, filepath.Join(module, "go.mod"), "module example.com/downstream\n\ngo 1.26\n\n"+
		"require github.com/metagen-dev/metagen v0.0.0\n\nreplace github.com/metagen-dev/metagen => "+root+"\n")
	copyTree(t, filepath.Join(root, "examples", "widgets", "v1"), filepath.Join(module, "api", "v1"), func(rel string) bool {
		return !strings.HasPrefix(rel, "zz_generated.") && !strings.HasSuffix(rel, "_test.go")
	})
	doc := filepath.Join(module, "api", "v1", "doc.go")
	data, _ := os.ReadFile(doc)
	goTool := strings.Replace(string(data), "go run github.com/metagen-dev/metagen/cmd/metagen", "go tool metagen", 1)
	if goTool == string(data) {
		t.Fatalf("%s has no go:generate line to turn into go tool metagen", doc)
	}
	testfile.Write(t, doc, goTool)

	cache := t.TempDir()
	env := []string{"GOFLAGS=-mod=mod", "GOPROXY=" + proxyTreatingRefusalAsNotFound(t), "METAGEN_CACHE=" + cache}
	runCommand(t, module, env, "go", "get", "-tool", "github.com/metagen-dev/metagen/tool/metagen@v0.0.0")
	env[0] = "GOFLAGS=-mod=readonly"
	runCommand(t, module, env, "go", "generate", "./...")
	generated, err := os.ReadFile(filepath.Join(module, "api", "v1", "zz_generated.deepcopy.go"))
	if err != nil || !strings.Contains(string(generated), "// Code generated by metagen. DO NOT EDIT.") {
		t.Fatalf("go generate wrote no deepcopy file: %v", err)
	}
	// The generated clients import what the module did not need before.
	runCommand(t, module, append(env, "GOFLAGS=-mod=mod"), "go", "mod", "tidy")
	runCommand(t, module, env, "go", "build", "./...")
	runCommand(t, module, env, "go", "tool", "metagen", "verify", "./...")
	binaries := func() []string {
		found, _ := filepath.Glob(filepath.Join(cache, "tool", "metagen-*"))
		return found
	}
	built := binaries() // go mod tidy changed go.mod: a second build

	types := filepath.Join(module, "api", "v1", "types.go")
	data, _ = os.ReadFile(types)
	testfile.Write(t, types, strings.Replace(string(data), "Color string `json:\"color\"`", "Color string `json:\"color\"`\n\tTags []string `json:\"tags\"`", 1))
	out, err := command(module, env, "go", "tool", "metagen", "verify", "./...")
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != exitStale {
		t.Fatalf("verify after a change: %v\n%s", err, out)
	}
	if !strings.Contains(out, "in.Tags") {
		t.Errorf("the diff does not show the new field:\n%s", out)
	}
	if again := binaries(); len(built) != 2 || !slices.Equal(again, built) {
		t.Errorf("the launcher's cache held %q, then %q; want two metagen builds (one before go mod tidy, one after), and no other", built, again)
	}
}

// proxyTreatingRefusalAsNotFound: "go get" asks the proxy whether
// github.com/metagen-dev/metagen/cmd/metagen is a module of its own. The proxy
// here refuses unpublished paths with 403, which the go command takes as
// fatal; falling through ('|') to an empty file proxy turns that into "not
// found", as it is for a published module.
func proxyTreatingRefusalAsNotFound(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	var chain []string
	for _, proxy := range strings.FieldsFunc(strings.TrimSpace(string(out)), func(r rune) bool { return r == ',' || r == '|' }) {
		if proxy != "direct" && proxy != "off" {
			chain = append(chain, proxy)
		}
	}
	return strings.Join(append(chain, "file://"+filepath.ToSlash(t.TempDir())), "|")
}
