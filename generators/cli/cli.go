// Package cli is the metagen command line: flags in, one call into the
// pipeline, errors out with positions relative to the working directory.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/formatcache"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// Exit codes.
const (
	exitOK    = 0
	exitStale = 1 // verify found differences
	exitError = 2 // bad input or usage
)

// Run executes the metagen command and returns the exit code.
func Run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError
	}
	switch command, rest := args[0], args[1:]; command {
	case "generate":
		return generate(rest, stdout, stderr)
	case "verify":
		return verify(rest, stdout, stderr)
	case "serve":
		return serve(rest, stdout, stderr)
	case "compat":
		return runCompat(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		return help(rest, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, versionString())
		return exitOK
	default:
		fmt.Fprintf(stderr, "metagen: unknown command %q\n\n%s", command, usage)
		return exitError
	}
}

const usage = `metagen generates deepcopy, validation, OpenAPI and client code for
Kubernetes-style API types, and CRD, RBAC and webhook manifests, from one
load of the packages.

Usage:
  metagen generate [-g deepcopy,…] [--header-file F] [--tags T] [-v] [-q] [--warnings-as-errors]
                   [--rbac-dir D] [--rbac-role-name N] [--rbac-file-name F] [--rbac-header-file F]
                   [--webhook-dir D] [--webhook-header-file F] [--docs-dir D] [--docs-templates D]
                   [--crd-dir D] [--client-dir D] [--clientset-name N] [--plural-exceptions K:P,…]
                   [--max-desc-len N] [--generate-embedded-object-meta] [--allow-dangerous-types]
                   [--ignore-unexported-fields] [--crd-versions v1] [--crd-api-approved [GROUP=]VALUE]
                   [--with-watch=false] [--with-applyconfig=false] [PATTERNS…]
  metagen verify   (the flags of generate) [PATTERNS…]
  metagen compat   [--against REF | --old DIR | --old-module PATH@VERSION] [--format json] [PATTERNS…]
  metagen serve    [--addr 127.0.0.1:PORT] [--crds DIR] [--kubeconfig FILE] [--gc]
                   [--watch-cache=false] [--namespace-lifecycle=false] [--namespace-deletion]
                   [--plain-http] [--allow-anonymous] [--bind-all-interfaces]
  metagen help     [generate|verify|serve|compat|markers|generators|GENERATOR|MARKER]
  metagen version

PATTERNS are Go package patterns; ./... by default.
The rbac and webhook manifests take controller-gen's options as flags:
--rbac-dir D, --rbac-role-name N, --rbac-file-name F, --rbac-header-file F,
--webhook-dir D, --webhook-header-file F. The API reference (-g docs) goes to
--docs-dir D (or +metagen:docs-dir), through --docs-templates D if given.
generate writes only the files that changed, and nothing at all on error.
verify writes nothing: it exits 1 with a diff when generated files are stale.
Both end with a summary line on stderr; on a terminal they show each phase
that takes more than a second. "metagen help COMMAND" lists a command's flags.
Exit codes: 0 ok, 1 verify found differences, 2 bad input or usage.
` + anchorFlagHelp

// pipelineFlags are the flags generate and verify share.
type pipelineFlags struct {
	generators       string
	headerFile       string
	tags             string
	verbose          bool
	quiet            bool
	warningsAsErrors bool
	settings         generatorOptions
	anchors          anchorFlags
}

func pipelineFlagSet(name string, f *pipelineFlags) *flag.FlagSet {
	set := flag.NewFlagSet(name, flag.ContinueOnError)
	set.StringVar(&f.generators, "g", "", "comma-separated generators to run (default: every generator the packages opt into; see metagen help generators)")
	set.StringVar(&f.headerFile, "header-file", "", "file of Go comments (e.g. a license) to put verbatim above metagen's header in generated files")
	set.StringVar(&f.tags, "tags", "", "comma-separated build tags for loading the packages, as go build -tags")
	set.BoolVar(&f.verbose, "v", false, "after the summary, print the time of each phase and of each generator")
	set.BoolVar(&f.quiet, "q", false, "print no summary and no progress; only errors")
	set.BoolVar(&f.warningsAsErrors, "warnings-as-errors", false, "fail (exit 2, write nothing) on any warning")
	f.settings = addGeneratorOptions(set)
	f.anchors.register(set)
	return set
}

