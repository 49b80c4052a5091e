// Package pipeline is metagen's one pass: load the packages once, run the
// selected generators over the model, render their files and plan the
// changes. Generate applies the plan; Verify only reports it.
package pipeline

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/metagen-dev/metagen/generators/client"
	"github.com/metagen-dev/metagen/generators/conversion"
	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/deepcopy"
	"github.com/metagen-dev/metagen/generators/defaults"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/docs"
	"github.com/metagen-dev/metagen/generators/formatcache"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/lint"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/generators/prerelease"
	"github.com/metagen-dev/metagen/generators/rbac"
	"github.com/metagen-dev/metagen/generators/register"
	"github.com/metagen-dev/metagen/generators/validation"
	"github.com/metagen-dev/metagen/generators/webhook"
)

// Generators are all of metagen's generators, in the order they run.
var Generators = []*gen.Generator{
	deepcopy.Generator,
	register.Generator,
	prerelease.Generator,
	defaults.Generator,
	conversion.Generator,
	validation.Generator,
	openapi.Generator,
	crd.Generator,
	docs.Generator,
	client.Generator,
	rbac.Generator,
	webhook.Generator,
}

// Options say what to generate.
type Options struct {
	// Dir is where patterns are resolved; "" means the current directory.
	Dir      string
	Patterns []string
	// Only names the generators to run (-g); empty means all.
	Only       []string
	HeaderFile string
	BuildFlags []string
	// Settings are the anchors' command-line choices (--crd-dir,
	// --plural-exceptions, --rbac-dir, …).
	Settings model.Settings
	// WarningsAsErrors makes any warning fail the run (--warnings-as-errors).
	WarningsAsErrors bool
	// Progress, when set, is told each phase as it starts and advances.
	Progress ProgressFunc
	// Stats, when set, is filled in with what the run did.
	Stats *Stats
	// FormatCache, when set, formats the generated Go files (go/format's
	// output, reused across runs); nil formats each one.
	FormatCache *formatcache.Cache
}

// Generate plans and writes. On any error nothing is written.
func Generate(opts Options) (*gofile.Plan, error) {
	plan, err := NewPlan(opts)
	if err != nil {
		return nil, err
	}
	obs := &observer{progress: opts.Progress, stats: opts.Stats}
	obs.report(PhaseWriting, 0, len(plan.Pending()))
	return plan, obs.timed(func(s *Stats) *time.Duration { return &s.Write }, plan.Apply)
}

// NewPlan runs the whole pipeline into memory.
func NewPlan(opts Options) (*gofile.Plan, error) {
	selected, err := Select(opts.Only)
	if err != nil {
		return nil, err
	}
	header, err := gofile.ReadHeaderFile(opts.HeaderFile)
	if err != nil {
		return nil, err
	}
	opts.Settings.DefaultRun = len(opts.Only) == 0
	obs := newObserver(opts)
	obs.report(PhaseLoading, 0, 0)
	var universe *model.Universe
	err = obs.timed(func(s *Stats) *time.Duration { return &s.Load }, func() (err error) {
		universe, err = load.Load(load.Options{Dir: opts.Dir, Patterns: opts.Patterns, BuildFlags: opts.BuildFlags, CommentsOnly: commentsOnly(selected), Peers: loadsPeers(selected), Settings: opts.Settings,
			ListInProcess: true, // one go command fewer where the module is plain (load falls back to go list otherwise)
			ReadsMarker:   ReadsMarker(selected),
			Listed:        func(n int) { obs.report(PhaseLoading, 0, n) }})
		return err
	})
	if err != nil {
		return nil, err
	}
	lintErrs, lintWarnings := diag.Split(lint.Check(universe)...)
	var wanted map[string][]byte
	var warnings, checkProblems []error
	err = obs.timed(func(s *Stats) *time.Duration { return &s.Generate }, func() (err error) {
		wanted, warnings, checkProblems, err = run(universe, selected, checks, renderer{header, opts.FormatCache}, obs)
		return err
	})
	checkErrs, checkWarnings := diag.Split(checkProblems...)
	lintErrs, lintWarnings = append(lintErrs, checkErrs...), append(lintWarnings, checkWarnings...)
	warnings = diag.Sort(append(append(append([]error(nil), universe.Warnings...), lintWarnings...), warnings...))
	if err != nil || len(lintErrs) > 0 {
		return nil, errors.Join(diag.Sort(append(append(lintErrs, besideLint(lintErrs, diag.Unwrap(err))...), warnings...))...)
	}
	if opts.WarningsAsErrors && len(warnings) > 0 {
		return nil, errors.Join(warnings...)
	}
	var plan *gofile.Plan
	err = obs.timed(func(s *Stats) *time.Duration { return &s.Plan }, func() (err error) {
		plan, err = gofile.NewPlanIn(universe.ModuleDirs, wanted, staleCandidates(universe, selected, len(opts.Only) == 0))
		return err
	})
	if err != nil {
		return nil, err
	}
	plan.Warnings = warnings
	obs.planned(plan)
	return plan, nil
}

