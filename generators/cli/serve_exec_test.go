//go:build unix

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeServer writes a metagen-server script into a new directory, as go
// install puts it beside metagen, and returns the directory.
func fakeServer(t *testing.T, script string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "metagen-server"), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// metagen serve runs the metagen-server beside it with its arguments, and
// exits as it does.
func TestServeRunsTheServerCommand(t *testing.T) {
	dir := fakeServer(t, "echo \"args: $*\"\necho oops >&2\nexit 3\n")
	var stdout, stderr bytes.Buffer
	if code := serveWith(context.Background(), dir, []string{"--crds", "config/crd", "--gc"}, &stdout, &stderr); code != 3 {
		t.Errorf("exit %d, want the server's 3", code)
	}
	if stdout.String() != "args: --crds config/crd --gc\n" || stderr.String() != "oops\n" {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}

// An interrupt of metagen serve reaches the server, which stops cleanly.
func TestServeInterruptsTheServer(t *testing.T) {
	dir := fakeServer(t, "trap 'echo stopped; exit 0' INT\necho started\nwhile :; do sleep 0.05; done\n")
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- serveWith(ctx, dir, nil, &stdout, &stderr) }()
	time.Sleep(300 * time.Millisecond) // the trap is set
	cancel()
	select {
	case code := <-done:
		if code != exitOK || !strings.Contains(stdout.String(), "stopped") {
			t.Errorf("exit %d, stdout %q, stderr %q; want 0 after stopped", code, stdout.String(), stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
}

// Bad flags are refused before any server is started or compiled.
func TestServeChecksFlagsFirst(t *testing.T) {
	dir := fakeServer(t, "echo ran\n")
	var stdout, stderr bytes.Buffer
	if code := serveWith(context.Background(), dir, []string{"--no-such-flag"}, &stdout, &stderr); code != exitError || stdout.Len() > 0 {
		t.Errorf("exit %d, stdout %q; want %d and no server", code, stdout.String(), exitError)
	}
	if code := serveWith(context.Background(), dir, []string{"extra"}, &stdout, &stderr); code != exitError || stdout.Len() > 0 {
		t.Errorf("an argument: exit %d, stdout %q; want %d and no server", code, stdout.String(), exitError)
	}
}

// Without a metagen-server beside metagen (go tool metagen runs it from the launcher's cache or
// build cache), serve runs the server with go run in the current module.
func TestServeFallsBackToGoRun(t *testing.T) {
	cmd := serverCommand(t.TempDir(), []string{"--gc"})
	want := []string{"go", "run", "github.com/metagen-dev/metagen/cmd/metagen-server", "--gc"}
	if !slices.Equal(cmd.Args, want) {
		t.Errorf("command %q, want %q", cmd.Args, want)
	}
}
