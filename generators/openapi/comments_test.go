package openapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// The schema of a dependency's type (metav1.Condition, which the load types
// from export data, without comments) is described by the doc comment the
// model's comment index reads: the index parses the file that declares it
// only when openapi asks for it.
func TestDependencyDocsComeFromTheModel(t *testing.T) {
	universe, err := load.Load(load.Options{Patterns: []string{"./testdata/basic"}})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	widget := universe.Packages[0].Lookup("Widget")
	meta := widget.Fields[1].Type().(*types.Named).Obj()
	condition := meta.Pkg().Scope().Lookup("Condition")
	file := universe.Fset.Position(condition.Pos()).Filename
	if slices.Contains(universe.Comments.ParsedFiles(), file) {
		t.Fatalf("the load parsed %s already; the index reads dependencies on first use", file)
	}

	expanded, err := openapi.Prepare(universe).Expand(universe.Packages[0].Lookup("WidgetStatus").Object)
	if err != nil {
		t.Fatalf("expand: %v", err)
	}
	if !slices.Contains(universe.Comments.ParsedFiles(), file) {
		t.Fatalf("openapi described Condition without the model's index parsing %s: parsed %v", file, universe.Comments.ParsedFiles())
	}
	lines := universe.Comments.Of(condition.Pos(), markers.OnType).Lines
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "Condition contains details") {
		t.Fatalf("the model's comment of Condition = %q", lines)
	}
	items := findProperty(expanded.Schema, "conditions")
	if items == nil || items.Items == nil || items.Items.Schema == nil {
		t.Fatal("no conditions property with items in WidgetStatus's schema")
	}
	if got := items.Items.Schema.Description; !strings.HasPrefix(got, lines[0]) {
		t.Errorf("Condition's description %q does not start with the model's doc line %q", got, lines[0])
	}
}

// findProperty is the first property called name, depth first.
func findProperty(s *spec.Schema, name string) *spec.Schema {
	if s == nil {
		return nil
	}
	for _, key := range slices.Sorted(maps.Keys(s.Properties)) {
		property := s.Properties[key]
		if key == name {
			return &property
		}
		if found := findProperty(&property, name); found != nil {
			return found
		}
	}
	return nil
}

// Package openapi keeps no comment index of its own: none of its files
// parses Go files (go/parser), reads the input packages' parsed files
// (model.Package.Syntax) or parses markers out of comments itself; it asks
// the model (model.Comments).
func TestOpenAPIKeepsNoCommentIndexOfItsOwn(t *testing.T) {
	forbidden := map[string]string{
		"ParseGroups":          "markers.ParseGroups",
		"ParseLine":            "markers.ParseLine",
		"PackageLevel":         "markers.PackageLevel",
		"ParsePackageComments": "markers.ParsePackageComments",
		"Syntax":               "the parsed files (Package.Syntax)",
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, entry := range entries {
		name := entry.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, spec := range file.Imports {
			if path, _ := strconv.Unquote(spec.Path.Value); path == "go/parser" {
				t.Errorf("%s imports go/parser: read comments from model.Comments", fset.Position(spec.Pos()))
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if what, bad := forbidden[sel.Sel.Name]; bad {
					t.Errorf("%s uses %s: read comments and markers from model.Comments", fset.Position(sel.Pos()), what)
				}
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("checked only %d files of package openapi", checked)
	}
}
