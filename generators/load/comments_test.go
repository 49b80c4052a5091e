package load

import (
	"errors"
	"go/types"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
)

// A marker problem in a comment that only gengo takes for a declaration's
// (the comment ending the line above a field, on the field before it) is the
// load's positioned warning, with the marker registry's wording; one in a doc
// comment is the load's error, reported once (not again as a warning).
func TestMarkerProblemsOnlyGengoReadsAreLoadWarnings(t *testing.T) {
	_, err := Load(Options{Patterns: []string{"./testdata/gengoonly"}})
	if err == nil {
		t.Fatal("want the doc comment's misspelt marker as an error")
	}
	var warnings, errs []string
	for _, problem := range diag.Unwrap(err) {
		var w *diag.Warning
		var e *diag.Error
		switch {
		case errors.As(problem, &w):
			warnings = append(warnings, w.Error())
		case errors.As(problem, &e):
			errs = append(errs, e.Error())
		}
	}
	const misspelt = `unknown marker "+kubebuilder:validation:Minimun" (did you mean "+kubebuilder:validation:Minimum"?)`
	if len(warnings) != 1 || !strings.Contains(warnings[0], "types.go:4:") || !strings.Contains(warnings[0], misspelt) ||
		!strings.Contains(warnings[0], "a comment openapi-gen reads as the declaration's below it") {
		t.Errorf("warnings = %q, want one at line 4 about Minimun", warnings)
	}
	if len(errs) != 1 || !strings.Contains(errs[0], "types.go:7:") || !strings.Contains(errs[0], misspelt) {
		t.Errorf("errors = %q, want one at line 7 about Minimun", errs)
	}
}

// A dependency's doc comments (the load types it from export data) come from
// the model's comment index, which parses the declaring file on first use,
// once, however many passes ask at the same time.
func TestDependencyCommentsAreParsedOnceOnFirstUse(t *testing.T) {
	universe, err := Load(Options{Patterns: []string{"./testdata/stale"}})
	if err != nil {
		t.Fatalf("load failed: %v", err)
	}
	widget := universe.Packages[0].Lookup("Widget")
	meta := widget.Fields[1].Type().(*types.Named).Obj()
	if parsed := universe.Comments.ParsedFiles(); len(parsed) != 0 {
		t.Fatalf("the load parsed dependency files %v; they are parsed on first use", parsed)
	}
	var wg sync.WaitGroup
	got := make([][]string, 8)
	for i := range got {
		wg.Go(func() { got[i] = universe.Comments.Of(meta.Pos(), markers.OnType).Lines })
	}
	wg.Wait()
	if len(got[0]) == 0 || !strings.HasPrefix(got[0][0], "ObjectMeta is metadata that all persisted resources must have") {
		t.Fatalf("ObjectMeta's comment = %q", got[0])
	}
	for _, lines := range got[1:] {
		if !slices.Equal(lines, got[0]) {
			t.Fatalf("concurrent reads disagree: %q and %q", lines, got[0])
		}
	}
	want := []string{universe.Fset.Position(meta.Pos()).Filename}
	if parsed := universe.Comments.ParsedFiles(); !slices.Equal(parsed, want) {
		t.Errorf("parsed %v, want only %v", parsed, want)
	}
	if m, ok := universe.Comments.PackageMarkers(meta).Get("k8s:openapi-model-package"); !ok || m.Value != "io.k8s.apimachinery.pkg.apis.meta.v1" {
		t.Errorf("metav1's package markers (doc.go) = %v", universe.Comments.PackageMarkers(meta))
	}
	if !universe.Comments.IsInput(widget.Object.Pkg()) || universe.Comments.IsInput(meta.Pkg()) {
		t.Error("IsInput is wrong for the input package or metav1")
	}
}

// The model's Field.Markers and the comment index's markers of the same doc
// comment are one parse: the same slice.
func TestFieldMarkersAreTheIndexsParse(t *testing.T) {
	universe, err := Load(Options{Patterns: []string{"./testdata/stale"}})
	if err != nil {
		t.Fatalf("load failed: %v", err)
	}
	size := universe.Packages[0].Lookup("Widget").Fields[2]
	if !size.Markers.Has("optional") {
		t.Fatalf("Size's markers = %v", size.Markers)
	}
	indexed := universe.Comments.Of(size.Var.Pos(), markers.OnField).Markers
	if len(indexed) != len(size.Markers) || &indexed[0] != &size.Markers[0] {
		t.Errorf("the index parsed Size's doc comment again: %v vs %v", indexed, size.Markers)
	}
}
