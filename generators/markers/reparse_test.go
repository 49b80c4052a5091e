package markers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// markerParsers are the functions that parse a marker's text: the
// generators read Marker.Typed instead.
var markerParsers = map[string]bool{
	"markers.ParseValue": true, "markers.ParseArgs": true, "markers.AnyList": true, "markers.ListValue": true,
	"markers.Decode": true, "markers.DecodeArgs": true, "codetags.Parse": true, "codetags.ParseAll": true,
}

// textFields are the fields of a Marker (and of a codetags.Tag) that hold
// text as written.
var textFields = map[string]bool{"Value": true, "Args": true, "Param": true}

// reparsing lists the calls in the Go files of dir that parse marker text
// again: a marker parser called at all; strconv.Parse*/Atoi called at all
// (a generator has no numbers to read from text but a marker's, which the
// load typed: a copy of m.Value parsed later is caught too); strconv.Unquote
// on a .Value, .Args or .Param (a generator unquotes struct tags too).
func reparsing(t *testing.T, dir string, skip func(file string) bool) []string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	var found []string
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || skip(filepath.Base(path)) {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := calledName(call)
			parsesNumber := strings.HasPrefix(name, "strconv.Parse") || name == "strconv.Atoi"
			unquotesText := name == "strconv.Unquote" && readsText(call.Args)
			if markerParsers[name] || parsesNumber || unquotesText {
				found = append(found, fset.Position(call.Pos()).String()+": "+name)
			}
			return true
		})
	}
	return found
}

func calledName(call *ast.CallExpr) string {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return pkg.Name + "." + sel.Sel.Name
}

func readsText(args []ast.Expr) bool {
	found := false
	for _, arg := range args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && textFields[sel.Sel.Name] {
				found = true
			}
			return !found
		})
	}
	return found
}

// TestGeneratorsDoNotReparseMarkerValues: the generators read the typed
// values the marker parser made at load. Still parsing text, and out of
// this change: openapi/source.go (its own comment index, being replaced by
// the model's).
func TestGeneratorsDoNotReparseMarkerValues(t *testing.T) {
	for _, c := range []struct {
		dir  string
		skip func(file string) bool
	}{
		{"../validation", none},
		{"../openapi", func(file string) bool { return file == "source.go" }},
		{"../crd", none},
		{"../lint", none},
		{"../compat", none},
		{"../kube", none},
		{"../rbac", none},
		{"../webhook", none},
	} {
		for _, call := range reparsing(t, c.dir, c.skip) {
			t.Errorf("%s parses marker text again; read Marker.Typed (markers.Value) instead", call)
		}
	}
}

func none(string) bool { return false }

// TestReparsingScanFindsCalls keeps the scan honest: it finds the calls it
// looks for.
func TestReparsingScanFindsCalls(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"strconv"

	"github.com/metagen-dev/metagen/generators/markers"
)

func f(m markers.Marker, tag string) {
	strconv.ParseInt(m.Value, 10, 64)
	markers.AnyList("a;b")
	strconv.Quote(m.Value)
	markers.DecodeArgs(m.Args, nil)
	text := m.Value
	strconv.Atoi(text)
	strconv.Unquote(tag)
	strconv.Unquote(m.Args)
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := reparsing(t, dir, none)
	want := []string{"strconv.ParseInt", "markers.AnyList", "markers.DecodeArgs", "strconv.Atoi", "strconv.Unquote"}
	if len(got) != len(want) {
		t.Fatalf("found %v, want %v", got, want)
	}
	for i, call := range got {
		if !strings.HasSuffix(call, ": "+want[i]) {
			t.Errorf("found %s, want %s", call, want[i])
		}
	}
	if !strings.Contains(got[4], "p.go:17:") {
		t.Errorf("found %s, want the Unquote of m.Args on line 17, not of the struct tag", got[4])
	}
}
