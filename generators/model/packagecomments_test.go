package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/metagen-dev/metagen/generators/markers"
)

// The input files' package-level comments are parsed once per run and set
// of names, for every input file, with the markers' typed values.
func TestPackageCommentsAreParsedOncePerNames(t *testing.T) {
	const src = `package p

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get

// Reconcile reconciles.
func Reconcile() {}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	comments := NewComments(fset)
	comments.AddInput(&Package{Path: "example.com/p", Syntax: []*ast.File{file}})
	comments.AddFile(file)

	first := comments.PackageComments(markers.KBRBAC.Name)
	if again := comments.PackageComments(markers.KBRBAC.Name); len(first) != 1 || again[file] != first[file] {
		t.Fatalf("a second call parsed again: %p, %p", first[file], again[file])
	}
	if other := comments.PackageComments(markers.KBWebhook.Name); other[file] == first[file] {
		t.Error("another set of names shares the parse of the first")
	}
	set, misplaced, errs := first[file].Named(markers.KBRBAC.Name)
	if len(set) != 1 || len(misplaced) != 0 || len(errs) != 0 {
		t.Fatalf("Named = %v, %v, %v", set, misplaced, errs)
	}
	if rule, ok := markers.Value[markers.RBACRule](set[0]); !ok || rule.Verbs[0] != "get" {
		t.Errorf("the rule's typed value = %+v, %v", rule, ok)
	}
}
