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
// again: a marker parser called at all, or strconv.Parse*/Atoi/Unquote on
// a .Value, .Args or .Param.
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
			isStrconv := strings.HasPrefix(name, "strconv.Parse") || name == "strconv.Atoi" || name == "strconv.Unquote"
			if markerParsers[name] || isStrconv && readsText(call.Args) {
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

// TestGeneratorsDoNotReparseMarkerValues: validation and openapi's
// validation markers read the typed values the marker parser made at load.
// Still parsing text, and out of this change: openapi/source.go (its own
// comment index, being replaced by the model's), and codetags' integer
// arguments (item keys, +k8s:neq values) that validation renders as
// written.
func TestGeneratorsDoNotReparseMarkerValues(t *testing.T) {
	for _, c := range []struct {
		dir  string
		skip func(file string) bool
	}{
		{"../validation", func(file string) bool {
			return file == "itemunions.go" || file == "parts.go" // codetags' int arguments, rendered
		}},
		{"../openapi", func(file string) bool { return file == "source.go" }},
	} {
		for _, call := range reparsing(t, c.dir, c.skip) {
			t.Errorf("%s parses marker text again; read Marker.Typed (markers.Value) instead", call)
		}
	}
}

// TestReparsingScanFindsCalls keeps the scan honest: it finds the calls it
// looks for.
func TestReparsingScanFindsCalls(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"strconv"

	"github.com/metagen-dev/metagen/generators/markers"
)

func f(m markers.Marker) {
	strconv.ParseInt(m.Value, 10, 64)
	markers.AnyList("a;b")
	strconv.Quote(m.Value)
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := reparsing(t, dir, func(string) bool { return false })
	if len(got) != 2 || !strings.HasSuffix(got[0], "strconv.ParseInt") || !strings.HasSuffix(got[1], "markers.AnyList") {
		t.Errorf("found %v, want strconv.ParseInt and markers.AnyList", got)
	}
}
