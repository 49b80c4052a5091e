package diag

import (
	"errors"
	"go/token"
	"testing"
)

func TestSplitSortAndPrintWarnings(t *testing.T) {
	at := func(line int) token.Position { return token.Position{Filename: "a.go", Line: line, Column: 2} }
	joined := errors.Join(Warnf(at(3), "odd %q", "x"), Errorf(at(1), "wrong"), errors.Join(Warnf(at(2), "odd")))
	errs, warnings := Split(joined)
	if len(errs) != 1 || len(warnings) != 2 {
		t.Fatalf("Split = %v / %v", errs, warnings)
	}
	sorted := Sort(append(errs, warnings...))
	var got []string
	for _, e := range sorted {
		got = append(got, e.Error())
	}
	want := []string{"a.go:1:2: wrong", "a.go:2:2: warning: odd", `a.go:3:2: warning: odd "x"`}
	if len(got) != len(want) {
		t.Fatalf("Sort = %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d = %q, want %q", i, got[i], want[i])
		}
	}
	rel := Relative(warnings[0], func(string) string { return "b.go" })
	if rel.Error() != `b.go:3:2: warning: odd "x"` || !IsWarning(rel) {
		t.Errorf("Relative = %v", rel)
	}
}
