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

// stringSplitters are the functions that take text apart: on a marker's
// .Value, .Args or .Param, the marker parser's typed value says it already.
var stringSplitters = map[string]bool{
	"strings.Split": true, "strings.SplitN": true, "strings.SplitAfter": true, "strings.Cut": true, "strings.CutPrefix": true,
	"strings.CutSuffix": true, "strings.Fields": true, "strings.FieldsFunc": true, "strings.TrimPrefix": true,
	"strings.TrimSuffix": true, "strings.HasPrefix": true, "strings.HasSuffix": true, "strings.Index": true,
	"strings.IndexByte": true, "strings.LastIndex": true, "strings.LastIndexByte": true,
}

// textFields are the fields of a Marker (and of a codetags.Tag) that hold
// text as written.
var textFields = map[string]bool{"Value": true, "Args": true, "Param": true}

// reparsing lists the calls in the Go files of dir that parse marker text
// again: a marker parser called at all; strconv.Parse*/Atoi called at all
// (a generator has no numbers to read from text but a marker's, which the
// load typed: a copy of m.Value parsed later is caught too); strconv.Unquote
// of a marker's text (a generator unquotes struct tags too); a string
// function taking a marker's text apart (strings.Split, Cut, Fields,
// Index, TrimPrefix, HasPrefix …). A marker's text is a .Value, .Args or
// .Param, and what holds one (markerText).
func reparsing(t *testing.T, dir string, exempt func(file, fn string) bool) []string {
	t.Helper()
	files := parseDir(t, dir)
	text := followMarkerText(files)
	return scanCalls(files, exempt, func(call *ast.CallExpr, name string) bool {
		parsesNumber := strings.HasPrefix(name, "strconv.Parse") || name == "strconv.Atoi"
		unquotesText := name == "strconv.Unquote" && text.in(call.Args)
		splitsText := stringSplitters[name] && text.in(call.Args)
		return markerParsers[name] || parsesNumber || unquotesText || splitsText
	})
}

// sourceFile is a parsed non-test Go file of the scanned package.
type sourceFile struct {
	fset *token.FileSet
	file *ast.File
}

// parseDir parses the non-test Go files of dir, with their identifiers
// resolved within each file.
func parseDir(t *testing.T, dir string) []sourceFile {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	var files []sourceFile
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
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
		files = append(files, sourceFile{fset, file})
	}
	return files
}

// scanCalls lists the calls in files that flag reports, as
// "position: pkg.Func", but those in a function exempt names (by its file's
// base name and its name).
func scanCalls(files []sourceFile, exempt func(file, fn string) bool, flag func(call *ast.CallExpr, name string) bool) []string {
	var found []string
	for _, f := range files {
		file := filepath.Base(f.fset.Position(f.file.Pos()).Filename)
		for _, decl := range f.file.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && exempt(file, fn.Name.Name) {
				continue
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && flag(call, calledName(call)) {
					found = append(found, f.fset.Position(call.Pos()).String()+": "+calledName(call))
				}
				return true
			})
		}
	}
	return found
}

// markerText is what holds a marker's text in a package: the variables
// (locals and parameters, by their resolved objects) assigned a .Value,
// .Args or .Param, or text made of one (holds), and the parameters a call
// of the package's function or method of that name passes such text to.
type markerText map[*ast.Object]bool

// followMarkerText computes markerText for the files of one package, to a
// fixed point.
func followMarkerText(files []sourceFile) markerText {
	funcs := map[string][]*ast.FuncDecl{}
	for _, f := range files {
		for _, decl := range f.file.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok {
				funcs[fn.Name.Name] = append(funcs[fn.Name.Name], fn)
			}
		}
	}
	text := markerText{}
	for changed := true; changed; {
		changed = false
		mark := func(expr ast.Expr) {
			if ident, ok := ast.Unparen(expr).(*ast.Ident); ok && ident.Obj != nil && !text[ident.Obj] {
				text[ident.Obj], changed = true, true
			}
		}
		assign := func(lhs, rhs []ast.Expr) {
			for i, value := range rhs {
				switch {
				case !text.holds(value):
				case len(rhs) == len(lhs):
					mark(lhs[i])
				default: // a, b, ok := strings.Cut(text, …)
					for _, each := range lhs {
						mark(each)
					}
				}
			}
		}
		for _, f := range files {
			ast.Inspect(f.file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					assign(n.Lhs, n.Rhs)
				case *ast.ValueSpec:
					lhs := make([]ast.Expr, len(n.Names))
					for i, name := range n.Names {
						lhs[i] = name
					}
					assign(lhs, n.Values)
				case *ast.RangeStmt:
					if n.Value != nil && text.holds(n.X) {
						mark(n.Value)
					}
				case *ast.CallExpr:
					for _, fn := range funcs[calledFunc(n)] {
						params := paramNames(fn)
						for i, arg := range n.Args {
							if i < len(params) && text.holds(arg) {
								mark(params[i])
							}
						}
					}
				}
				return true
			})
		}
	}
	return text
}

