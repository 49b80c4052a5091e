package openapi

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
)

// A marker problem in a comment that only openapi-gen takes for a
// declaration's (the comment ending the line above a field, on the field
// before it) is reported, as a positioned warning, instead of being dropped;
// one in a doc comment is the load's, so not reported twice.
func TestMarkerProblemsOnlyGengoReadsAreWarnings(t *testing.T) {
	const src = `package v1

type T struct {
	A string ` + "`json:\"a\"`" + ` // +kubebuilder:validation:Minimun=1
	B string ` + "`json:\"b\"`" + `

	// +kubebuilder:validation:Minimun=2
	C string ` + "`json:\"c\"`" + `
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "types.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	problems := indexComments(fset, file).markerProblems(fset, file)
	if len(problems) != 1 {
		t.Fatalf("got %d problems, want 1 (the trailing comment gengo reads as B's): %v", len(problems), problems)
	}
	w, ok := problems[0].(*diag.Warning)
	if !ok {
		t.Fatalf("%v is not a warning", problems[0])
	}
	if w.Pos.Line != 4 || !strings.Contains(w.Msg, "Minimun") {
		t.Errorf("got %v, want a warning at line 4 about Minimun", w)
	}
}
