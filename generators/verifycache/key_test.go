package verifycache

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// module is a module in a fresh directory (with no go.work above it, as
// GOWORK=off makes sure), with a local replacement beside it and a header
// file outside both; it returns the module's directory and the other two.
func module(t *testing.T) (dir, replaced, header string) {
	t.Helper()
	t.Setenv("GOWORK", "off")
	root := t.TempDir()
	dir, replaced, header = filepath.Join(root, "m"), filepath.Join(root, "dep"), filepath.Join(root, "header.txt")
	testfile.Write(t, filepath.Join(dir, "go.mod"), "module example.com/m\n\ngo 1.26\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ../dep\n")
	testfile.Write(t, filepath.Join(dir, "api", "types.go"), "package api\n\nconst s = \"C\" // not cgo\n")
	testfile.Write(t, filepath.Join(replaced, "go.mod"), "module example.com/dep\n")
	testfile.Write(t, filepath.Join(replaced, "dep.go"), "package dep\n")
	testfile.Write(t, header, "// license\n")
	return dir, replaced, header
}

func key(t *testing.T, dir string, args ...string) string {
	t.Helper()
	k, err := Key(dir, args)
	if err != nil {
		t.Fatalf("Key: %v", err)
	}
	return k
}

// Every input of a verify run changes the key, and the key of the same
// inputs is the same.
func TestKeyChangesWithEveryInput(t *testing.T) {
	dir, replaced, header := module(t)
	args := []string{"--header-file", header, "./..."}
	base := key(t, dir, args...)
	if again := key(t, dir, args...); again != base {
		t.Fatalf("the same tree has two keys: %s, %s", base, again)
	}
	for _, c := range []struct {
		name   string
		change func(t *testing.T) (undo func())
	}{
		{"a source file", edit(filepath.Join(dir, "api", "types.go"), "package api\n\ntype T struct{}\n")},
		{"a new file", create(filepath.Join(dir, "api", "zz_generated.deepcopy.go"))},
		{"a new non-Go file", create(filepath.Join(dir, "config", "crd", "x.yaml"))},
		{"go.mod", edit(filepath.Join(dir, "go.mod"), "module example.com/m\n\ngo 1.26\n")},
		{"go.sum", create(filepath.Join(dir, "go.sum"))},
		{"the replaced directory", edit(filepath.Join(replaced, "dep.go"), "package dep\n\nvar X int\n")},
		{"the header file", edit(header, "// another license\n")},
		{"an environment variable", setenv("GOFLAGS", "-tags=x")},
		{"GOOS", setenv("GOOS", "plan9")},
		{"a METAGEN_ variable", setenv("METAGEN_CPUPROFILE", "/tmp/x")},
	} {
		t.Run(c.name, func(t *testing.T) {
			undo := c.change(t)
			if got := key(t, dir, args...); got == base {
				t.Errorf("changing %s kept the key", c.name)
			}
			undo()
			if got := key(t, dir, args...); got != base {
				t.Errorf("undoing the change of %s did not give the key back", c.name)
			}
		})
	}
	if key(t, dir, "--header-file", header, ".") == base {
		t.Error("other arguments, same key")
	}
	if key(t, filepath.Join(dir, "api"), args...) == base {
		t.Error("another working directory, same key")
	}
	t.Setenv("METAGEN_CACHE", "/elsewhere")
	if key(t, dir, args...) != base {
		t.Error("where the cache is changed the key")
	}

}

func edit(path, content string) func(t *testing.T) func() {
	return func(t *testing.T) func() {
		old, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		testfile.Write(t, path, content)
		return func() { testfile.Write(t, path, string(old)) }
	}
}

func create(path string) func(t *testing.T) func() {
	return func(t *testing.T) func() {
		top := path // the outermost directory or file the change makes
		for d := filepath.Dir(path); ; d = filepath.Dir(d) {
			if _, err := os.Stat(d); err == nil {
				break
			}
			top = d
		}
		testfile.Write(t, path, "")
		return func() { os.RemoveAll(top) }
	}
}