// in reports whether any of exprs reads a marker's text: a .Value, .Args
// or .Param within it, or is a marker's text (holds).
func (text markerText) in(exprs []ast.Expr) bool {
	found := false
	for _, expr := range exprs {
		found = found || text.holds(expr)
		ast.Inspect(expr, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && textFields[sel.Sel.Name] {
				found = true
			}
			return !found
		})
	}
	return found
}

// holds reports whether expr is a marker's text, or text made of it: a
// .Value, .Args or .Param, a variable holding one, a part of one (sliced,
// indexed, concatenated), or what a strings function makes of one. A
// struct that holds text (a Marker, a codetags.Arg) is not its text.
func (text markerText) holds(expr ast.Expr) bool {
	switch e := ast.Unparen(expr).(type) {
	case *ast.SelectorExpr:
		return textFields[e.Sel.Name]
	case *ast.Ident:
		return e.Obj != nil && text[e.Obj]
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (text.holds(e.X) || text.holds(e.Y))
	case *ast.SliceExpr:
		return text.holds(e.X)
	case *ast.IndexExpr:
		return text.holds(e.X)
	case *ast.CallExpr:
		if name := calledName(e); !strings.HasPrefix(name, "strings.") && !isStringConversion(e) {
			return false
		}
		for _, arg := range e.Args {
			if text.holds(arg) {
				return true
			}
		}
	}
	return false
}

func isStringConversion(call *ast.CallExpr) bool {
	ident, ok := call.Fun.(*ast.Ident)
	return ok && ident.Name == "string"
}

// calledFunc is the name of the function or method a call calls.
func calledFunc(call *ast.CallExpr) string {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return fun.Name
	case *ast.SelectorExpr:
		return fun.Sel.Name
	}
	return ""
}

// paramNames lists a function's parameters, one per argument position.
func paramNames(fn *ast.FuncDecl) []ast.Expr {
	var names []ast.Expr
	for _, field := range fn.Type.Params.List {
		for _, name := range field.Names {
			names = append(names, name)
		}
	}
	return names
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

// commentParsers are the functions that read comments or markers from
// source, and DecodeArgs, which decodes a typed marker's arguments again:
// a generator reads them through the model's comment index (model.Comments,
// the markers attached at load, their Marker.Typed) instead.
var commentParsers = map[string]bool{
	"gengo.NewComments": true, "markers.ParseLine": true, "markers.ParseGroups": true,
	"markers.ParsePackageComments": true, "markers.PackageLevel": true, "markers.DecodeArgs": true,
}

// parsingComments lists the calls in the Go files of dir that read
// comments themselves: a comment parser, or go/parser asked for comments.
func parsingComments(t *testing.T, dir string, exempt func(file, fn string) bool) []string {
	t.Helper()
	return scanCalls(parseDir(t, dir), exempt, func(call *ast.CallExpr, name string) bool {
		isParse := name == "parser.ParseFile" || name == "parser.ParseDir"
		return commentParsers[name] || isParse && mentions(call.Args, "ParseComments")
	})
}

// mentions reports whether an identifier called name occurs in args.
func mentions(args []ast.Expr, name string) bool {
	found := false
	for _, arg := range args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if ident, ok := n.(*ast.Ident); ok && ident.Name == name {
				found = true
			}
			return !found
		})
	}
	return found
}

