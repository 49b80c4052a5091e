package launcher

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// fixture is a downstream module with metagen replaced by a directory of
// its own, in a configuration of its own (GOENV, GOFLAGS).
type fixture struct {
	t                  *testing.T
	downstream, target string
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	root := t.TempDir()
	t.Setenv("GOENV", filepath.Join(root, "goenv"))
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "")
	f := fixture{t: t, downstream: filepath.Join(root, "downstream"), target: filepath.Join(root, "metagen")}
	testfile.Write(t, filepath.Join(f.downstream, "go.mod"), "module example.com/downstream\n\ngo 1.26\n\nrequire github.com/metagen-dev/metagen v0.0.0\n\nreplace github.com/metagen-dev/metagen => ../metagen\n")
	testfile.Write(t, filepath.Join(f.downstream, "go.sum"), "")
	testfile.Write(t, filepath.Join(f.downstream, "api", "v1", "types.go"), "package v1\n")
	testfile.Write(t, filepath.Join(f.target, "go.mod"), "module github.com/metagen-dev/metagen\n\ngo 1.26\n")
	testfile.Write(t, filepath.Join(f.target, "cmd", "metagen", "main.go"), "package main\n\nfunc main() {}\n")
	testfile.Write(t, filepath.Join(f.target, "cmd", "metagen", "main_test.go"), "package main\n")
	testfile.Write(t, filepath.Join(f.target, "cmd", "metagen", "testdata", "in.go"), "package in\n")
	testfile.Write(t, filepath.Join(f.target, "examples", "go.mod"), "module github.com/metagen-dev/metagen/examples\n")
	testfile.Write(t, filepath.Join(f.target, "examples", "x.go"), "package examples\n")
	return f
}

func (f fixture) key(dir string) string {
	f.t.Helper()
	key, err := Fingerprint(Metagen, GoFlags{}, dir)
	if err != nil {
		f.t.Fatal(err)
	}
	return key
}

// edit rewrites a file with a later modification time, as an editor does.
func (f fixture) edit(path, text string) {
	f.t.Helper()
	testfile.Write(f.t, path, text)
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(path, later, later); err != nil {
		f.t.Fatal(err)
	}
}

func TestFingerprintChangesWithWhatTheBuildReads(t *testing.T) {
	f := newFixture(t)
	pkg := filepath.Join(f.downstream, "api", "v1")
	base := f.key(pkg)
	if again := f.key(f.downstream); again != base {
		t.Fatalf("the key differs between two directories of one module: %s, %s", base, again)
	}
	for _, change := range []struct {
		name  string
		apply func()
	}{
		{"a source file of the replaced module", func() {
			f.edit(filepath.Join(f.target, "cmd", "metagen", "main.go"), "package main\n\nfunc main() { println() }\n")
		}},
		{"a new file in the replaced module", func() {
			testfile.Write(t, filepath.Join(f.target, "generators", "new.go"), "package generators\n")
		}},
		{"the replaced module's go.mod", func() {
			f.edit(filepath.Join(f.target, "go.mod"), "module github.com/metagen-dev/metagen\n\ngo 1.26.1\n")
		}},
		{"the main module's go.mod", func() {
			f.edit(filepath.Join(f.downstream, "go.mod"), "module example.com/downstream\n\ngo 1.26\n\nrequire github.com/metagen-dev/metagen v0.0.0\n\nreplace github.com/metagen-dev/metagen => ../metagen\n\ngodebug default=go1.25\n")
		}},
		{"go.sum", func() { f.edit(filepath.Join(f.downstream, "go.sum"), "example.com/x v1.0.0 h1:x\n") }},
		{"GOFLAGS", func() { t.Setenv("GOFLAGS", "-tags=extra") }},
		{"GOARCH", func() { t.Setenv("GOARCH", "arm64") }},
		{"CGO_ENABLED", func() { t.Setenv("CGO_ENABLED", "0") }},
		{"go env -w", func() { testfile.Write(t, os.Getenv("GOENV"), "GOEXPERIMENT=nosynchashtriemap\n") }},
		{"a vendor directory", func() {
			testfile.Write(t, filepath.Join(f.downstream, "vendor", "modules.txt"), "# github.com/metagen-dev/metagen v0.0.0 => ../metagen\n")
		}},
	} {
		before := f.key(pkg)
		change.apply()
		if after := f.key(pkg); after == before {
			t.Errorf("%s changed, the key did not", change.name)
		}
	}

	before := f.key(pkg)
	for _, same := range []struct {
		name  string
		apply func()
	}{
		{"a test file of the replaced module", func() {
			f.edit(filepath.Join(f.target, "cmd", "metagen", "main_test.go"), "package main\n\nvar x int\n")
		}},
		{"its testdata", func() { f.edit(filepath.Join(f.target, "cmd", "metagen", "testdata", "in.go"), "package in2\n") }},
		{"a nested module in it", func() { f.edit(filepath.Join(f.target, "examples", "x.go"), "package examples2\n") }},
		{"a file of the main module", func() { f.edit(filepath.Join(pkg, "types.go"), "package v1\n\ntype T int\n") }},
		{"what go generate sets for each directive", func() {
			t.Setenv("GOFILE", "doc.go")
			t.Setenv("GOLINE", "12")
			t.Setenv("GOPACKAGE", "v1")
		}},
	} {
		same.apply()
		if after := f.key(pkg); after != before {
			t.Errorf("%s changed: the key changed, and the binary would be rebuilt for nothing", same.name)
			before = after
		}
	}
}

func TestFingerprintOfAWorkspaceAndAModFile(t *testing.T) {
	f := newFixture(t)
	work := filepath.Join(filepath.Dir(f.downstream), "go.work")
	testfile.Write(t, work, "go 1.26\n\nuse (\n\t./downstream\n\t./metagen\n)\n")
	base := f.key(f.downstream)
	f.edit(filepath.Join(f.target, "generators", "g.go"), "package generators\n")
	if f.key(f.downstream) == base {
		t.Error("a workspace module's file changed, the key did not")
	}
	base = f.key(f.downstream)
	f.edit(work, "go 1.26\n\nuse ./downstream\n")
	if f.key(f.downstream) == base {
		t.Error("go.work changed, the key did not")
	}
	t.Setenv("GOWORK", "off")
	base = f.key(f.downstream)
	alt := filepath.Join(f.downstream, "tools.mod")
	testfile.Write(t, alt, "module example.com/downstream\n\ngo 1.26\n")
	withModFile, err := Fingerprint(Metagen, GoFlags{ModFile: "tools.mod"}, f.downstream)
	if err != nil {
		t.Fatal(err)
	}
	if withModFile == base {
		t.Error("-modfile=tools.mod gives the key of go.mod")
	}
	f.edit(alt, "module example.com/downstream\n\ngo 1.26.2\n")
	if again, _ := Fingerprint(Metagen, GoFlags{ModFile: "tools.mod"}, f.downstream); again == withModFile {
		t.Error("the -modfile file changed, the key did not")
	}
	t.Setenv("GOFLAGS", "-modfile=tools.mod")
	base = f.key(f.downstream)
	f.edit(alt, "module example.com/downstream\n\ngo 1.26.3\n")
	if f.key(f.downstream) == base {
		t.Error("the file GOFLAGS=-modfile names changed, the key did not")
	}
}

func TestFingerprintOutsideAModule(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GOWORK", "off")
	if _, err := Fingerprint(Metagen, GoFlags{}, dir); err != errNotAModule {
		t.Errorf("outside a module: %v, want errNotAModule", err)
	}
}
