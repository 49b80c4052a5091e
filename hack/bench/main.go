//go:build linux

// Command bench times metagen against the established generators on a
// writable copy of every package of k8s.io/api, and prints a side-by-side
// table with ratios: deepcopy (deepcopy-gen and controller-gen) or, with
// -suite openapi, the OpenAPI definitions (openapi-gen), or, with -suite
// client, clientsets, listers and informers (client-gen, lister-gen and
// informer-gen together), or, with -suite validation, the validation
// functions of the packages Kubernetes generates validation for
// (validation-gen).
//
// Run it from the repository root:
//
//	go run ./hack/bench                       # all three tools, 3 timed runs each
//	go run ./hack/bench -runs 1 -tools deepcopy-gen,controller-gen
//	go run ./hack/bench -suite openapi        # metagen and openapi-gen
//	go run ./hack/bench -suite client         # metagen and client-gen+lister-gen+informer-gen
//	go run ./hack/bench -suite validation     # metagen and validation-gen
//	go run ./hack/bench -suite conversion     # metagen and conversion-gen+defaulter-gen+prerelease-lifecycle-gen on k8s.io/kubernetes pkg/apis
//	go run ./hack/bench -suite manifests -runs 7 # metagen -g rbac,webhook and controller-gen rbac webhook
//	go run ./hack/bench -suite docs           # metagen -g docs and crd-ref-docs v0.3.0, with what each shows
//	go run ./hack/bench -suite cel            # validating an object with N CEL rules: generated Go vs the apiserver's path
//	go run ./hack/bench -suite compat         # metagen compat of two k8s.io/api versions vs metagen generate -g openapi
//	go run ./hack/bench -suite compile        # go build of cmd/metagen vs controller-gen, empty build cache each, and the floor
//
// It is Linux only: peak RSS comes from wait4 rusage and /proc.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

const (
	toolMetagen       = "metagen"
	toolDeepcopyGen   = "deepcopy-gen"
	toolControllerGen = "controller-gen"
	toolOpenAPIGen    = "openapi-gen"
	// toolCodeGenerator is client-gen, lister-gen and informer-gen run one
	// after the other, as kube_codegen.sh runs them: their summed cost.
	toolCodeGenerator = "code-generator"
	toolValidationGen = "validation-gen"
)

type config struct {
	suite                suite
	runs                 int
	tools                []string
	toolsExplicit        bool // metagen is only skippable when the user did not ask for it
	apiVersion           string
	deepcopyGenVersion   string
	codeGeneratorVersion string
	controllerGenVersion string
	openAPIGenVersion    string
	metagenBin           string
	metagenArgs          []string
	validationPackages   []string
	verifyBuild          bool
	keep                 bool
	manifestPackages     int  // -suite manifests: synthetic controller packages
	manifestReal         bool // -suite manifests: also the real modules
}

