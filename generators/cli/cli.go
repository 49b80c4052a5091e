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
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
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
Kubernetes-style API types, from one load of the packages.

Usage:
  metagen generate [-g deepcopy,…] [--header-file F] [PATTERNS…]
  metagen verify   [-g deepcopy,…] [--header-file F] [PATTERNS…]
  metagen serve    [--addr 127.0.0.1:PORT] [--crds DIR] [--kubeconfig FILE] [--gc] [--watch-cache]
  metagen help [markers|generators|NAME]
  metagen version

PATTERNS are Go package patterns; ./... by default.
generate writes only the files that changed, and nothing at all on error.
verify writes nothing: it exits 1 with a diff when generated files are stale.
` + anchorFlagHelp

// pipelineFlags are the flags generate and verify share.
type pipelineFlags struct {
	generators string
	headerFile string
	tags       string
}

func parsePipelineFlags(name string, args []string, stderr io.Writer) (pipeline.Options, error) {
	var f pipelineFlags
	set := flag.NewFlagSet(name, flag.ContinueOnError)
	set.SetOutput(stderr)
	set.StringVar(&f.generators, "g", "", "comma-separated generators to run (default: every generator the packages opt into)")
	set.StringVar(&f.headerFile, "header-file", "", "file of Go comments (e.g. a license) to put at the top of generated files")
	set.StringVar(&f.tags, "tags", "", "comma-separated build tags for loading")
	var anchors anchorFlags
	anchors.register(set)
	if err := set.Parse(args); err != nil {
		return pipeline.Options{}, err
	}
	opts := pipeline.Options{Patterns: set.Args(), HeaderFile: f.headerFile}
	if err := anchors.apply(&opts); err != nil {
		fmt.Fprintln(stderr, "metagen:", err)
		return pipeline.Options{}, err
	}
	if f.generators != "" {
		opts.Only = strings.Split(f.generators, ",")
	}
	if f.tags != "" {
		opts.BuildFlags = []string{"-tags=" + f.tags}
	}
	return opts, nil
}

func generate(args []string, stdout, stderr io.Writer) int {
	opts, err := parsePipelineFlags("generate", args, stderr)
	if err != nil {
		return exitError
	}
	plan, err := pipeline.Generate(opts)
	if err != nil {
		reportErrors(stderr, err)
		return exitError
	}
	for _, change := range plan.Pending() {
		fmt.Fprintf(stdout, "%s %s\n", change.Action, relative(change.Path))
	}
	return exitOK
}

func verify(args []string, stdout, stderr io.Writer) int {
	opts, err := parsePipelineFlags("verify", args, stderr)
	if err != nil {
		return exitError
	}
	plan, err := pipeline.NewPlan(opts)
	if err != nil {
		reportErrors(stderr, err)
		return exitError
	}
	if len(plan.Pending()) == 0 {
		return exitOK
	}
	cwd, _ := os.Getwd()
	fmt.Fprint(stdout, plan.Diff(cwd))
	fmt.Fprintf(stderr, "metagen: %d generated file(s) out of date; run metagen generate\n", len(plan.Pending()))
	return exitStale
}

// reportErrors prints one error a line, positions relative to the working
// directory where they lie inside it.
func reportErrors(w io.Writer, err error) {
	for _, e := range diag.Unwrap(err) {
		var positioned *diag.Error
		if errors.As(e, &positioned) && positioned.Pos.IsValid() {
			pos := positioned.Pos
			pos.Filename = relative(pos.Filename)
			e = &diag.Error{Pos: pos, Msg: positioned.Msg}
		}
		fmt.Fprintln(w, e)
	}
}

func relative(path string) string {
	cwd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(path) {
		return path
	}
	if rel, err := filepath.Rel(cwd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
