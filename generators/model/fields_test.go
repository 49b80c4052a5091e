package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// structOf type-checks src (a file of package p) and returns the struct
// type named name.
func structOf(t *testing.T, src, name string) *types.Struct {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg.Scope().Lookup(name).Type().Underlying().(*types.Struct)
}

func TestFieldsOf(t *testing.T) {
	st := structOf(t, "package p\n"+
		"type Inner struct{ X int }\n"+
		"type S struct {\n"+
		"	None     int\n"+
		"	Empty    int `json:\"\"`\n"+
		"	Skip     int `json:\"-\"`\n"+
		"	Dash     int `json:\"-,\"`\n"+
		"	Named    int `json:\"named,omitempty,string\"`\n"+
		"	Zero     int `json:\"zero,omitzero\"`\n"+
		"	Trailing int `json:\"trailing,\"`\n"+
		"	Inner\n"+
		"	Flat     Inner `json:\",inline\"`\n"+
		"	Proto    int `json:\"proto\" protobuf:\"varint,1,opt,name=proto\" patchStrategy:\"merge\" patchMergeKey:\"name\"`\n"+
		"	Bad      int `json:named`\n"+
		"}\n", "S")
	fields := FieldsOf(st)
	if len(fields) != st.NumFields() {
		t.Fatalf("FieldsOf gave %d fields for %d", len(fields), st.NumFields())
	}
	byName := map[string]*Field{}
	for i, f := range fields {
		if f.Var != st.Field(i) || f.Tag != st.Tag(i) {
			t.Errorf("field %d: Var or Tag is not the struct's", i)
		}
		byName[f.GoName] = f
	}
	for _, c := range []struct {
		name                        string
		tagged                      bool
		json, jsonName              string
		options                     []string
		inline, omitEmpty, omitZero bool
	}{
		{name: "None"},
		{name: "Empty", tagged: true},
		{name: "Skip", tagged: true, json: "-", jsonName: "-"},
		{name: "Dash", tagged: true, json: "-,", jsonName: "-"},
		{name: "Named", tagged: true, json: "named,omitempty,string", jsonName: "named", options: []string{"omitempty", "string"}, omitEmpty: true},
		{name: "Zero", tagged: true, json: "zero,omitzero", jsonName: "zero", options: []string{"omitzero"}, omitZero: true},
		{name: "Trailing", tagged: true, json: "trailing,", jsonName: "trailing"},
		{name: "Inner", inline: true},
		{name: "Flat", tagged: true, json: ",inline", options: []string{"inline"}, inline: true},
		{name: "Proto", tagged: true, json: "proto", jsonName: "proto"},
		{name: "Bad"}, // malformed: reflect finds no json key (lint reports it)
	} {
		f := byName[c.name]
		if f == nil {
			t.Fatalf("no field %s", c.name)
		}
		if f.JSONTagged != c.tagged || f.JSON != c.json || f.JSONName != c.jsonName || !slices.Equal(f.JSONOptions, c.options) ||
			f.Inline != c.inline || f.OmitEmpty != c.omitEmpty || f.OmitZero != c.omitZero {
			t.Errorf("%s: tagged %v, json %q, name %q, options %q, inline %v, omitempty %v, omitzero %v; want %v, %q, %q, %q, %v, %v, %v",
				c.name, f.JSONTagged, f.JSON, f.JSONName, f.JSONOptions, f.Inline, f.OmitEmpty, f.OmitZero,
				c.tagged, c.json, c.jsonName, c.options, c.inline, c.omitEmpty, c.omitZero)
		}
	}
	if p := byName["Proto"]; p.Protobuf != "varint,1,opt,name=proto" || p.PatchStrategy != "merge" || p.PatchMergeKey != "name" {
		t.Errorf("Proto: protobuf %q, patchStrategy %q, patchMergeKey %q", p.Protobuf, p.PatchStrategy, p.PatchMergeKey)
	}
	if byName["Inner"].Embedded != true || byName["None"].Embedded {
		t.Errorf("Embedded is wrong")
	}
	// Each call is a new view: a caller may complete its fields.
	again := FieldsOf(st)
	again[0].Doc = "changed"
	if fields[0].Doc != "" {
		t.Errorf("FieldsOf shares its fields between calls")
	}
}

