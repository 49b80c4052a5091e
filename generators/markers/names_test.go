package markers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// markerNameLiterals lists the string literals in the non-test Go files
// under root (but the markers package) whose text names a registered
// marker: "name", "+name", or "name" followed by '=', ':' or '(' and more.
func markerNameLiterals(t *testing.T, root string) []string {
	t.Helper()
	names := sortedNames()
	var found []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || filepath.Base(path) == "markers" && filepath.Dir(path) == root {
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
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			text, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			if name := namedMarker(text, names); name != "" {
				found = append(found, fset.Position(lit.Pos()).String()+": "+lit.Value)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(found)
	return found
}

// namedMarker returns the registered marker text names, or "".
func namedMarker(text string, names []string) string {
	text = strings.TrimPrefix(text, "+")
	for _, name := range names {
		if text == name {
			return name
		}
		if rest, ok := strings.CutPrefix(text, name); ok && rest != "" && strings.ContainsRune("=:(", rune(rest[0])) && strings.ContainsAny(name, ":") {
			return name
		}
	}
	return ""
}

func TestCountMarkerNameLiterals(t *testing.T) {
	found := markerNameLiterals(t, "..")
	for _, f := range found {
		t.Log(f)
	}
	t.Logf("%d marker-name literals outside generators/markers", len(found))
}