func parsePipelineFlags(name string, args []string, stderr io.Writer) (pipeline.Options, *reporter, error) {
	var f pipelineFlags
	set := pipelineFlagSet(name, &f)
	set.SetOutput(stderr)
	if err := set.Parse(args); err != nil {
		return pipeline.Options{}, nil, err
	}
	opts := pipeline.Options{Patterns: set.Args(), HeaderFile: f.headerFile, WarningsAsErrors: f.warningsAsErrors}
	if err := f.anchors.apply(&opts); err != nil {
		fmt.Fprintln(stderr, "metagen:", err)
		return pipeline.Options{}, nil, err
	}
	if err := f.settings.apply(&opts); err != nil {
		fmt.Fprintln(stderr, "metagen:", err)
		return pipeline.Options{}, nil, err
	}
	if f.generators != "" {
		opts.Only = strings.Split(f.generators, ",")
	}
	if f.tags != "" {
		opts.BuildFlags = []string{"-tags=" + f.tags}
	}
	var cacheErr error
	if opts.FormatCache, cacheErr = formatcache.Open(); cacheErr != nil {
		fmt.Fprintf(stderr, "metagen: warning: %v; formatting without the cache\n", cacheErr)
	}
	report := newReporter(stderr, f.verbose, f.quiet)
	report.attach(&opts)
	return opts, report, nil
}

func generate(args []string, stdout, stderr io.Writer) int {
	opts, report, err := parsePipelineFlags("generate", args, stderr)
	if err != nil {
		return exitError
	}
	plan, err := pipeline.Generate(opts)
	report.finish()
	if err != nil {
		reportErrors(stderr, err)
		markerHint(stderr, err)
		return exitError
	}
	reportErrors(stderr, errors.Join(plan.Warnings...))
	for _, change := range plan.Pending() {
		fmt.Fprintf(stdout, "%s %s\n", change.Action, relative(change.Path))
	}
	report.summary("changed")
	return exitOK
}

func verify(args []string, stdout, stderr io.Writer) int {
	opts, report, err := parsePipelineFlags("verify", args, stderr)
	if err != nil {
		return exitError
	}
	cached := openCachedVerify(args, report, stderr)
	if cached.replay(report, stderr) {
		return exitOK
	}
	plan, err := pipeline.NewPlan(opts)
	report.finish()
	if err != nil {
		reportErrors(stderr, err)
		markerHint(stderr, err)
		return exitError
	}
	var warnings strings.Builder
	reportErrors(&warnings, errors.Join(plan.Warnings...))
	fmt.Fprint(stderr, warnings.String())
	if len(plan.Pending()) == 0 {
		cached.store(warnings.String(), report.stats)
		report.summary("out of date")
		return exitOK
	}
	cwd, _ := os.Getwd()
	fmt.Fprint(stdout, plan.Diff(cwd))
	report.summary("out of date")
	fmt.Fprintf(stderr, "metagen: %d generated file(s) out of date; run metagen generate\n", len(plan.Pending()))
	return exitStale
}

// markerHint says, after the positioned errors, what resolves the marker
// problems among them: each error says how to fix its marker; a marker
// problem stops only a run whose generators read that marker, so -g
// without those generators lets the others run.
func markerHint(w io.Writer, err error) {
	var names []string
	for _, e := range diag.Unwrap(err) {
		var d *diag.Error
		if errors.As(e, &d) && d.Marker != "" && !diag.IsWarning(e) && !slices.Contains(names, d.Marker) {
			names = append(names, d.Marker)
		}
	}
	if len(names) == 0 {
		return
	}
	slices.Sort(names)
	var read []string
	for _, name := range names {
		read = append(read, fmt.Sprintf("+%s: %s", name, strings.Join(pipeline.RunsReading(name), ", ")))
	}
	fmt.Fprintf(w, "metagen: nothing written; fix the markers above as each error says. A marker problem stops only the generators that read the marker (%s): -g with only others runs them, the problem a warning.\n", strings.Join(read, "; "))
}

// reportErrors prints one error or warning a line ("file:line:col:
// warning: …"), positions relative to the working directory where they lie
// inside it.
func reportErrors(w io.Writer, err error) {
	for _, e := range diag.Unwrap(err) {
		fmt.Fprintln(w, diag.Relative(e, relative))
	}
}

// relative is path relative to the working directory when it lies in the
// working directory's module (../client/… from an API package, as go
// generate runs there); files elsewhere (the module cache) stay absolute.
func relative(path string) string {
	cwd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(path) {
		return path
	}
	if rel, err := filepath.Rel(cwd, path); err == nil && (isLocal(rel) || within(moduleRoot(cwd), path)) {
		return rel
	}
	return path
}

func isLocal(rel string) bool {
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func within(dir, path string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && isLocal(rel)
}

// moduleRoot is the nearest directory at or above dir with a go.mod, or "".
func moduleRoot(dir string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