// besideLint drops the generators' errors at a position where package lint
// reported one: the same mistake, which lint words for the marker.
func besideLint(lintErrs, errs []error) []error {
	taken := map[string]bool{}
	for _, e := range lintErrs {
		if pos := diag.PositionOf(e); pos.IsValid() {
			taken[pos.String()] = true
		}
	}
	var out []error
	for _, e := range errs {
		if pos := diag.PositionOf(e); !pos.IsValid() || !taken[pos.String()] {
			out = append(out, e)
		}
	}
	return out
}

// Select resolves -g names; an unknown name is an error with a suggestion.
func Select(names []string) ([]*gen.Generator, error) {
	if len(names) == 0 {
		return Generators, nil
	}
	var selected []*gen.Generator
	for _, name := range names {
		g := Find(name)
		if g == nil {
			return nil, fmt.Errorf("unknown generator %q (have %s)", name, generatorNames())
		}
		selected = append(selected, g)
	}
	return selected, nil
}

// Find returns the generator called name, or nil.
func Find(name string) *gen.Generator {
	for _, g := range Generators {
		if g.Name == name {
			return g
		}
	}
	return nil
}

func generatorNames() string {
	var names string
	for i, g := range Generators {
		if i > 0 {
			names += ", "
		}
		names += g.Name
	}
	return names
}

// checks are lint's checks declared as generators (they read other
// generators' results): they run on every run, whatever -g selects, write
// nothing, and their problems are lint's.
var checks = []*gen.Generator{lint.CEL}

// job is one generator on one package; its result slot keeps output ordered.
type job struct {
	pass     *gen.Pass
	files    map[string][]byte
	err      error
	warnings []error
	elapsed  time.Duration
	// of elapsed, formatting its Go files or reading them from the format
	// cache: formatted says it had some, cached that the cache held them
	format            time.Duration
	formatted, cached bool
	check             bool // one of the checks: no progress, no stats
}

