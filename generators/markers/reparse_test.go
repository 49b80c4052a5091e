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
// on a .Value, .Args or .Param (a generator unquotes struct tags too); a
// string function taking such text apart (strings.Split, Cut, Fields,
// TrimPrefix, HasPrefix …).
func reparsing(t *testing.T, dir string, skip func(file string) bool) []string {
	t.Helper()
	return scanCalls(t, dir, skip, func(call *ast.CallExpr, name string) bool {
		parsesNumber := strings.HasPrefix(name, "strconv.Parse") || name == "strconv.Atoi"
		unquotesText := name == "strconv.Unquote" && readsText(call.Args)
		splitsText := stringSplitters[name] && readsText(call.Args)
		return markerParsers[name] || parsesNumber || unquotesText || splitsText
	})
}

// scanCalls lists the calls in the non-test Go files of dir (but those skip
// names) that flag reports, as "position: pkg.Func".
func scanCalls(t *testing.T, dir string, skip func(file string) bool, flag func(call *ast.CallExpr, name string) bool) []string {
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
			if call, ok := n.(*ast.CallExpr); ok && flag(call, calledName(call)) {
				found = append(found, fset.Position(call.Pos()).String()+": "+calledName(call))
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
func parsingComments(t *testing.T, dir string, skip func(file string) bool) []string {
	t.Helper()
	return scanCalls(t, dir, skip, func(call *ast.CallExpr, name string) bool {
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
		"../openapi", "../crd", "../client", "../deepcopy", "../register", "../prerelease", "../kube", "../lint", "../compat"}
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
		dir  string
		skip func(file string) bool
	}{
		{"../validation", none},
		{"../openapi", none},
		{"../conversion", none}, {"../defaults", none}, {"../rbac", none}, {"../webhook", none}, {"../manifest", none},
		{"../crd", func(file string) bool {
			// They read the indices of apiextensions' error paths
			// (spec.versions[0]…x-kubernetes-validations[2]), not marker text.
			return file == "check.go" || file == "costadvice.go"
		}}, {"../lint", none}, {"../compat", none}, {"../kube", none},
		{"../client", func(file string) bool { return file == "orphans.go" /* unquotes import paths */ }}, {"../deepcopy", none}, {"../register", none}, {"../prerelease", none},
	} {
		for _, call := range reparsing(t, c.dir, c.skip) {
			if pendingSplit(call) {
				t.Logf("%s: splits marker text (to be typed in markers, issue 33)", call)
				continue
			}
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

// pendingSplits are the hand-split marker texts not yet typed by the
// marker parser (issue 33's item 2, left for a follow-up): +genclient:method's
// arguments, the x-kubernetes- extensions of +k8s:openapi-gen and
// +listMapKey, validation-gen's test tags' flags and deepcopy-gen's
// interfaces list. Each is one file and one function; a new split fails.
var pendingSplits = map[string]int{
	"client/tags.go": 1, "openapi/extensions.go": 3, "validation/fixed.go": 2, "deepcopy/select.go": 1,
}

var pendingSeen = map[string]int{}

func pendingSplit(call string) bool {
	if !strings.Contains(call, "strings.") {
		return false
	}
	file, _, _ := strings.Cut(strings.TrimPrefix(call, "../"), ":")
	pendingSeen[file]++
	return pendingSeen[file] <= pendingSplits[file]
}
