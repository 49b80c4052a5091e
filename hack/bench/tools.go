//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/metagen-dev/metagen/internal/anchors"
)

// deepcopyOutputFile is the file name every tool is told (or defaults) to
// write; the sanity check counts files with this name.
const deepcopyOutputFile = "zz_generated.deepcopy.go"

// tool is one generator invocation, run with the k8s.io/api copy as its
// working directory.
type tool struct {
	name    string
	version string // shown in the header of the report
	bin     string
	args    []string
	env     []string // added to the environment of its runs
	// check, when set, fails a run whose output shows it did not measure
	// what the row claims (a cached verify that ran in full).
	check func(output []byte) error
}

func (t tool) commandLine() string {
	return strings.Join(append([]string{filepath.Base(t.bin)}, t.args...), " ")
}

// prepareTools resolves (building or installing as needed) every selected tool.
func prepareTools(ctx context.Context, cfg config, repoRoot string, ws *workspace) ([]tool, error) {
	var tools []tool
	for _, name := range cfg.tools {
		t, ok, err := prepareTool(ctx, cfg, name, repoRoot, ws)
		if err != nil {
			return nil, fmt.Errorf("preparing %s: %w", name, err)
		}
		if ok {
			tools = append(tools, t)
		}
	}
	if len(tools) == 0 {
		return nil, fmt.Errorf("no tool left to benchmark")
	}
	return tools, nil
}

func prepareTool(ctx context.Context, cfg config, name, repoRoot string, ws *workspace) (tool, bool, error) {
	switch name {
	case toolMetagen:
		return prepareMetagen(ctx, cfg, repoRoot, ws)
	case toolMetagenOpenAPI:
		return prepareMetagenOpenAPI(ctx, cfg, repoRoot, ws)
	case toolDeepcopyGen:
		bin, err := installAnchor(ctx, "k8s.io/code-generator/cmd/deepcopy-gen", cfg.deepcopyGenVersion)
		// Same flags as upstream kube_codegen.sh, with ./... instead of the
		// grepped package list so the tool discovers the packages itself.
		args := []string{"--output-file", deepcopyOutputFile, "--go-header-file", ws.headerFile, "./..."}
		return tool{name: name, version: cfg.deepcopyGenVersion, bin: bin, args: args}, err == nil, err
	case toolOpenAPIGen:
		bin, err := installAnchor(ctx, "k8s.io/kube-openapi/cmd/openapi-gen", cfg.openAPIGenVersion)
		// As Kubernetes' kube_codegen.sh runs it, into one package, with the
		// API rule report in a file.
		args := []string{
			"--output-dir", filepath.Join(ws.apiDir, "zz_openapigen"), "--output-pkg", "k8s.io/api/zz_openapigen",
			"--output-file", openAPIOutputFile, "--go-header-file", ws.headerFile,
			"--report-filename", filepath.Join(ws.root, "api-rule-violations.list"), "./...",
		}
		return tool{name: name, version: cfg.openAPIGenVersion, bin: bin, args: args}, err == nil, err
	case toolCodeGenerator:
		return prepareCodeGenerator(ctx, cfg, ws)
	case toolConversionAnchors:
		return prepareConversionAnchors(ctx, cfg, ws)
	case toolAnchors, toolMetagenCold, toolMetagenVerify, toolMetagenVerifyFirst, toolMetagenVerifyWarm, toolGoToolNoop, toolDirectNoop, toolFloor:
		return prepareAllTool(ctx, cfg, name, repoRoot, ws)
	case toolValidationGen:
		bin, err := installAnchor(ctx, "k8s.io/code-generator/cmd/validation-gen", cfg.codeGeneratorVersion)
		// As hack/update-codegen.sh runs it (without the lint rules and the
		// coverage test fixtures, which are not generated code), on the
		// packages and metaValidationPackage at once.
		args := []string{"--go-header-file", ws.headerFile, "--output-file", validationOutputFile}
		for _, pkg := range validationReadOnlyPackages {
			args = append(args, "--readonly-pkg", pkg)
		}
		args = append(append(args, metaValidationPackage), ws.packageArgs()...)
		return tool{name: name, version: cfg.codeGeneratorVersion, bin: bin, args: args}, err == nil, err
	case toolControllerGen:
		bin, err := installAnchor(ctx, "sigs.k8s.io/controller-tools/cmd/controller-gen", cfg.controllerGenVersion)
		args := []string{fmt.Sprintf("object:headerFile=%q", ws.headerFile), "paths=./..."}
		return tool{name: name, version: cfg.controllerGenVersion, bin: bin, args: args}, err == nil, err
	}
	return tool{}, false, fmt.Errorf("unknown tool %q", name)
}

