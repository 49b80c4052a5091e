package load

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestListInModuleAgreesWithGoList: where the comments-only load lists
// packages without the go command, it finds what go list finds (names,
// paths, directories, files, module); and where a case is not plain it
// leaves it to go list.
func TestListInModuleAgreesWithGoList(t *testing.T) {
	t.Setenv("GOFLAGS", "-buildvcs=false") // changes nothing go list lists
	work := t.TempDir()
	write := func(path, content string) {
		t.Helper()
		full := filepath.Join(work, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.24\n")
	write("root.go", "// Package m is the root.\npackage m\n")
	write("a/a.go", "package a\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n")
	write("a/b.go", "package a\n")
	write("a/a_test.go", "package a\n")
	write("a/_skip.go", "package nothing\n")
	write("a/deep/d.go", "package deep\n")
	write("a/testdata/t.go", "package t\n")
	write("a/.hidden/h.go", "package h\n")
	write("a/_under/u.go", "package u\n")
	write("nested/go.mod", "module example.com/nested\n")
	write("nested/n.go", "package n\n")
	write("docs/README.md", "no Go here\n")
	write("tagged/t.go", "//go:build linux\n\npackage tagged\n")
	write("osfile/f_windows.go", "package osfile\n")

	plain := [][]string{{"./..."}, {"."}, {"./a/..."}, {"./a", "./a/deep"}, {"./a/...", "./a/deep"}}
	for _, patterns := range plain {
		opts := Options{Dir: filepath.Join(work, "a", ".."), Patterns: patterns, CommentsOnly: true}
		if slices.Contains(patterns, "./...") {
			opts.Patterns = []string{"./a/...", "."} // ./... reaches tagged/ and osfile/, which go list decides
		}
		fast, ok := listInModule(opts, opts.Patterns)
		if !ok {
			t.Errorf("%v: not listed without the go command", opts.Patterns)
			continue
		}
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedModule, Dir: opts.Dir}
		listed, err := packages.Load(cfg, opts.Patterns...)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := describe(fast), describe(listed); !slices.Equal(got, want) {
			t.Errorf("%v:\nwithout go list: %q\ngo list:         %q", opts.Patterns, got, want)
		}
	}
	for _, patterns := range [][]string{{"./..."}, {"./tagged"}, {"./osfile"}, {"./nested"}, {"./docs"}, {"example.com/m/a"}, {"./a/../a"}, {"./nope/..."}} {
		if _, ok := listInModule(Options{Dir: work, Patterns: patterns, CommentsOnly: true}, patterns); ok {
			t.Errorf("%v: listed without the go command; go list must decide", patterns)
		}
	}
	if _, ok := listInModule(Options{Dir: work, CommentsOnly: false}, []string{"./a"}); ok {
		t.Error("a type-checking load listed without the go command")
	}
	t.Setenv("GOFLAGS", "-tags=extra")
	if _, ok := listInModule(Options{Dir: work, CommentsOnly: true}, []string{"./a"}); ok {
		t.Error("listed with -tags in GOFLAGS")
	}
	t.Setenv("GOFLAGS", "-buildvcs=false")
	write("a/vendor/v.go", "package v\n")
	if _, ok := listInModule(Options{Dir: work, CommentsOnly: true}, []string{"./a/..."}); ok {
		t.Error("listed a tree with a vendor directory")
	}
	write("go.work", "go 1.24\n\nuse .\n")
	if _, ok := listInModule(Options{Dir: work, CommentsOnly: true}, []string{"./a"}); ok {
		t.Error("listed inside a go.work workspace")
	}
}

func describe(pkgs []*packages.Package) []string {
	var out []string
	for _, p := range pkgs {
		files := slices.Clone(p.GoFiles)
		slices.Sort(files)
		line := p.PkgPath + " " + p.Name + " " + p.Dir + " " + p.Module.Path + " " + p.Module.Dir + " " + p.Module.GoVersion
		for _, f := range files {
			line += " " + f
		}
		if !p.Module.Main || len(p.Errors) > 0 {
			line += " (not main, or errors)"
		}
		out = append(out, line)
	}
	slices.Sort(out)
	return out
}
