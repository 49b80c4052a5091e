package server

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/go-logr/logr/funcr"
	"k8s.io/klog/v2"
)

// ShowLogsVar, set to 1, makes StartForTest show the server's log lines as
// they come, as Options.ShowLogs does for one server.
const ShowLogsVar = "METAGEN_SERVER_LOGS"

// StartForTest starts a server for a test or benchmark and stops it when the
// test ends. It fails the test if the server does not start.
//
// The server's log (k8s.io/apiserver's klog lines: controllers starting,
// caches syncing, …) is kept out of the test's output: it is shown through
// tb.Log only if the test fails. Options.ShowLogs, or METAGEN_SERVER_LOGS=1
// in the environment, shows it as it comes. klog is one log per process, so
// tests running in parallel see each other's lines too.
func StartForTest(tb testing.TB, opts Options) *Server {
	tb.Helper()
	logs := captureLogs(tb, opts.ShowLogs || os.Getenv(ShowLogsVar) == "1")
	s, err := Start(context.Background(), opts)
	if err != nil {
		logs.flush()
		tb.Fatalf("starting the API server: %v", err)
	}
	tb.Cleanup(func() {
		if err := s.Stop(); err != nil {
			tb.Errorf("stopping the API server: %v", err)
		}
	})
	return s
}

// testLogs routes klog's lines to the tests that have a server running:
// each gets them live (show) or keeps them until it ends, to show them if
// it failed.
type testLogs struct {
	mu    sync.Mutex
	tests map[testing.TB]*testLog
}

// testLog is one test's share of the log.
type testLog struct {
	tb    testing.TB
	show  bool
	lines []string
}

var (
	routedLogs     = &testLogs{tests: map[testing.TB]*testLog{}}
	routeLogsOnce  sync.Once
	maxBufferLines = 10000 // a failing test shows the last ones
)

// captureLogs registers tb for the log until it ends (once, however many
// servers it starts), routing klog to the tests on first use.
func captureLogs(tb testing.TB, show bool) *testLog {
	routeLogsOnce.Do(func() {
		klog.SetLogger(funcr.New(routedLogs.write, funcr.Options{}))
	})
	routedLogs.mu.Lock()
	defer routedLogs.mu.Unlock()
	if l, ok := routedLogs.tests[tb]; ok {
		l.show = l.show || show
		return l
	}
	l := &testLog{tb: tb, show: show}
	routedLogs.tests[tb] = l
	// Registered first, so it runs last: after the server has stopped.
	tb.Cleanup(func() {
		routedLogs.mu.Lock()
		delete(routedLogs.tests, tb)
		routedLogs.mu.Unlock()
		if tb.Failed() {
			l.flush()
		}
	})
	return l
}

// write is funcr's output function.
func (r *testLogs) write(prefix, args string) {
	line := args
	if prefix != "" {
		line = prefix + ": " + args
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range r.tests {
		if l.show {
			l.tb.Log("server: " + line)
			continue
		}
		if len(l.lines) == maxBufferLines {
			l.lines = l.lines[1:]
		}
		l.lines = append(l.lines, line)
	}
}

// flush shows the kept lines.
func (l *testLog) flush() {
	routedLogs.mu.Lock()
	lines := l.lines
	l.lines = nil
	routedLogs.mu.Unlock()
	if len(lines) == 0 {
		return
	}
	l.tb.Log(fmt.Sprintf("the API server's log (%d lines; set %s=1 to see it as it comes):", len(lines), ShowLogsVar))
	for _, line := range lines {
		l.tb.Log("server: " + line)
	}
}
