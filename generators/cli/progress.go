package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/metagen-dev/metagen/generators/pipeline"
)

// progressDelay is how long a phase runs before a terminal is shown it
// (a variable for tests).
var progressDelay = time.Second

// reporter tells the user what a generate or verify run is doing: on a
// terminal, the phase that has been running for more than a second, redrawn
// on one line; always, a one-line summary at the end (-q drops it, -v adds
// the time of each phase and generator).
type reporter struct {
	w        io.Writer
	terminal bool
	verbose  bool
	quiet    bool
	start    time.Time
	stats    pipeline.Stats
	// producingCount, when set, is the count of generators that wrote
	// files (a cached verify has no per-generator stats).
	producingCount int

	mu         sync.Mutex
	phase      string
	done       int
	total      int
	phaseStart time.Time
	shown      bool   // a progress line is on the terminal
	line       string // the last one drawn
	stop       chan struct{}
	stopped    chan struct{}
}

func newReporter(stderr io.Writer, verbose, quiet bool) *reporter {
	return &reporter{w: stderr, terminal: isTerminal(stderr), verbose: verbose, quiet: quiet, start: time.Now()}
}

// isTerminal: progress lines are redrawn with \r, which only a terminal shows
// as intended; pipes and files (CI logs, go generate's callers) get none.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// attach makes the run report to r.
func (r *reporter) attach(opts *pipeline.Options) {
	opts.Stats = &r.stats
	if !r.terminal || r.quiet {
		return
	}
	opts.Progress = r.progress
	r.stop, r.stopped = make(chan struct{}), make(chan struct{})
	go r.redraw()
}

func (r *reporter) progress(phase string, done, total int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if phase != r.phase {
		r.phase, r.phaseStart, r.done = phase, time.Now(), 0
	}
	r.done = max(r.done, done) // jobs finish in any order
	r.total = total
}

// redraw shows the current phase every tenth of a second once it has run
// for progressDelay, until finish.
func (r *reporter) redraw() {
	defer close(r.stopped)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-tick.C:
		}
		r.mu.Lock()
		if r.phase != "" && time.Since(r.phaseStart) >= progressDelay {
			line := fmt.Sprintf("metagen: %s (%s)", describePhase(r.phase, r.done, r.total), time.Since(r.start).Truncate(time.Second))
			if line != r.line {
				fmt.Fprint(r.w, "\r\033[K"+line)
				r.line, r.shown = line, true
			}
		}
		r.mu.Unlock()
	}
}

func describePhase(phase string, done, total int) string {
	switch phase {
	case pipeline.PhaseLoading:
		if total == 0 {
			return "loading packages"
		}
		return fmt.Sprintf("loading packages: %d matched", total)
	case pipeline.PhaseGenerating:
		return fmt.Sprintf("generating %d/%d", done, total)
	case pipeline.PhaseWriting:
		return "writing " + count(total, "file", "files")
	}
	return phase
}

// finish clears the progress line; it must be called before anything else
// is printed.
func (r *reporter) finish() {
	if r.stop == nil {
		return
	}
	close(r.stop)
	<-r.stopped
	r.stop = nil
	if r.shown {
		fmt.Fprint(r.w, "\r\033[K")
	}
}

// summary is the run's one line: what was read, made and changed, and how
// long it took; changed names what the changed files are ("changed", "out of
// date").
func (r *reporter) summary(changed string) {
	r.finish()
	if r.quiet {
		return
	}
	s := r.stats
	generators := producing(s.Generators)
	if r.producingCount > 0 {
		generators = r.producingCount
	}
	fmt.Fprintf(r.w, "metagen: %s, %s, %s (%d %s) in %s\n",
		count(s.Packages, "package", "packages"), count(generators, "generator", "generators"),
		count(s.Files, "file", "files"), s.Changed, changed, roughly(time.Since(r.start)))
	if r.verbose {
		r.timings()
	}
}

// timings are -v's table: each phase, and each generator's time summed over
// its packages (they run in parallel, so the sum may exceed the phase).
func (r *reporter) timings() {
	s := r.stats
	width := len("generate")
	for _, g := range s.Generators {
		width = max(width, len("  "+g.Name))
	}
	row := func(name string, d time.Duration, what string) {
		fmt.Fprintf(r.w, "  %-*s %7s  %s\n", width, name, seconds(d), what)
	}
	row("load", s.Load, count(s.Packages, "package", "packages")+" loaded and type-checked")
	row("generate", s.Generate, "wall time of the generators below, on all cores")
	for _, g := range s.Generators {
		what := count(g.Packages, "package", "packages") + ", " + count(g.Files, "file", "files")
		if g.FormatPasses > 0 {
			what += fmt.Sprintf("; format %s (%d passes, %d cached)", seconds(g.Format), g.FormatPasses, g.CachedPasses)
		}
		row("  "+g.Name, g.Time, what)
	}
	row("plan", s.Plan, "compared with the disk")
	if s.Changed > 0 {
		row("write", s.Write, count(s.Changed, "file", "files")+" written or removed")
	}
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func seconds(d time.Duration) string {
	if d < 10*time.Millisecond {
		return fmt.Sprintf("%.3fs", d.Seconds())
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// roughly is a duration as a person reads it: 1.4s, 230ms.
func roughly(d time.Duration) string {
	if d >= time.Second {
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return d.Round(time.Millisecond).String()
}

// producing counts the generators that wrote at least one file: the
// run-wide manifest generators (rbac, webhook) visit every package, and a
// run without their markers should not count them.
func producing(gens []pipeline.GeneratorStats) int {
	n := 0
	for _, g := range gens {
		if g.Files > 0 {
			n++
		}
	}
	return n
}