func main() {
	cfg, err := parseFlags(os.Args[1:])
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "\nbench: FAILED:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (config, error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	cfg := config{}
	var suiteName, tools, metagenArgs, validationPackages string
	fs.StringVar(&suiteName, "suite", "deepcopy", "what to generate: deepcopy, openapi, client, validation, compat, conversion, manifests, docs, cel, compile or all")
	fs.IntVar(&cfg.runs, "runs", 3, "timed runs per tool (interleaved A B C A B C ...)")
	fs.StringVar(&tools, "tools", "", "comma-separated subset of the suite's tools (deepcopy: metagen,deepcopy-gen,controller-gen; openapi: metagen,openapi-gen; client: metagen,code-generator; validation: metagen,validation-gen; conversion: metagen,code-generator-3)")
	fs.StringVar(&cfg.apiVersion, "api-version", "v0.37.2", "k8s.io/api version to generate for")
	fs.StringVar(&cfg.deepcopyGenVersion, "deepcopy-gen-version", "v0.37.2", "k8s.io/code-generator version of deepcopy-gen")
	fs.StringVar(&cfg.codeGeneratorVersion, "code-generator-version", "v0.37.2", "k8s.io/code-generator version of client-gen, lister-gen, informer-gen and validation-gen")
	fs.StringVar(&validationPackages, "validation-packages", "",
		"validation suite: the k8s.io/api packages to generate for, comma-separated (e.g. apps/v1,core/v1), or all (default: those metagen supports, see README.md)")
	fs.StringVar(&cfg.controllerGenVersion, "controller-gen-version", "v0.23.0", "sigs.k8s.io/controller-tools version of controller-gen")
	fs.StringVar(&cfg.openAPIGenVersion, "openapi-gen-version", "v0.0.0-20260821135717-be32def86098", "k8s.io/kube-openapi version of openapi-gen")
	fs.StringVar(&cfg.metagenBin, "metagen-bin", "", "use this metagen binary instead of building ./cmd/metagen")
	// The anchors get a license header too, so metagen must write one for a
	// like-for-like comparison.
	fs.StringVar(&metagenArgs, "metagen-args", "",
		"metagen arguments, split on spaces, run inside the k8s.io/api copy; {header} becomes the boilerplate file (default: the suite's, e.g. generate -g deepcopy --header-file {header} ./...)")
	fs.BoolVar(&cfg.verifyBuild, "verify-build", true, "after each tool's warm-up, check that 'go build ./...' passes on its output (untimed)")
	fs.BoolVar(&cfg.keep, "keep", false, "keep the temporary work directory")
	fs.IntVar(&cfg.manifestPackages, "manifest-packages", 200, "manifests suite: synthetic controller packages besides the kubebuilder corpus")
	fs.BoolVar(&cfg.manifestReal, "manifest-real", true, "manifests suite: also time kueue, kuberay's ray-operator and cluster-api (reduced)")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	verifyBuildExplicit := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "tools":
			cfg.toolsExplicit = true
		case "verify-build":
			verifyBuildExplicit = true
		}
	})
	if cfg.runs < 1 {
		return cfg, errors.New("-runs must be at least 1")
	}
	var ok bool
	if cfg.suite, ok = suites[suiteName]; !ok {
		return cfg, fmt.Errorf("unknown suite %q (deepcopy, openapi, client, validation, compat, conversion, manifests, docs, cel, compile or all)", suiteName)
	}
	if cfg.suite.name == "validation" {
		var err error
		if cfg.validationPackages, err = selectValidationPackages(validationPackages); err != nil {
			return cfg, err
		}
	} else if validationPackages != "" {
		return cfg, errors.New("-validation-packages is for -suite validation")
	}
	if metagenArgs == "" {
		metagenArgs = cfg.suite.metagenArgs
	}
	if cfg.suite.name != "deepcopy" && !cfg.suite.verifyBuild && !verifyBuildExplicit {
		// k8s.io/api does not require kube-openapi or client-go, which the
		// output imports; the generators' own tests build it instead.
		cfg.verifyBuild = false
	}
	if tools == "" {
		tools = strings.Join(cfg.suite.tools, ",")
	}
	cfg.metagenArgs = strings.Fields(metagenArgs)
	var err error
	cfg.tools, err = parseToolList(cfg.suite.tools, tools)
	return cfg, err
}

// parseToolList validates names and returns them in display order.
func parseToolList(allTools []string, list string) ([]string, error) {
	wanted := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !contains(allTools, name) {
			return nil, fmt.Errorf("unknown tool %q (known: %s)", name, strings.Join(allTools, ", "))
		}
		wanted[name] = true
	}
	var ordered []string
	for _, name := range allTools {
		if wanted[name] {
			ordered = append(ordered, name)
		}
	}
	if len(ordered) == 0 {
		return nil, errors.New("-tools selects no tool")
	}
	return ordered, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func run(ctx context.Context, cfg config) (err error) {
	repoRoot, err := findRepoRoot(ctx)
	if err != nil {
		return err
	}
	if cfg.suite.name == "manifests" {
		return runManifests(ctx, cfg, repoRoot) // its own module, not the k8s.io/api copy
	}
	if cfg.suite.name == "docs" {
		return runDocs(ctx, cfg, repoRoot) // the kubebuilder corpus as a module
	}
	if cfg.suite.name == "cel" {
		return runCEL(ctx, cfg, repoRoot) // generated validation vs the apiserver's, in process
	}
	if cfg.suite.name == "compile" {
		return runCompile(ctx, cfg, repoRoot) // go build with an empty build cache
	}
	ws, err := newWorkspace(ctx, cfg.apiVersion, cfg.suite, cfg.validationPackages)
	if err != nil {
		return err
	}
	defer func() {
		// A failed run keeps its tree so the broken output can be inspected.
		if cfg.keep || err != nil {
			fmt.Fprintln(os.Stderr, "work directory kept:", ws.root)
			return
		}
		os.RemoveAll(ws.root)
	}()

	tools, err := prepareTools(ctx, cfg, repoRoot, ws)
	if err != nil {
		return err
	}
	printEnvironment(ctx, cfg, ws, tools)

	for _, t := range tools {
		if err := warmUp(ctx, cfg, ws, t); err != nil {
			return err
		}
	}
	results, err := timedRuns(ctx, cfg.runs, ws, tools)
	if err != nil {
		return err
	}
	printReport(os.Stdout, cfg.suite, tools, results)
	return nil
}