// run executes every (package, generator) pair, the checks' too, on all
// cores and renders the files. Results are gathered in a fixed order, so
// output never depends on scheduling. Warnings come back apart from the
// errors, and the checks' problems apart from both.
func run(universe *model.Universe, selected, checks []*gen.Generator, render renderer, obs *observer) (map[string][]byte, []error, []error, error) {
	closure, err := gen.Closure(selected)
	if err != nil {
		return nil, nil, nil, err
	}
	if _, err := gen.Closure(checks); err != nil {
		return nil, nil, nil, err
	}
	var jobs, checkJobs []*job
	state := &gen.RunState{}
	running := map[*gen.Generator]bool{}
	for _, pkg := range universe.Packages {
		for _, g := range selected {
			if g.Enabled == nil || g.Enabled(pkg) {
				if g.Run != nil {
					jobs = append(jobs, &job{pass: &gen.Pass{Generator: g, Universe: universe, Package: pkg, RunState: state}})
				}
				running[g] = true
			}
		}
		for _, g := range checks {
			if g.Enabled == nil || g.Enabled(pkg) {
				checkJobs = append(checkJobs, &job{pass: &gen.Pass{Generator: g, Universe: universe, Package: pkg, RunState: state}, check: true})
			}
		}
	}
	// The whole-run stages, once, of the generators some package opts in to.
	for _, g := range selected {
		if g.RunAll != nil && running[g] {
			jobs = append(jobs, &job{pass: &gen.Pass{Generator: g, Universe: universe, RunState: state}})
		}
	}
	var wg sync.WaitGroup
	prepare(universe, selected, running, state, &wg)
	limit := make(chan struct{}, runtime.GOMAXPROCS(0))
	var done atomic.Int64
	obs.report(PhaseGenerating, 0, len(jobs))
	for _, j := range append(append([]*job(nil), jobs...), checkJobs...) {
		wg.Add(1)
		limit <- struct{}{}
		go func() {
			defer func() { <-limit; wg.Done() }()
			start := time.Now()
			j.execute(render)
			j.elapsed = time.Since(start)
			if !j.check {
				obs.report(PhaseGenerating, int(done.Add(1)), len(jobs))
			}
		}()
	}
	wg.Wait()
	obs.jobsDone(len(universe.Packages), jobs)

	var checkProblems []error
	for _, j := range checkJobs {
		checkProblems = append(append(checkProblems, j.warnings...), diag.Unwrap(j.err)...)
	}
	wanted := map[string][]byte{}
	var problems, warnings []error
	for _, g := range selected {
		if g.ReadsResources {
			problems = append(problems, universe.LayerErrors...) // once
			break
		}
	}
	// The whole run's, once: of the selection and what it requires (a
	// result only a check required is the check's business).
	runErrs, runWarnings := diag.Split(state.ErrorsOf(closure)...)
	problems, warnings = append(problems, runErrs...), append(warnings, runWarnings...)
	for _, j := range jobs {
		warnings = append(warnings, j.warnings...)
		if j.err != nil {
			problems = append(problems, diag.Unwrap(j.err)...)
			continue
		}
		for path, content := range j.files {
			if _, dup := wanted[path]; dup {
				problems = append(problems, fmt.Errorf("%s: produced twice", path))
			}
			wanted[path] = content
		}
	}
	if len(problems) > 0 {
		return nil, warnings, checkProblems, errors.Join(diag.Sort(problems)...)
	}
	return wanted, warnings, checkProblems, nil
}

// prepare starts the Prepare step of every generator that has passes to
// run, beside the passes (which wait for the results they read): required
// generators are prepared with them, selected or not, and write nothing.
func prepare(universe *model.Universe, selected []*gen.Generator, running map[*gen.Generator]bool, state *gen.RunState, wg *sync.WaitGroup) {
	for _, g := range selected {
		if !running[g] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			state.Prepare(universe, g)
		}()
	}
}

// renderer is how a run turns a pass's files into bytes.
type renderer struct {
	header gofile.Header
	cache  *formatcache.Cache
}

// execute runs the job's pass and renders its files. A generator may return
// warnings (*diag.Warning) beside or instead of errors; only errors stop it.
func (j *job) execute(render renderer) {
	pass := j.pass
	run := pass.Generator.Run
	if pass.Package == nil {
		run = pass.Generator.RunAll
	}
	errs, warnings := diag.Split(run(pass))
	j.warnings = append(warnings, pass.Warnings()...)
	if len(errs) > 0 {
		j.err = errors.Join(errs...)
		return
	}
	files := map[string][]byte{}
	var goFiles []gofile.GoFile
	for _, f := range pass.Files() {
		if f.Code == nil && f.Markup != nil {
			files[f.Path] = gofile.RenderMarkup(f.Markup)
			continue
		}
		if f.Code == nil {
			files[f.Path] = gofile.RenderYAML(f.YAML)
			continue
		}
		goFiles = append(goFiles, gofile.GoFile{Path: f.Path, Generator: f.Generator.Name, Code: f.Code, BuildConstraint: f.Generator.BuildConstraint})
		f.Code = nil // the job keeps its pass to the end of the run; the code tree is garbage once rendered
	}
	if len(goFiles) > 0 {
		rendered, err := gofile.RenderAll(render.cache, render.header, goFiles)
		if err != nil {
			j.err = err
			return
		}
		for i, f := range goFiles {
			files[f.Path] = rendered.Contents[i]
		}
		j.format, j.formatted, j.cached = rendered.Format, true, rendered.Cached
	}
	j.files = files
}