func setenv(name, value string) func(t *testing.T) func() {
	return func(t *testing.T) func() {
		old, had := os.LookupEnv(name)
		os.Setenv(name, value)
		return func() {
			if had {
				os.Setenv(name, old)
			} else {
				os.Unsetenv(name)
			}
		}
	}
}

// What the key cannot vouch for makes the run uncacheable.
func TestKeyRefusesWhatItCannotVouchFor(t *testing.T) {
	for _, c := range []struct {
		name, want string
		setup      func(t *testing.T, dir string)
	}{
		{"go.work", "go.work", func(t *testing.T, dir string) {
			testfile.Write(t, filepath.Join(dir, "go.work"), "go 1.26\n\nuse .\n")
			t.Setenv("GOWORK", "")
		}},
		{"GOWORK", "workspace", func(t *testing.T, dir string) { t.Setenv("GOWORK", filepath.Join(dir, "x.work")) }},
		{"-mod=mod", "-mod=mod", func(t *testing.T, dir string) { t.Setenv("GOFLAGS", "-mod=mod") }},
		{"-modfile", "-modfile", func(t *testing.T, dir string) { t.Setenv("GOFLAGS", "-modfile=other.mod") }},
		{"-overlay", "-overlay", func(t *testing.T, dir string) { t.Setenv("GOFLAGS", "-trimpath -overlay=/tmp/o.json") }},
		{"GOPACKAGESDRIVER", "driver", func(t *testing.T, dir string) { t.Setenv("GOPACKAGESDRIVER", "/usr/bin/driver") }},
		{"cgo", "cgo", func(t *testing.T, dir string) {
			testfile.Write(t, filepath.Join(dir, "api", "c.go"), "package api\n\n// #include <stdio.h>\nimport \"C\"\n")
		}},
		{"a symlink to a directory", "symlink", func(t *testing.T, dir string) {
			if err := os.Symlink(filepath.Join(dir, "api"), filepath.Join(dir, "link")); err != nil {
				t.Skip(err)
			}
		}},
		{"a cache inside the module", "lies inside", func(t *testing.T, dir string) { t.Setenv("METAGEN_CACHE", filepath.Join(dir, ".cache")) }},
		{"no go.mod", "no go.mod", func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, "go.mod")) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, _, _ := module(t)
			c.setup(t, dir)
			_, err := Key(dir, []string{"./..."})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Key: %v, want an error about %s", err, c.want)
			}
		})
	}
}

// A tree's hash is its walk's lines in order — directories, symlinks, each
// file's name and SHA-256 — whatever the number of goroutines that read the
// files, and the first refusal in the walk's order is the one reported.
func TestTreeHashIsTheWalksLinesInOrder(t *testing.T) {
	root := t.TempDir()
	testfile.Write(t, filepath.Join(root, "a.go"), "package a\n")
	testfile.Write(t, filepath.Join(root, "b", "c.txt"), "c")
	testfile.Write(t, filepath.Join(root, ".git", "HEAD"), "ref")
	if err := os.Symlink("a.go", filepath.Join(root, "link")); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink("missing", filepath.Join(root, "dangling")); err != nil {
		t.Skip(err)
	}
	sum := func(s string) string { return fmt.Sprintf("%x", sha256.Sum256([]byte(s))) }
	want := sha256.New()
	for _, line := range []string{
		`dir "."`,
		`file "a.go" ` + sum("package a\n"),
		`dir "b"`,
		`file "b/c.txt" ` + sum("c"),
		`symlink "dangling" "missing"`,
		`symlink "link" "a.go"`,
		`file "link" ` + sum("package a\n"),
	} {
		io.WriteString(want, line+"\n")
	}
	got := sha256.New()
	if err := hashTree(got, root); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Sum(nil), want.Sum(nil)) {
		t.Error("the tree's hash is not its lines in the walk's order")
	}

	for i := range 200 {
		testfile.Write(t, filepath.Join(root, "many", strconv.Itoa(i%7), strconv.Itoa(i)+".go"), "package p\n\nconst N = "+strconv.Itoa(i)+"\n")
	}
	for _, name := range []string{"z.go", "y.go"} {
		testfile.Write(t, filepath.Join(root, "many", "3", name), "package p\n\nimport \"C\"\n")
	}
	treeHash := func(procs int) (string, error) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		h := sha256.New()
		err := hashTree(h, root)
		return fmt.Sprintf("%x", h.Sum(nil)), err
	}
	_, err1 := treeHash(1)
	_, err8 := treeHash(8)
	if err1 == nil || err8 == nil || err1.Error() != err8.Error() || !strings.Contains(err1.Error(), filepath.Join("many", "3", "y.go")) {
		t.Fatalf("errors %v and %v, want both to name many/3/y.go, the first cgo file walked", err1, err8)
	}
	// A refusal the walk finds later (a symlink to a directory) does not
	// hide the cgo file before it.
	if err := os.Symlink(filepath.Join("..", "3"), filepath.Join(root, "many", "4", "dirlink")); err != nil {
		t.Fatal(err)
	}
	if _, err := treeHash(2); err == nil || !strings.Contains(err.Error(), filepath.Join("many", "3", "y.go")) {
		t.Fatalf("with a later symlink to a directory: %v, want the cgo file many/3/y.go", err)
	}
	for _, name := range []string{"z.go", "y.go", "../4/dirlink"} {
		os.Remove(filepath.Join(root, "many", "3", name))
	}
	one, err := treeHash(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{2, 8} {
		if got, err := treeHash(procs); err != nil || got != one {
			t.Errorf("GOMAXPROCS=%d: hash %s, %v; with one: %s", procs, got, err, one)
		}
	}
}

