package metagentest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records a fatal failure instead of stopping.
type recorder struct {
	testing.TB
	failure string
}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Fatalf(format string, a ...any) {
	r.failure = fmt.Sprintf(format, a...)
	runtime.Goexit() // as testing does
}

// verify runs Verify on a recorder in a goroutine of its own, which Fatalf ends.
func verify(t *testing.T, patterns ...string) string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Verify(r, patterns...)
	}()
	<-done
	return r.failure
}

// Patterns are resolved from the module root, not from this package's
// directory, and one that matches nothing fails.
func TestVerifyResolvesFromTheModuleRootAndRefusesEmptyPatterns(t *testing.T) {
	if failure := verify(t, "./examples/widgets/v1"); failure != "" {
		t.Errorf("./examples/widgets/v1 from the module root: %s", failure)
	}
	if failure := verify(t, "./no/such/dir/..."); !strings.Contains(failure, "matches no package") {
		t.Errorf("a pattern matching nothing: failure %q", failure)
	}
	if failure := verify(t, "./examples/widgets/v1", "./no/such/dir"); !strings.Contains(failure, "matches no package") {
		t.Errorf("one pattern of two matching nothing: failure %q", failure)
	}
}

func TestDiffErrors(t *testing.T) {
	if d := diffErrors([]string{"a: x"}, []string{"a: x"}); d != "" {
		t.Errorf("equal lists: %q", d)
	}
	if d := diffErrors([]string{}, nil); d != "" {
		t.Errorf("no errors, none wanted: %q", d)
	}
	d := diffErrors([]string{"a: x", "b: y"}, []string{"b: y", "a: x"})
	if d == "" {
		t.Error("order is part of the answer: no difference reported")
	}
	d = diffErrors([]string{"a: x"}, []string{"c: z"})
	if !strings.Contains(d, "- a: x") || !strings.Contains(d, "+ c: z") {
		t.Errorf("diff %q lacks the missing and the extra error", d)
	}
}
