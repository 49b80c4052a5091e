// Package testfile holds the file helpers tests share: one copy instead of
// one per test package (it imports nothing of metagen, so any test may use
// it).
package testfile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Write writes content to path, making its directory first; a failure
// fails the test.
func Write[Content string | []byte](t testing.TB, path string, content Content) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ParseGoFiles parses the non-test Go files under root, skipping testdata
// directories and those skip names (nil: none), and calls each with its
// file: the walk of the guard tests that scan the generators' source.
func ParseGoFiles(t testing.TB, root string, skip func(dir string) bool, each func(fset *token.FileSet, file *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || skip != nil && skip(path) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		each(fset, file)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
