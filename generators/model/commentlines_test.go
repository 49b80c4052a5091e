package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
)

const commentLinesSrc = `package p

// +k8s:defaulter-gen=true

//  +default="a"
// T is a type.
type T struct{}

// +k8s:conversion-fn=copy-only
// +k8s:conversoin-fn=drop
func F() {}

func G() {}
`

// declPositions parses src as dir/name into fset and returns the position
// of each top-level declaration's name.
func declPositions(t *testing.T, fset *token.FileSet, dir, name string) (*ast.File, map[string]token.Pos) {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(commentLinesSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]token.Pos{}
	for _, decl := range file.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			pos[decl.Name.Name] = decl.Name.Pos()
		case *ast.GenDecl:
			pos[decl.Specs[0].(*ast.TypeSpec).Name.Name] = decl.Specs[0].Pos()
		}
	}
	return file, pos
}

// The index gives gengo's comment lines, with the position of each line's
// text, the second closest group, gengo's tag values and a declaration's
// markers with their problems: for an input file (added) and for a
// dependency's (parsed from disk on first use) alike.
func TestCommentLinesAndMarkersAbove(t *testing.T) {
	dir := t.TempDir()
	fset := token.NewFileSet()
	comments := NewComments(fset)
	input, inputPos := declPositions(t, fset, dir, "input.go")
	comments.AddFile(input)
	_, dependencyPos := declPositions(t, fset, dir, "dependency.go")
	for name, pos := range map[string]map[string]token.Pos{"input": inputPos, "dependency": dependencyPos} {
		t.Run(name, func(t *testing.T) {
			checkCommentLines(t, comments, pos)
			checkMarkersAbove(t, comments, pos)
		})
	}
}

func checkCommentLines(t *testing.T, comments *Comments, pos map[string]token.Pos) {
	lines := comments.CommentLines(pos["T"])
	if len(lines) != 2 || lines[0].Text != `  +default="a"` || lines[1].Text != " T is a type." {
		t.Fatalf("CommentLines(T) = %q", lines)
	}
	if p := lines[0].Pos; p.Line != 5 || p.Column != 5 {
		t.Errorf("the first line's text is at %d:%d, want 5:5", p.Line, p.Column)
	}
	values := TagValues(lines, "default")
	if len(values) != 1 || values[0].Text != `"a"` || values[0].Pos != lines[0].Pos {
		t.Errorf("TagValues(default) = %q", values)
	}
	second := comments.SecondClosestCommentLines(pos["T"])
	if len(second) != 1 || second[0].Text != " +k8s:defaulter-gen=true" || second[0].Pos.Line != 3 || second[0].Pos.Column != 4 {
		t.Errorf("SecondClosestCommentLines(T) = %q", second)
	}
	if got := comments.CommentLines(pos["G"]); got != nil {
		t.Errorf("CommentLines(G) = %q, want none", got)
	}
	if got := comments.SecondClosestCommentLines(pos["F"]); got != nil {
		t.Errorf("SecondClosestCommentLines(F) = %q, want none: T's comment is not F's", got)
	}
}

func checkMarkersAbove(t *testing.T, comments *Comments, pos map[string]token.Pos) {
	set, errs := comments.MarkersAbove(pos["F"], markers.OnFunc)
	if m, ok := set.Get("k8s:conversion-fn"); !ok || m.Value != "copy-only" || m.Err != nil {
		t.Errorf("F's markers = %v", set)
	}
	if len(errs) != 1 || diag.PositionOf(errs[0]).Line != 10 || !strings.Contains(errs[0].Error(), `"+k8s:conversoin-fn"`) {
		t.Errorf("F's problems = %v, want the misspelling at line 10", errs)
	}
	if set, errs := comments.MarkersAbove(pos["G"], markers.OnFunc); set != nil || errs != nil {
		t.Errorf("G's markers = %v, %v; want none", set, errs)
	}
}

// GroupMarkers reads the group a caller holds (a constant's go/parser doc)
// through the same cache as MarkersAbove: the same parse, not a second one.
func TestGroupMarkersIsTheIndexsParse(t *testing.T) {
	fset := token.NewFileSet()
	comments := NewComments(fset)
	file, pos := declPositions(t, fset, t.TempDir(), "input.go")
	comments.AddFile(file)
	var doc *ast.CommentGroup
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Name.Name == "F" {
			doc = fn.Doc
		}
	}
	got, errs := comments.GroupMarkers(doc, markers.OnFunc)
	want, _ := comments.MarkersAbove(pos["F"], markers.OnFunc)
	if len(got) != 2 || len(errs) != 1 || &got[0] != &want[0] {
		t.Errorf("GroupMarkers = %v, %v; want MarkersAbove's own %v and its one problem", got, errs, want)
	}
	if set, errs := comments.GroupMarkers(nil, markers.OnFunc); set != nil || errs != nil {
		t.Errorf("GroupMarkers(nil) = %v, %v", set, errs)
	}
}
