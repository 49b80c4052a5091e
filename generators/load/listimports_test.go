package load

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/metagen-dev/metagen/generators/model"
)

// TestListInProcessAgreesWithGoList: a type-checking load with
// ListInProcess lists the packages itself (with their imports as go list
// gives them) and builds the same model, errors included, as through go
// list.
func TestListInProcessAgreesWithGoList(t *testing.T) {
	t.Setenv("GOFLAGS", "-buildvcs=false")
	for _, patterns := range [][]string{{"./testdata/stale"}, {"./testdata/outputonly/..."}, {"./testdata/typeerror"}, {"./testdata/stale", "./testdata/withinit"}} {
		opts := Options{Patterns: patterns, ListInProcess: true}
		fast, _, ok := listInModule(opts, patterns)
		if !ok {
			t.Errorf("%v: not listed in process", patterns)
			continue
		}
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedModule}
		listed, err := packages.Load(cfg, patterns...)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := describeWithImports(fast), describeWithImports(listed); !slices.Equal(got, want) {
			t.Errorf("%v:\nin process: %q\ngo list:    %q", patterns, got, want)
		}
		sameLoad(t, opts)
	}
}

// TestListInProcessLeavesProblemsToGoList: what go list reports at the
// importing package (a missing package, an import cycle, another tree's
// internal package, a program) comes out of a ListInProcess load exactly as
// out of a go list one.
func TestListInProcessLeavesProblemsToGoList(t *testing.T) {
	t.Setenv("GOFLAGS", "-buildvcs=false")
	for name, files := range map[string]map[string]string{
		"missing": {"a/a.go": "package a\n\nimport _ \"example.com/m/nope\"\n"},
		"cycle": {
			"a/a.go": "package a\n\nimport _ \"example.com/m/b\"\n",
			"b/b.go": "package b\n\nimport _ \"example.com/m/a\"\n",
		},
		"internal": {
			"a/a.go":            "package a\n\nimport _ \"example.com/m/b/internal/x\"\n",
			"b/internal/x/x.go": "package x\n",
		},
		"program":        {"a/a.go": "package a\n\nimport _ \"example.com/m/cmd\"\n", "cmd/main.go": "package main\n\nfunc main() {}\n"},
		"std-internal":   {"a/a.go": "package a\n\nimport _ \"internal/race\"\n"},
		"no-imports":     {"a/a.go": "package a\n\ntype T struct{}\n"},
		"std-only":       {"a/a.go": "package a\n\nimport \"time\"\n\ntype T struct{ D time.Duration }\n"},
		"outside-inputs": {"a/a.go": "package a\n\nimport \"example.com/m/b\"\n\ntype T struct{ B b.B }\n", "b/b.go": "package b\n\ntype B int\n"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			files["go.mod"] = "module example.com/m\n\ngo 1.24\n"
			for path, content := range files {
				full := filepath.Join(dir, filepath.FromSlash(path))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			patterns := []string{"./a"}
			if name == "cycle" {
				patterns = []string{"./..."}
				if _, _, ok := listInModule(Options{Dir: dir, ListInProcess: true}, patterns); ok {
					t.Error("an import cycle listed in process: typeCheck would wait on it forever")
				}
			}
			sameLoad(t, Options{Dir: dir, Patterns: patterns, ListInProcess: true})
		})
	}
}

// sameLoad loads with opts and again through go list, and compares.
func sameLoad(t *testing.T, opts Options) {
	t.Helper()
	viaGoList := opts
	viaGoList.ListInProcess = false
	got, gotErr := Load(opts)
	want, wantErr := Load(viaGoList)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Fatalf("%v: error in process:\n%v\nthrough go list:\n%v", opts.Patterns, gotErr, wantErr)
	}
	if g, w := summary(got), summary(want); g != w {
		t.Errorf("%v: model in process:\n%s\nthrough go list:\n%s", opts.Patterns, g, w)
	}
}

func summary(u *model.Universe) string {
	if u == nil {
		return "<nil>"
	}
	var b strings.Builder
	fmt.Fprintln(&b, u.ModuleDir, u.ModuleDirs, len(u.Warnings), u.LayerErrors)
	for _, pkg := range u.Packages {
		fmt.Fprintln(&b, pkg.Path, pkg.Name, pkg.Dir, pkg.GeneratedFiles, len(pkg.Syntax), pkg.Markers)
		if pkg.Types != nil {
			fmt.Fprintln(&b, " scope", pkg.Types.Scope().Names(), pkg.Types.Imports())
		}
		for _, typ := range pkg.NamedTypes {
			fmt.Fprintln(&b, " ", typ.Name, typ.Pos, typ.Object.Type().Underlying(), typ.Markers, len(typ.Fields))
		}
	}
	return b.String()
}

func describeWithImports(pkgs []*packages.Package) []string {
	out := describe(pkgs)
	for _, p := range pkgs {
		out = append(out, p.PkgPath+" imports "+strings.Join(slices.Sorted(maps.Keys(p.Imports)), " "))
	}
	slices.Sort(out)
	return out
}