// structTagReads lists, in the non-test Go files of the generators (but
// this package), the places that read a struct tag themselves: reflect's
// StructTag named at all; a struct's raw tag taken (X.Tag(i) where X also
// has .NumFields() or .Field(i) in the function: a *types.Struct); a tag
// key looked up by a literal (.Get("json"), .Lookup("protobuf") …).
func structTagReads(t *testing.T, root string, skipDir func(path string) bool) []string {
	t.Helper()
	var found []string
	testfile.ParseGoFiles(t, root, skipDir, func(fset *token.FileSet, file *ast.File) {
		for _, decl := range file.Decls {
			found = append(found, tagReadsIn(fset, decl)...)
		}
	})
	return found
}

// tagKeys are the struct tag keys the generators read.
var tagKeys = map[string]bool{"json": true, "protobuf": true, "patchStrategy": true, "patchMergeKey": true}

func tagReadsIn(fset *token.FileSet, decl ast.Decl) []string {
	structs := map[string]bool{} // the expressions used as a *types.Struct
	ast.Inspect(decl, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "NumFields" && len(call.Args) == 0 || sel.Sel.Name == "Field" && len(call.Args) == 1) {
				structs[types.ExprString(sel.X)] = true
			}
		}
		return true
	})
	var found []string
	at := func(n ast.Node, what string) {
		found = append(found, fset.Position(n.Pos()).String()+": "+what)
	}
	ast.Inspect(decl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if pkg, ok := n.X.(*ast.Ident); ok && pkg.Name == "reflect" && n.Sel.Name == "StructTag" {
				at(n, "reflect.StructTag")
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok || len(n.Args) != 1 {
				return true
			}
			switch sel.Sel.Name {
			case "Tag":
				if structs[types.ExprString(sel.X)] {
					at(n, types.ExprString(n))
				}
			case "Get", "Lookup":
				if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if key, err := strconv.Unquote(lit.Value); err == nil && tagKeys[key] {
						at(n, types.ExprString(n))
					}
				}
			}
		}
		return true
	})
	return found
}

// TestGeneratorsReadStructTagsThroughTheModel: what a struct tag says is
// read once, by the model (FieldsOf, NewField); no generator parses a tag.
func TestGeneratorsReadStructTagsThroughTheModel(t *testing.T) {
	self, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	found := structTagReads(t, "..", func(path string) bool {
		abs, err := filepath.Abs(path)
		return err == nil && abs == self
	})
	for _, f := range found {
		t.Errorf("%s reads a struct tag itself; read the field's model.Field (model.FieldsOf) instead", f)
	}
}

// TestStructTagScanFindsReads keeps the scan honest: it finds each kind of
// read, and not jennifer's Tag, which writes one.
func TestStructTagScanFindsReads(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"go/types"
	"reflect"

	"github.com/dave/jennifer/jen"
)

func f(st *types.Struct, g *jen.Group, tags map[string]string) {
	for i := range st.NumFields() {
		_ = reflect.StructTag(st.Tag(i)).Get("json")
		_ = st.Tag(i)
	}
	var field reflect.StructField
	_, _ = field.Tag.Lookup("protobuf")
	g.Id("X").Tag(tags)
	_ = field.Tag.Get("marker")
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range structTagReads(t, dir, func(string) bool { return false }) {
		_, what, _ := strings.Cut(f, ".go:")
		_, what, _ = strings.Cut(what, ": ")
		got = append(got, what)
	}
	want := []string{
		`reflect.StructTag`, `reflect.StructTag(st.Tag(i)).Get("json")`, `st.Tag(i)`, `st.Tag(i)`,
		`field.Tag.Lookup("protobuf")`,
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the scan found\n%q\nwant\n%q", got, want)
	}
}