// prepareCodeGenerator installs applyconfiguration-gen, client-gen,
// lister-gen and informer-gen and runs them in one shell, with the flags
// kube_codegen.sh passes with --with-applyconfig (metagen writes apply
// configurations too), so the measured cost is their sum.
func prepareCodeGenerator(ctx context.Context, cfg config, ws *workspace) (tool, bool, error) {
	bins, err := anchors.Install(ctx, os.Stderr, cfg.codeGeneratorVersion,
		"k8s.io/code-generator/cmd/applyconfiguration-gen", "k8s.io/code-generator/cmd/client-gen",
		"k8s.io/code-generator/cmd/lister-gen", "k8s.io/code-generator/cmd/informer-gen")
	if err != nil {
		return tool{}, false, err
	}
	dirs, err := clientPackageDirs(ws.apiDir)
	if err != nil {
		return tool{}, false, err
	}
	out := filepath.Join(ws.apiDir, clientOutputDir)
	pkg := "k8s.io/api/" + clientOutputDir
	var inputs, pkgs []string
	for _, dir := range dirs {
		inputs = append(inputs, "--input", dir)
		pkgs = append(pkgs, "k8s.io/api/"+dir)
	}
	common := []string{"--go-header-file", ws.headerFile, "--plural-exceptions", "Endpoints:Endpoints"}
	commands := [][]string{
		append(append([]string{bins["applyconfiguration-gen"], "--output-dir", filepath.Join(out, "applyconfiguration"), "--output-pkg", pkg + "/applyconfiguration"}, common[:2]...), pkgs...),
		append(append([]string{bins["client-gen"], "--output-dir", filepath.Join(out, "clientset"), "--output-pkg", pkg + "/clientset",
			"--clientset-name", "versioned", "--input-base", ws.apiDir, "--apply-configuration-package", pkg + "/applyconfiguration"}, common...), inputs...),
		append(append([]string{bins["lister-gen"], "--output-dir", filepath.Join(out, "listers"), "--output-pkg", pkg + "/listers"}, common...), pkgs...),
		append(append([]string{bins["informer-gen"], "--output-dir", filepath.Join(out, "informers"), "--output-pkg", pkg + "/informers",
			"--versioned-clientset-package", pkg + "/clientset/versioned", "--listers-package", pkg + "/listers"}, common...), pkgs...),
	}
	var script []string
	for _, c := range commands {
		script = append(script, shellQuote(c))
	}
	return tool{name: toolCodeGenerator, version: cfg.codeGeneratorVersion, bin: "/bin/sh", args: []string{"-ec", strings.Join(script, "\n")}}, true, nil
}

// shellQuote renders a command line for sh.
func shellQuote(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(quoted, " ")
}

