package gen

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestTypeStyles: each style writes the fields of one struct as the
// generator that uses it must (the zero value: as declared; deepcopy's:
// aliases resolved, any; client's: aliases resolved, interface{}).
func TestTypeStyles(t *testing.T) {
	const src = `package p

import "time"

type Target struct{ A int }
type Alias = Target
type Pair[K comparable, V any] struct {
	Key K
	Val V
}

type S struct {
	ByAlias   Alias
	Any       any
	Iface     interface{}
	Loose     []map[string]any
	Inst      Pair[string, *Target]
	Anonymous struct {
		X    int ` + "`json:\"x\"`" + `
		time.Duration
	}
	Func func(time.Time) error
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := pkg.Scope().Lookup("S").Type().Underlying().(*types.Struct)
	field := func(name string) types.Type {
		for i := range st.NumFields() {
			if st.Field(i).Name() == name {
				return st.Field(i).Type()
			}
		}
		t.Fatalf("no field %s", name)
		return nil
	}
	// Rendered as a declaration outside a file, so that qualified names
	// show by package name.
	render := func(code *jen.Statement) string {
		return strings.TrimPrefix(fmt.Sprintf("%#v", jen.Var().Id("_").Add(code)), "var _ ")
	}
	deepcopy := TypeStyle{Unalias: true, EmptyInterface: "any"}
	client := TypeStyle{Unalias: true, EmptyInterface: "interface{}"}
	for _, c := range []struct {
		field string
		style TypeStyle
		want  string
	}{
		{"ByAlias", TypeStyle{}, "p.Alias"},
		{"ByAlias", deepcopy, "p.Target"},
		{"ByAlias", client, "p.Target"},
		{"Any", TypeStyle{}, "any"},
		{"Any", deepcopy, "any"},
		{"Any", client, "interface{}"},
		{"Iface", TypeStyle{}, "interface{}"},
		{"Iface", deepcopy, "any"},
		{"Iface", client, "interface{}"},
		{"Loose", TypeStyle{}, "[]map[string]any"},
		{"Loose", client, "[]map[string]interface{}"},
		{"Inst", TypeStyle{}, "p.Pair[string, *p.Target]"},
		{"Anonymous", TypeStyle{}, "struct {\n\tX int \"json:\\\"x\\\"\"\n\ttime.Duration\n}"},
		{"Func", TypeStyle{}, "func(time.Time) error"},
	} {
		if got := render(c.style.Code(field(c.field))); got != c.want {
			t.Errorf("%+v.Code(%s) = %q, want %q", c.style, c.field, got, c.want)
		}
	}
	// A generic type itself, as its methods name it.
	if got := render(TypeCode(pkg.Scope().Lookup("Pair").Type())); got != "p.Pair[K, V]" {
		t.Errorf("TypeCode(Pair) = %q, want p.Pair[K, V]", got)
	}
}