// staleCandidates are existing files of ours that this run may remove when
// it no longer produces them: the output files of the selected generators,
// or every file with our header when all generators ran.
func staleCandidates(universe *model.Universe, selected []*gen.Generator, allGenerators bool) []string {
	owned := map[string]bool{}
	var candidates []string
	for _, g := range selected {
		owned[g.OutputFile] = true
		if g.OwnedFiles != nil {
			candidates = append(candidates, g.OwnedFiles(universe)...)
		}
	}
	for _, pkg := range universe.Packages {
		for _, path := range pkg.GeneratedFiles {
			if allGenerators || owned[filepath.Base(path)] {
				candidates = append(candidates, path)
			}
		}
	}
	return candidates
}

// MarkersOf returns the definitions a generator reads, for help.
func MarkersOf(g *gen.Generator) []*markers.Def {
	var defs []*markers.Def
	for _, def := range g.Markers {
		defs = append(defs, def.Definition())
	}
	return defs
}

// ReadsMarker reports, for a selection of generators, whether one of them
// or one they require reads the marker called name: a refused marker none
// of them reads is a warning in that run (markers.Demote), as controller-gen
// object runs past a CRD marker it cannot parse. What a generator reads is
// what it declares (gen.Generator.Markers). The checks every run makes
// (lint-cel) do not count: they check what the selection writes, and a
// refused marker carries no value for them to check.
func ReadsMarker(selected []*gen.Generator) func(name string) bool {
	if _, err := gen.Closure(selected); err != nil {
		return nil // every problem an error; run reports the cycle
	}
	read := map[string]bool{}
	for _, g := range markerReaders(selected) {
		for _, def := range g.Markers {
			read[def.Definition().Name] = true
		}
	}
	return func(name string) bool { return read[name] }
}

// markerReaders are the selected generators and those they require for
// more than the types' structure (gen.Generator.StructureOnly): the
// generators whose output depends on what markers say.
func markerReaders(selected []*gen.Generator) []*gen.Generator {
	seen := map[*gen.Generator]bool{}
	var out []*gen.Generator
	var visit func(g *gen.Generator)
	visit = func(g *gen.Generator) {
		if seen[g] {
			return
		}
		seen[g] = true
		out = append(out, g)
		for _, r := range g.Requires {
			if !slices.Contains(g.StructureOnly, r) {
				visit(r)
			}
		}
	}
	for _, g := range selected {
		visit(g)
	}
	return out
}

// ReadersOf names the generators that declare they read the marker called
// name (gen.Generator.Markers), sorted: the help's READ BY.
func ReadersOf(name string) []string {
	var readers []string
	for _, g := range append(append([]*gen.Generator(nil), Generators...), checks...) {
		if declares(g, name) {
			readers = append(readers, g.Name)
		}
	}
	slices.Sort(readers)
	return slices.Compact(readers)
}

// RunsReading names the generators a run of which (with what they
// require) reads the marker called name: the -g choices a problem with the
// marker stops. crd reads the schema markers through openapi.
func RunsReading(name string) []string {
	var names []string
	for _, g := range Generators {
		if slices.ContainsFunc(markerReaders([]*gen.Generator{g}), func(c *gen.Generator) bool { return declares(c, name) }) {
			names = append(names, g.Name)
		}
	}
	slices.Sort(names)
	return names
}

// commentsOnly reports whether every selected generator reads only comments.
// loadsPeers: a selected generator reads the packages its anchor loads
// itself besides the inputs.
func loadsPeers(selected []*gen.Generator) bool {
	return slices.ContainsFunc(selected, func(g *gen.Generator) bool { return g.LoadsPeers })
}

func commentsOnly(selected []*gen.Generator) bool {
	for _, g := range selected {
		if !g.CommentsOnly {
			return false
		}
	}
	return len(selected) > 0
}

// declares reports whether g declares it reads the marker called name.
func declares(g *gen.Generator, name string) bool {
	return slices.ContainsFunc(g.Markers, func(def markers.Definer) bool { return def.Definition().Name == name })
}
