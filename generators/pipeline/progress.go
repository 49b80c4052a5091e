package pipeline

import (
	"sync"
	"time"

	"github.com/metagen-dev/metagen/generators/gofile"
)

// Phases of a run, as Options.Progress is told them.
const (
	PhaseLoading    = "loading"    // total: the input packages, 0 until listed
	PhaseGenerating = "generating" // done of total (package, generator) jobs
	PhaseWriting    = "writing"    // total: the files that change
)

// ProgressFunc is told where a run is: the phase, and how far into it. It is
// called from one goroutine at a time, never concurrently.
type ProgressFunc func(phase string, done, total int)

// Stats is what a run did, for the command line's summary. Options.Stats is
// filled in when set.
type Stats struct {
	Packages   int
	Generators []GeneratorStats // the generators that ran on a package, in run order
	Files      int              // files produced
	Changed    int              // files created, updated or removed
	Load       time.Duration    // the package load and model
	Generate   time.Duration    // generators and rendering, wall time
	Plan       time.Duration    // comparing with the disk
	Write      time.Duration    // applying the plan (generate only)
}

// GeneratorStats is one generator's share of a run.
type GeneratorStats struct {
	Name     string
	Packages int           // packages it ran on
	Files    int           // files it produced
	Time     time.Duration // summed over its packages (they run in parallel)
	// Format is the part of Time spent formatting Go files, or reading them
	// from the format cache; FormatPasses counts the packages it formatted
	// files for, CachedPasses those of them whose files the cache held.
	Format                     time.Duration
	FormatPasses, CachedPasses int
}

// observer holds a run's progress callback and stats; its zero value
// (no callback, no stats) does nothing.
type observer struct {
	progress ProgressFunc
	stats    *Stats
	mu       sync.Mutex
}

func newObserver(opts Options) *observer {
	stats := opts.Stats
	if stats != nil {
		*stats = Stats{}
	}
	return &observer{progress: opts.Progress, stats: stats}
}

func (o *observer) report(phase string, done, total int) {
	if o.progress == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.progress(phase, done, total)
}

// timed runs step and adds its wall time to the duration field picks.
func (o *observer) timed(field func(*Stats) *time.Duration, step func() error) error {
	start := time.Now()
	err := step()
	if o.stats != nil {
		*field(o.stats) += time.Since(start)
	}
	return err
}

// jobsDone records the jobs of the generating phase, in their fixed order.
func (o *observer) jobsDone(packages int, jobs []*job) {
	if o.stats == nil {
		return
	}
	o.stats.Packages = packages
	index := map[string]int{}
	for _, j := range jobs {
		name := j.pass.Generator.Name
		i, seen := index[name]
		if !seen {
			i = len(o.stats.Generators)
			index[name] = i
			o.stats.Generators = append(o.stats.Generators, GeneratorStats{Name: name})
		}
		g := &o.stats.Generators[i]
		if j.pass.Package != nil { // not a whole-run stage
			g.Packages++
		}
		g.Files += len(j.files)
		g.Time += j.elapsed
		g.Format += j.format
		if j.formatted {
			g.FormatPasses++
		}
		if j.cached {
			g.CachedPasses++
		}
	}
}

func (o *observer) planned(plan *gofile.Plan) {
	if o.stats == nil {
		return
	}
	for _, c := range plan.Changes {
		if c.Action != gofile.Remove {
			o.stats.Files++
		}
		if c.Action != gofile.Unchanged {
			o.stats.Changed++
		}
	}
}
