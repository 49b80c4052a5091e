package markers

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// markerNameLiterals lists the string literals in the non-test Go files
// under root (but the markers package) whose text names a registered
// marker: "name", "+name", or "name" followed by '=', ':' or '(' and more.
func markerNameLiterals(t *testing.T, root string) []string {
	t.Helper()
	names := longestFirst()
	var found []string
	skipMarkers := func(dir string) bool { return filepath.Base(dir) == "markers" && filepath.Dir(dir) == root }
	testfile.ParseGoFiles(t, root, skipMarkers, func(fset *token.FileSet, file *ast.File) {
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
	})
	sort.Strings(found)
	return found
}

// namedMarker returns the registered marker text names, or "": the name
// itself, "+name", or "+name" followed by '=', ':' or '(' and more (a
// message about the marker). A one-word name (optional, default, enum,
// union, nullable, deprecated, protobuf …) counts only as "+name": as a
// bare word it is JSON Schema's keyword or a struct tag's key as often as
// the marker.
func namedMarker(text string, names []string) string {
	plus := strings.HasPrefix(text, "+")
	text = strings.TrimPrefix(text, "+")
	for _, name := range names {
		oneWord := !strings.ContainsAny(name, ":.-") && strings.ToLower(name) == name
		if oneWord && !plus {
			continue
		}
		if text == name {
			return name
		}
		if rest, ok := strings.CutPrefix(text, name); ok && plus && rest != "" && strings.ContainsRune("=:(", rune(rest[0])) {
			return name
		}
	}
	return ""
}

// markerNameAllowed are the literals that name a marker outside this
// package for a reason, by file and literal.
var markerNameAllowed = map[string]string{
	"validation/unions.go:\"zeroOrOneOf\"": "the name of a family of struct checks in the generated code's order, not the kube-openapi marker",
	"docs/build.go:\"oneOf\"":              "JSON Schema's oneOf keyword",
	"compat/compare.go:\"structType\"":     "the x-kubernetes-map-type of a struct, as compat names the change",
}

// TestNoMarkerNamesOutsideMarkers: the generators read markers by their
// definitions' values (markers.KBResource.On(t)), never by a name written
// as a string.
func TestNoMarkerNamesOutsideMarkers(t *testing.T) {
	found := markerNameLiterals(t, "..")
	count := 0
	for _, f := range found {
		file, lit, _ := strings.Cut(strings.TrimPrefix(f, "../"), ": ")
		if i := strings.Index(file, ".go:"); i >= 0 {
			file = file[:i+3]
		}
		if _, ok := markerNameAllowed[file+":"+lit]; ok {
			continue
		}
		count++
		t.Errorf("%s names a marker; read it through its definition (markers.<Def>.On, .Tag(), .Name) instead", f)
	}
	t.Logf("%d marker-name literals outside generators/markers (%d allowed)", count, len(found)-count)
}

// TestMarkerNameScanFindsLiterals keeps the scan honest.
func TestMarkerNameScanFindsLiterals(t *testing.T) {
	names := longestFirst()
	for text, want := range map[string]string{
		"kubebuilder:resource": "kubebuilder:resource", "+genclient:method=%s: …": "genclient:method", "+optional": "optional",
		"optional": "", "default": "", "listType": "listType", "x-kubernetes-list-type": "", "+k8s:ifMode(%q): …": "k8s:ifMode",
	} {
		if got := namedMarker(text, names); got != want {
			t.Errorf("namedMarker(%q) = %q, want %q", text, got, want)
		}
	}
}

// longestFirst is the registered names, the longest first, so that
// "+genclient:method=…" names genclient:method, not genclient.
func longestFirst() []string {
	names := sortedNames()
	sort.SliceStable(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	return names
}