// TestGeneratorsReadCommentsThroughTheIndex: every generator reads
// comments and markers through the model's one comment index, never a
// parser of its own.
func TestGeneratorsReadCommentsThroughTheIndex(t *testing.T) {
	dirs := []string{"../conversion", "../defaults", "../validation", "../rbac", "../webhook", "../manifest",
		"../openapi", "../crd", "../client", "../deepcopy", "../register", "../prerelease", "../kube", "../lint", "../compat", "../docs"}
	for _, dir := range dirs {
		for _, call := range parsingComments(t, dir, none) {
			t.Errorf("%s reads comments or marker text itself; read them through model.Comments (Marker.Typed) instead", call)
		}
	}
}

// TestGeneratorsDoNotReparseMarkerValues: the generators read the typed
// values the marker parser made at load.
func TestGeneratorsDoNotReparseMarkerValues(t *testing.T) {
	for _, c := range []struct {
		dir    string
		exempt func(file, fn string) bool
	}{
		{"../validation", none},
		{"../openapi", none},
		{"../conversion", none}, {"../defaults", none}, {"../rbac", none}, {"../webhook", none}, {"../manifest", none},
		{"../crd", func(file, fn string) bool {
			// They read the indices of apiextensions' error paths
			// (spec.versions[0]…x-kubernetes-validations[2]), not marker text.
			return file == "check.go" && fn == "versionSchemaPath" || file == "costadvice.go" && fn == "CostAdvice"
		}}, {"../lint", none}, {"../compat", none}, {"../kube", none},
		{"../client", func(file, fn string) bool {
			return file == "orphans.go" && fn == "servesOnly" /* unquotes import paths */
		}}, {"../deepcopy", none}, {"../register", none}, {"../prerelease", none}, {"../docs", func(file, fn string) bool {
			return file == "render.go" && fn == "positioned" // the line and column of a template's error
		}},
	} {
		for _, call := range reparsing(t, c.dir, c.exempt) {
			t.Errorf("%s parses marker text again; read Marker.Typed (markers.Value) instead", call)
		}
	}
}

func none(string, string) bool { return false }

// TestReparsingScanFindsCalls keeps the scan honest: it finds the calls it
// looks for.
func TestReparsingScanFindsCalls(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"strconv"
	"strings"

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
	first := strings.TrimSpace(m.Value)
	strings.Cut(first, ",")
	for _, item := range strings.Split(m.Param, ";") {
		strings.HasPrefix(item, "x")
	}
	qualified(m.Value)
	strings.Index(m.Name, ":")
	strings.Index(m.Pos.Filename, "/")
}

func qualified(name string) {
	strings.LastIndexByte(name, '.')
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := reparsing(t, dir, none)
	want := []string{"strconv.ParseInt", "markers.AnyList", "markers.DecodeArgs", "strconv.Atoi", "strconv.Unquote",
		"strings.Cut", "strings.Split", "strings.HasPrefix", "strings.LastIndexByte"}
	if len(got) != len(want) {
		t.Fatalf("found %v, want %v", got, want)
	}
	for i, call := range got {
		if !strings.HasSuffix(call, ": "+want[i]) {
			t.Errorf("found %s, want %s", call, want[i])
		}
	}
	if !strings.Contains(got[4], "p.go:18:") {
		t.Errorf("found %s, want the Unquote of m.Args on line 18, not of the struct tag", got[4])
	}
}

// TestCommentScanFindsCalls keeps the comment scan honest: it finds a
// comment parser and go/parser asked for comments, not go/parser reading
// imports only.
func TestCommentScanFindsCalls(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"go/parser"
	"go/token"

	"github.com/metagen-dev/metagen/generators/gengo"
	"github.com/metagen-dev/metagen/generators/markers"
)

func f(fset *token.FileSet) {
	gengo.NewComments()
	markers.ParseLine("+a", token.Position{}, markers.OnFunc)
	parser.ParseFile(fset, "a.go", nil, parser.ParseComments|parser.SkipObjectResolution)
	parser.ParseFile(fset, "b.go", nil, parser.ImportsOnly)
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := parsingComments(t, dir, none)
	want := []string{"gengo.NewComments", "markers.ParseLine", "parser.ParseFile"}
	if len(got) != len(want) {
		t.Fatalf("found %v, want %v", got, want)
	}
	for i := range want {
		if !strings.HasSuffix(got[i], want[i]) {
			t.Errorf("found %v, want %v", got, want)
		}
	}
}