// The key computed again by the same Hasher (verify's check after its run)
// is the key of the tree as it is then, but reads only the files whose
// status does not vouch that they are unchanged: those changed since, and
// those changed shortly before the first key was begun.
func TestSecondKeyRereadsOnlyWhatItCannotVouchFor(t *testing.T) {
	if _, ok := statusAt("."); !ok {
		t.Skip("no file status on this system: every key reads every file")
	}
	dir, _, header := module(t)
	args := []string{"--header-file", header, "./..."}
	files := 0
	for _, root := range []string{dir, filepath.Join(dir, "..", "dep")} {
		filepath.WalkDir(root, func(_ string, d os.DirEntry, _ error) error {
			if !d.IsDir() {
				files++
			}
			return nil
		})
	}
	// Every file changed long before the first key (start an hour ahead).
	old := NewHasher()
	old.start = time.Now().Add(time.Hour)
	first := hasherKey(t, old, dir, args)
	if n := old.reads.Load(); n != int64(files) {
		t.Fatalf("the first key read %d files, want %d", n, files)
	}
	if again := hasherKey(t, old, dir, args); again != first || old.reads.Load() != int64(files) {
		t.Fatalf("the same tree again: key equal = %v, %d reads in all; want the same key and no read", again == first, old.reads.Load())
	}
	// Same size, modification time set back: the change time still moves.
	types := filepath.Join(dir, "api", "types.go")
	info, err := os.Stat(types)
	if err != nil {
		t.Fatal(err)
	}
	testfile.Write(t, types, "package api\n\nconst s = \"D\" // not cgo\n")
	if err := os.Chtimes(types, info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	changed := hasherKey(t, old, dir, args)
	if changed == first || changed != key(t, dir, args...) {
		t.Errorf("after a change of the same size with its modification time set back: key changed = %v, equal to a fresh Hasher's = %v; want true, true",
			changed != first, changed == key(t, dir, args...))
	}
	if n := old.reads.Load(); n != int64(files)+1 {
		t.Errorf("%d reads after the change, want %d (the changed file again)", n, files+1)
	}

	// Files changed within racyWindow of the first key are read again
	// whatever their status says.
	racy := NewHasher()
	racy.start = time.Now().Add(-time.Hour)
	first = hasherKey(t, racy, dir, args)
	if again := hasherKey(t, racy, dir, args); again != first || racy.reads.Load() != int64(2*files) {
		t.Errorf("recent files: key equal = %v, %d reads; want the same key and every file read twice (%d)", again == first, racy.reads.Load(), 2*files)
	}
}

func hasherKey(t *testing.T, h *Hasher, dir string, args []string) string {
	t.Helper()
	k, err := h.Key(dir, args)
	if err != nil {
		t.Fatalf("Key: %v", err)
	}
	return k
}
