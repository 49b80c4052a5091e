package launcher

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A build of the target takes minutes with an empty Go build cache, and the
// go command prints nothing while it compiles: the launcher says what it is
// doing before it starts one (what, why, roughly how long), and on a
// terminal keeps a line with the elapsed time up to date until it is done.

// coldEstimate is said when no earlier build's duration is recorded: the
// cold build of cmd/metagen on a 2-core machine with an empty build cache
// (hack/bench -suite compile), and what a warm cache makes of it.
const coldEstimate = "a few minutes with an empty Go build cache (about 2 on 2 cores), seconds with a warm one"

// durationFile records how long the last build of a target took, in the
// launcher's cache directory, beside the binaries ("<name>.buildtime": no
// "<name>-" prefix, so trim does not take it for a binary).
func durationFile(cacheDir string, target Target) string {
	return filepath.Join(cacheDir, target.Name+".buildtime")
}

// lastDuration is the recorded duration of the previous build, 0 if none.
func lastDuration(cacheDir string, target Target) time.Duration {
	data, err := os.ReadFile(durationFile(cacheDir, target))
	if err != nil {
		return 0
	}
	d, err := time.ParseDuration(strings.TrimSpace(string(data)))
	if err != nil || d <= 0 {
		return 0
	}
	return d
}

func recordDuration(cacheDir string, target Target, d time.Duration) {
	os.WriteFile(durationFile(cacheDir, target), []byte(max(d.Round(time.Millisecond), time.Millisecond).String()+"\n"), 0o644)
}

// builtBefore: whether the cache holds a binary of target from an earlier
// build configuration (then this build is for a changed one).
func builtBefore(cacheDir string, target Target) bool {
	entries, err := os.ReadDir(cacheDir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), target.Name+"-") && !strings.Contains(e.Name(), "-build-") {
			return true
		}
	}
	return false
}

// announcement is the line said before a build: what, why, how long.
func announcement(target Target, changed bool, last time.Duration) string {
	why := "first run: no " + target.Name + " built in this cache yet"
	if changed {
		why = "the build configuration changed (go.mod, the Go version or settings, or a replaced directory)"
	}
	howLong := "expect " + coldEstimate
	if last > 0 {
		howLong = "the last build took " + formatDuration(last)
	}
	return fmt.Sprintf("%s: building %s (%s); %s", target.Name, target.Package, why, howLong)
}

// formatDuration: 45s, 2m05s.
func formatDuration(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s < 60 {
		return strconv.Itoa(s) + "s"
	}
	return fmt.Sprintf("%dm%02ds", s/60, s%60)
}

// buildProgress shows a build: the announcement at once, on a line of its
// own; on a terminal, then a short line redrawn every second with the
// elapsed time (short, so that no terminal wraps it: \r returns to the
// start of the last row only), which the go command's own output
// (downloads, errors) interrupts cleanly. Elsewhere (CI logs, pipes) the
// announcement is the one line.
type buildProgress struct {
	w        io.Writer
	terminal bool
	name     string // the target's, for the short line
	start    time.Time
	now      func() time.Time

	mu      sync.Mutex
	shown   bool // a progress line is on the terminal, without its newline
	stop    chan struct{}
	stopped chan struct{}
}

// progressInterval is how often a terminal's line is redrawn (a variable
// for tests).
var progressInterval = time.Second

func startProgress(w io.Writer, terminal bool, name, message string) *buildProgress {
	p := &buildProgress{w: w, terminal: terminal, name: name, start: time.Now(), now: time.Now}
	fmt.Fprintln(w, message)
	if !terminal {
		return p
	}
	p.mu.Lock()
	p.draw()
	p.mu.Unlock()
	p.stop, p.stopped = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(p.stopped)
		tick := time.NewTicker(progressInterval)
		defer tick.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-tick.C:
				p.mu.Lock()
				p.draw()
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// draw replaces the terminal's line; p.mu held.
func (p *buildProgress) draw() {
	fmt.Fprintf(p.w, "\r\033[K%s: building … %s", p.name, formatDuration(p.now().Sub(p.start)))
	p.shown = true
}

// Write passes the go command's output through, on a line of its own.
func (p *buildProgress) Write(b []byte) (int, error) {
	if !p.terminal {
		return p.w.Write(b)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
	return p.w.Write(b)
}

// done ends the line: on a terminal, with the build's time.
func (p *buildProgress) done(err error) {
	if !p.terminal {
		return
	}
	close(p.stop)
	<-p.stopped
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
	if err == nil {
		fmt.Fprintf(p.w, "%s: built in %s\n", p.name, formatDuration(p.now().Sub(p.start)))
	}
	p.shown = false
}

// isTerminal: a line redrawn with \r shows as intended only on a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0 && os.Getenv("TERM") != "dumb"
}