// prepareMetagen builds ./cmd/metagen fresh (it is the code under test, so
// never cached). When the command does not exist yet and the user did not
// ask for it explicitly, it is skipped with a warning instead of failing.
func prepareMetagen(ctx context.Context, cfg config, repoRoot string, ws *workspace) (tool, bool, error) {
	version := "local"
	bin := cfg.metagenBin
	if bin == "" {
		if !hasGoFiles(filepath.Join(repoRoot, "cmd", "metagen")) {
			if cfg.toolsExplicit {
				return tool{}, false, fmt.Errorf("./cmd/metagen does not exist in %s", repoRoot)
			}
			fmt.Fprintln(os.Stderr, "WARNING: ./cmd/metagen does not exist yet; skipping metagen (pass -tools to silence)")
			return tool{}, false, nil
		}
		bin = filepath.Join(ws.root, "bin", "metagen")
		fmt.Fprintln(os.Stderr, "building metagen from", repoRoot)
		if _, err := runQuiet(ctx, repoRoot, nil, "go", "build", "-o", bin, "./cmd/metagen"); err != nil {
			return tool{}, false, fmt.Errorf("%w\n(-tools deepcopy-gen,controller-gen benchmarks without metagen)", err)
		}
		version = repoRevision(ctx, repoRoot)
	}
	abs, err := filepath.Abs(bin)
	// Its caches (verify's, the format cache) are the workspace's, not the
	// user's: the warm-up run fills the format cache, so the timed runs are
	// metagen re-generating; the all suite's metagen-cold row empties it.
	env := []string{"METAGEN_CACHE=" + filepath.Join(ws.root, "metagen-cache")}
	return tool{name: toolMetagen, version: version, bin: abs, args: expandArgs(cfg.metagenArgs, ws), env: env}, err == nil, err
}

// expandArgs replaces the placeholders in user-supplied arguments: {header}
// by the boilerplate file, and an argument {packages} by the suite's
// packages (./<dir> each).
func expandArgs(args []string, ws *workspace) []string {
	var out []string
	for _, a := range args {
		if a == "{packages}" {
			out = append(out, ws.packageArgs()...)
			continue
		}
		out = append(out, strings.ReplaceAll(a, "{header}", ws.headerFile))
	}
	return out
}

func hasGoFiles(dir string) bool {
	matches, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	return len(matches) > 0
}

// repoRevision names the metagen build for the report; the tree is usually
// dirty while benchmarking, so say so.
func repoRevision(ctx context.Context, repoRoot string) string {
	rev, err := runQuiet(ctx, repoRoot, nil, "git", "rev-parse", "--short", "HEAD")
	if err != nil {
		rev = "no-commit"
	}
	rev = strings.TrimSpace(rev)
	if status, err := runQuiet(ctx, repoRoot, nil, "git", "status", "--porcelain"); err == nil && strings.TrimSpace(status) != "" {
		rev += "+dirty"
	}
	return rev
}

// installAnchor returns the cached binary of cmdPackage@version, saying
// on stderr when it has to install it first.
func installAnchor(ctx context.Context, cmdPackage, version string) (string, error) {
	bins, err := anchors.Install(ctx, os.Stderr, version, cmdPackage)
	return bins[path.Base(cmdPackage)], err
}

func findRepoRoot(ctx context.Context) (string, error) {
	gomod, err := runQuiet(ctx, ".", nil, "go", "env", "GOMOD")
	gomod = strings.TrimSpace(gomod)
	if err != nil || gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("run from inside the metagen module (go env GOMOD: %q, %v)", gomod, err)
	}
	return filepath.Dir(gomod), nil
}

// runQuiet runs an untimed helper command and returns its stdout; on failure
// the error carries the tail of its stderr.
func runQuiet(ctx context.Context, dir string, extraEnv []string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), extraEnv...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("%s %s (in %s): %w\n%s", name, strings.Join(args, " "), dir, err, tail(stderr.Bytes(), 30))
	}
	return stdout.String(), nil
}

// tail returns the last n lines of out, indented, for error messages.
func tail(out []byte, n int) string {
	if len(bytes.TrimSpace(out)) == 0 {
		return "    (no output)"
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"    ..."}, lines[len(lines)-n:]...)
	}
	return "    " + strings.Join(lines, "\n    ")
}
