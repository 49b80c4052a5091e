package launcher

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// Before a build starts, the launcher says what it builds, why and how long
// it took the last time (or an estimate), and a go command's output comes
// after that line: a fake go on PATH records where its output lands.
func TestLauncherAnnouncesABuildBeforeStartingIt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands in for go")
	}
	root := t.TempDir()
	cache := filepath.Join(root, "cache")
	t.Setenv("METAGEN_CACHE", cache)
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "off")
	bin := filepath.Join(root, "bin")
	// The fake go build: one line on stderr, then the -o file.
	testfile.Write(t, filepath.Join(bin, "go"), "#!/bin/sh\necho 'go: downloading example.com/dep v1.0.0' >&2\nwhile [ $# -gt 0 ]; do if [ \"$1\" = -o ]; then shift; printf x > \"$1\"; fi; shift; done\n")
	if err := os.Chmod(filepath.Join(bin, "go"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	module := filepath.Join(root, "downstream")
	testfile.Write(t, filepath.Join(module, "go.mod"), "module example.com/downstream\n\ngo 1.26\n")

	run := func() string {
		t.Helper()
		var stderr bytes.Buffer
		l := &launch{target: fake, stderr: &stderr, dir: module, exec: func(string, []string) int { return 0 }}
		if code := l.run(nil); code != 0 {
			t.Fatalf("exit %d:\n%s", code, stderr.String())
		}
		return stderr.String()
	}

	first := run()
	want := "fake: building example.com/fake/cmd/fake (first run: no fake built in this cache yet); expect " + coldEstimate + "\ngo: downloading example.com/dep v1.0.0\n"
	if first != want {
		t.Errorf("first run printed\n%q\nwant\n%q", first, want)
	}
	if d := lastDuration(filepath.Join(cache, "tool"), fake); d <= 0 {
		t.Errorf("the build's duration is not recorded (%v)", d)
	}
	if again := run(); again != "" {
		t.Errorf("a cached run printed %q; want nothing", again)
	}
	testfile.Write(t, filepath.Join(module, "go.mod"), "module example.com/downstream\n\ngo 1.26.0\n")
	changed := run()
	if !strings.HasPrefix(changed, "fake: building example.com/fake/cmd/fake (the build configuration changed") || !strings.Contains(changed, "; the last build took ") {
		t.Errorf("after a go.mod change, printed %q; want the configuration named as the reason and the last build's time", changed)
	}
}

func TestAnnouncement(t *testing.T) {
	for _, c := range []struct {
		changed bool
		last    time.Duration
		want    string
	}{
		{false, 0, "metagen: building github.com/metagen-dev/metagen/cmd/metagen (first run: no metagen built in this cache yet); expect a few minutes"},
		{true, 0, "metagen: building github.com/metagen-dev/metagen/cmd/metagen (the build configuration changed (go.mod, the Go version or settings, or a replaced directory)); expect a few minutes"},
		{true, 125 * time.Second, "metagen: building github.com/metagen-dev/metagen/cmd/metagen (the build configuration changed (go.mod, the Go version or settings, or a replaced directory)); the last build took 2m05s"},
		{false, 9400 * time.Millisecond, "(first run: no metagen built in this cache yet); the last build took 9s"},
	} {
		if got := announcement(Metagen, c.changed, c.last); !strings.Contains(got, c.want) {
			t.Errorf("announcement(%v, %v) = %q; want it to contain %q", c.changed, c.last, got, c.want)
		}
	}
}

func TestBuildDurationRecord(t *testing.T) {
	dir := t.TempDir()
	if d := lastDuration(dir, Metagen); d != 0 {
		t.Errorf("no record: %v, want 0", d)
	}
	recordDuration(dir, Metagen, 97*time.Second+340400*time.Microsecond)
	if d := lastDuration(dir, Metagen); d != 97*time.Second+340*time.Millisecond {
		t.Errorf("recorded 1m37.3404s, read %v", d)
	}
	testfile.Write(t, durationFile(dir, Metagen), "soon\n")
	if d := lastDuration(dir, Metagen); d != 0 {
		t.Errorf("an unreadable record: %v, want 0", d)
	}
	if builtBefore(dir, Metagen) {
		t.Error("builtBefore with only the record: true")
	}
	testfile.Write(t, filepath.Join(dir, "metagen-build-1"), "") // a build under way
	if builtBefore(dir, Metagen) {
		t.Error("builtBefore with a build under way: true")
	}
	testfile.Write(t, filepath.Join(dir, "metagen-0123abcd"), "")
	if !builtBefore(dir, Metagen) {
		t.Error("builtBefore with a binary: false")
	}
	trim(dir, "metagen-", time.Now())
	if _, err := os.Stat(durationFile(dir, Metagen)); err != nil {
		t.Errorf("trim removed the record: %v", err)
	}
}

// Not on a terminal (CI logs, pipes): the one line, then the go command's
// output as it comes, nothing redrawn.
func TestProgressOffATerminalIsOneLine(t *testing.T) {
	var out bytes.Buffer
	p := startProgress(&out, false, "metagen", "metagen: building x")
	p.Write([]byte("go: downloading y\n"))
	p.done(nil)
	if got, want := out.String(), "metagen: building x\ngo: downloading y\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// lockedBuffer: the redraw goroutine writes while the test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// On a terminal: the announcement at once, then a short line redrawn with
// the elapsed time, the go command's output on lines of its own, and the
// build's time at the end.
func TestProgressOnATerminalRedraws(t *testing.T) {
	defer func(d time.Duration) { progressInterval = d }(progressInterval)
	progressInterval = time.Millisecond
	var out lockedBuffer
	var mu sync.Mutex
	clock := time.Unix(0, 0)
	p := startProgress(&out, true, "metagen", "metagen: building x (why); how long")
	if got := out.String(); got != "metagen: building x (why); how long\n\r\033[Kmetagen: building … 0s" {
		t.Fatalf("at start: %q", got)
	}
	p.mu.Lock()
	p.start = clock
	p.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	p.mu.Unlock()
	advance := func(d time.Duration, want string) {
		t.Helper()
		mu.Lock()
		clock = clock.Add(d)
		mu.Unlock()
		for deadline := time.Now().Add(10 * time.Second); !strings.HasSuffix(out.String(), want); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("never redrawn to %q: %q", want, out.String())
			}
		}
	}
	advance(3*time.Second, "\r\033[Kmetagen: building … 3s")
	p.Write([]byte("go: downloading y\n"))
	advance(62*time.Second, "\r\033[Kmetagen: building … 1m05s")
	if got := out.String(); !strings.Contains(got, "go: downloading y\n\r\033[Kmetagen: building … ") {
		t.Errorf("not redrawn after the go command's output: %q", got)
	}
	p.done(nil)
	got := out.String()
	if !strings.Contains(got, "\r\033[Kgo: downloading y\n") {
		t.Errorf("the go command's output does not start a line of its own: %q", got)
	}
	if !strings.HasSuffix(got, "\r\033[Kmetagen: built in 1m05s\n") {
		t.Errorf("does not end with the build's time: %q", got)
	}
	n := len(got)
	time.Sleep(20 * time.Millisecond)
	if len(out.String()) != n {
		t.Errorf("redrawn after done: %q", out.String()[n:])
	}

	// A failed build leaves the line cleared for the error.
	var failed lockedBuffer
	startProgress(&failed, true, "metagen", "metagen: building x").done(errors.New("exit status 1"))
	if got := failed.String(); !strings.HasSuffix(got, "\r\033[K") || strings.Contains(got, "built in") {
		t.Errorf("a failed build printed %q", got)
	}
}
