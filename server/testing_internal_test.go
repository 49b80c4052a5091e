package server

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// recordingTB is a test whose failure, log and cleanups the test controls.
type recordingTB struct {
	*testing.T
	failed   bool
	logged   []string
	cleanups []func()
}

func (r *recordingTB) Log(args ...any)                 { r.logged = append(r.logged, fmt.Sprint(args...)) }
func (r *recordingTB) Logf(format string, args ...any) { r.Log(fmt.Sprintf(format, args...)) }
func (r *recordingTB) Failed() bool                    { return r.failed }
func (r *recordingTB) Cleanup(f func())                { r.cleanups = append(r.cleanups, f) }
func (r *recordingTB) end() {
	for _, f := range slices.Backward(r.cleanups) {
		f()
	}
}

// The server's log stays out of a passing test's output, is shown when the
// test fails, and as it comes with ShowLogs.
func TestStartForTestLogs(t *testing.T) {
	passing := &recordingTB{T: t}
	StartForTest(passing, Options{CRDPaths: []string{"testdata/crds"}})
	routedLogs.mu.Lock()
	kept := len(routedLogs.tests[passing].lines)
	routedLogs.mu.Unlock()
	passing.end()
	if kept == 0 {
		t.Fatal("the server logged nothing: the test cannot tell quiet from silent")
	}
	if len(passing.logged) != 0 {
		t.Errorf("a passing test shows %d lines: %q", len(passing.logged), passing.logged)
	}

	failing := &recordingTB{T: t, failed: true}
	StartForTest(failing, Options{CRDPaths: []string{"testdata/crds"}})
	failing.end()
	if len(failing.logged) < 2 || !strings.Contains(failing.logged[0], "the API server's log") {
		t.Errorf("a failing test shows %q, want the server's log", failing.logged)
	}

	showing := &recordingTB{T: t}
	StartForTest(showing, Options{CRDPaths: []string{"testdata/crds"}, ShowLogs: true})
	shown := len(showing.logged)
	showing.end()
	if shown == 0 || !strings.HasPrefix(showing.logged[0], "server: ") {
		t.Errorf("with ShowLogs the test shows %q while the server runs, want its lines", showing.logged)
	}
}
