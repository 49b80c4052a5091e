package markers

import (
	"errors"
	"go/ast"
	"go/token"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/generators/diag"
)

func TestParseValueDepthIsBounded(t *testing.T) {
	ok := strings.Repeat("{", MaxValueDepth) + strings.Repeat("}", MaxValueDepth)
	if _, err := ParseValue(ok); err != nil {
		t.Errorf("%d levels: %v", MaxValueDepth, err)
	}
	for _, deep := range []string{
		strings.Repeat("{", 32<<10) + strings.Repeat("}", 32<<10),
		strings.Repeat("{a: ", 32<<10) + "1" + strings.Repeat("}", 32<<10),
		strings.Repeat("[", 1<<20),
	} {
		start := time.Now()
		_, err := ParseValue(deep)
		if err == nil || !strings.Contains(err.Error(), "levels deep; at most 100") {
			t.Errorf("%.20s…: err = %v, want the depth limit", deep, err)
		}
		// A generous bound: the 32k-level value took 21 s before the limit.
		if elapsed := time.Since(start); elapsed > 2*time.Second {
			t.Errorf("%.20s…: %v", deep, elapsed)
		}
	}
	// Braces inside strings do not count.
	if v, err := ParseValue(`"` + strings.Repeat("{", 500) + `"`); err != nil || v != strings.Repeat("{", 500) {
		t.Errorf("quoted braces: %v, %v", v, err)
	}
}

// FuzzMarkerValue: no value crashes or hangs the value parser.
func FuzzMarkerValue(f *testing.F) {
	for _, seed := range []string{`Frigate`, `"720h"`, "`a,b`", `3`, `-1.5`, `{start: 8, end: 18}`, `{{1,2},{3}}`, `a;b;c`, `[1,2]`, `{"a":[{"b":null}]}`, `{a: {b: {c: "x;y"}}}`, `{`, `}`, `'\''`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		_, _ = ParseValue(text)
	})
}

// FuzzMarkerLine: no comment line crashes the marker parser, and every
// problem it reports is positioned on that line.
func FuzzMarkerLine(f *testing.F) {
	for _, seed := range []string{
		"+k8s:deepcopy-gen=package", "+kubebuilder:validation:MaxLength=63", "+kubebuilder:validation:MaxLenght=63",
		"+k8s:requried", "+kubebuilder:default={a: 1}", "+kubebuilder:resource:scope=Cluster,shortName=x",
		"+metagen:crd-dir=/abs", "+genclient:nonNamespaced", "+groupName=x.example.com", "+k8s:ifEnabled(Gate)=+k8s:minimum=1",
		"+kubebuilder:validation:items:MinLength:=1", "+listType=map", "+ not a marker", "+", "+k8s:maxItems=x # comment",
	} {
		f.Add(seed, uint8(OnField))
	}
	f.Fuzz(func(t *testing.T, line string, target uint8) {
		if strings.ContainsAny(line, "\n\r") {
			return // one comment line
		}
		fset := token.NewFileSet()
		file := fset.AddFile("x.go", -1, len(line)+2)
		file.SetLines([]int{0})
		group := &ast.CommentGroup{List: []*ast.Comment{{Slash: token.Pos(file.Base()), Text: "//" + line}}}
		_, errs := ParseGroups(fset, Target(1<<(target%4)), group)
		for _, err := range errs {
			var e *diag.Error
			var w *diag.Warning
			switch {
			case errors.As(err, &e) && e.Pos.Line == 1:
			case errors.As(err, &w) && w.Pos.Line == 1:
			default:
				t.Errorf("%q: unpositioned problem %v", line, err)
			}
		}
	})
}
