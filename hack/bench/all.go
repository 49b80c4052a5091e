//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/metagen-dev/metagen/internal/anchors"
)

// The all suite (issue 20): every generator metagen runs by default on all of
// k8s.io/api, from a tree without generated files, side by side with
// controller-gen object alone, the per-tool anchors in sequence, metagen
// verify of an up-to-date tree, the no-op go generate through "go tool
// metagen" in a downstream module against the binary run there directly, and
// the floor (hack/bench/floor: go list plus one type check from source).
const (
	toolAnchors = "anchors"
	// toolMetagenCold is metagen with its format cache emptied before every
	// run: a first run on the machine (the metagen row's cache was filled by
	// its warm-up, as by any earlier run).
	toolMetagenCold   = "metagen-cold"
	toolMetagenVerify = "metagen-verify"
	// toolMetagenVerifyFirst is verify of an up-to-date tree with its whole
	// cache emptied (verify and format): a machine's first verify, set
	// against metagen-cold, a machine's first generate.
	toolMetagenVerifyFirst = "metagen-verify-first"
	// toolMetagenVerifyWarm is verify of the same tree again: a hit in the
	// verify cache a verify of that tree filled (metagen-verify's cache is
	// emptied before each of its runs).
	toolMetagenVerifyWarm = "metagen-verify-warm"
	toolGoToolNoop        = "go-tool-noop"
	toolDirectNoop        = "direct-noop"
	toolFloor             = "floor"
	// downstreamDir is the module beside the copy that uses metagen as a
	// go tool (examples/widgets/v1, as TestGoToolInADownstreamModule does).
	downstreamDir = "downstream"
)

func init() {
	suites["all"] = suite{
		name:        "all",
		tools:       []string{toolMetagen, toolMetagenCold, toolControllerGen, toolAnchors, toolMetagenVerify, toolMetagenVerifyFirst, toolMetagenVerifyWarm, toolGoToolNoop, toolDirectNoop, toolFloor},
		outputFile:  deepcopyOutputFile,
		metagenArgs: "generate --header-file {header} ./...",
		prepare:     prepareAll,
		ratioPairs: [][2]string{
			{toolMetagen, toolControllerGen}, {toolMetagenCold, toolControllerGen}, {toolMetagenCold, toolMetagen}, {toolMetagen, toolAnchors}, {toolMetagen, toolFloor},
			{toolMetagenCold, toolFloor}, {toolMetagenVerify, toolMetagen}, {toolMetagenVerifyFirst, toolMetagenCold}, {toolMetagenVerifyWarm, toolMetagen},
			{toolGoToolNoop, toolDirectNoop}, {toolControllerGen, toolFloor},
		},
		target:      toolControllerGen,
		targetRatio: 1,
		readOnly: map[string]bool{toolMetagenVerify: true, toolMetagenVerifyFirst: true, toolMetagenVerifyWarm: true,
			toolGoToolNoop: true, toolDirectNoop: true, toolFloor: true},
		// verify needs the tree metagen generates; it is written untimed
		// after every reset.
		setup: map[string]func(context.Context, *workspace, tool) error{toolMetagenCold: emptyCache, toolMetagenVerify: verifyCold,
			toolMetagenVerifyFirst: verifyFirst, toolMetagenVerifyWarm: verifyWarm},
	}
}

// allRemovedFiles are the generated files k8s.io/api ships that metagen's
// default generators write (the model name files stay: metagen does not
// write them and openapi-gen is not asked to).
var allRemovedFiles = []string{deepcopyOutputFile, "zz_generated.prerelease-lifecycle.go", validationOutputFile}

// prepareAll removes the generated files, marks the packages for the OpenAPI
// and client generators as their suites do, and sets up the downstream
// module. It returns the number of deepcopy files upstream ships.
func prepareAll(ctx context.Context, ws *workspace) (int, error) {
	count := 0
	for i, name := range allRemovedFiles {
		n, err := ws.discardFilesNamed(name)
		if err != nil {
			return 0, err
		}
		if i == 0 {
			count = n
		}
	}
	if _, err := markOpenAPICompatible(ctx, ws); err != nil {
		return 0, err
	}
	if _, err := markClientOutput(ctx, ws); err != nil {
		return 0, err
	}
	return count, nil
}

// generateUntimed brings the copy up to date with the metagen binary t runs,
// with a go.mod that requires what the output imports (client-go,
// kube-openapi and metagen itself, replaced by the checkout): go list refuses
// the tree otherwise. The first call tidies (minutes, offline); later ones
// copy its go.mod and go.sum back after the reset.
func generateUntimed(ctx context.Context, ws *workspace, t tool) error {
	if _, err := runQuiet(ctx, ws.apiDir, append(goEnv(), t.env...), t.bin, "generate", "--header-file", ws.headerFile, "./..."); err != nil {
		return err
	}
	saved := filepath.Join(ws.root, "verify-go-mod")
	if _, err := os.Stat(saved); err != nil {
		repoRoot, err := findRepoRoot(ctx)
		if err != nil {
			return err
		}
		env := append(goEnv(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		if _, err := runQuiet(ctx, ws.apiDir, env, "go", "mod", "edit", "-require", "github.com/metagen-dev/metagen@v0.0.0",
			"-replace", "github.com/metagen-dev/metagen="+repoRoot); err != nil {
			return err
		}
		// metagen's go.sum vouches for what the output adds (client-go, …):
		// with the proxy off, go mod tidy cannot ask the checksum database.
		if err := appendFile(filepath.Join(repoRoot, "go.sum"), filepath.Join(ws.apiDir, "go.sum")); err != nil {
			return err
		}
		fmt.Fprintln(os.Stderr, "tidying the copy's go.mod for verify (once)")
		if _, err := runQuiet(ctx, ws.apiDir, env, "go", "mod", "tidy"); err != nil {
			return err
		}
		if err := os.MkdirAll(saved, 0o755); err != nil {
			return err
		}
		for _, name := range []string{"go.mod", "go.sum"} {
			if err := copyFile(filepath.Join(ws.apiDir, name), filepath.Join(saved, name)); err != nil {
				return err
			}
		}
		return nil
	}
	for _, name := range []string{"go.mod", "go.sum"} {
		if err := copyFile(filepath.Join(saved, name), filepath.Join(ws.apiDir, name)); err != nil {
			return err
		}
	}
	return nil
}

// appendFile appends the content of from to the file to.
func appendFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(to, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// verifyCacheDir is the METAGEN_CACHE of a verify row, and of metagen-cold.
func verifyCacheDir(ws *workspace, name string) string {
	return filepath.Join(ws.root, name+"-cache")
}

// emptyCache empties a row's METAGEN_CACHE before its run (moved aside,
// not deleted: see discard).
func emptyCache(_ context.Context, ws *workspace, t tool) error {
	return discardIfExists(ws, verifyCacheDir(ws, t.name))
}

func discardIfExists(ws *workspace, path string) error {
	if !fileExists(path) {
		return nil
	}
	return ws.discard(path)
}

// verifyCold brings the tree up to date and empties the verify cache: the
// run loads and renders everything, and pays for filling the cache. Its
// format cache is left as the generate filled it, as after a generate on
// the same machine (metagen's row is timed with a filled one too).
func verifyCold(ctx context.Context, ws *workspace, t tool) error {
	if err := generateUntimed(ctx, ws, t); err != nil {
		return err
	}
	return discardIfExists(ws, filepath.Join(verifyCacheDir(ws, t.name), "verify"))
}

// verifyFirst brings the tree up to date and empties the row's whole cache,
// the format cache the generate filled too: the verify formats everything,
// as metagen-cold's generate does.
func verifyFirst(ctx context.Context, ws *workspace, t tool) error {
	if err := generateUntimed(ctx, ws, t); err != nil {
		return err
	}
	return discardIfExists(ws, verifyCacheDir(ws, t.name))
}

// verifyWarm brings the tree up to date and, the first time, verifies it
// untimed to fill the cache. The reset and generate before each run rewrite
// the files (new modification times, the same content), as a checkout does.
func verifyWarm(ctx context.Context, ws *workspace, t tool) error {
	if err := generateUntimed(ctx, ws, t); err != nil {
		return err
	}
	if fileExists(filepath.Join(verifyCacheDir(ws, t.name), "verify")) {
		return nil
	}
	_, err := runQuiet(ctx, ws.apiDir, append(goEnv(), t.env...), t.bin, t.args...)
	return err
}

// prepareAllTool resolves the all suite's tools that are not in other suites.
func prepareAllTool(ctx context.Context, cfg config, name, repoRoot string, ws *workspace) (tool, bool, error) {
	switch name {
	case toolAnchors:
		return prepareAnchors(ctx, cfg, ws)
	case toolFloor:
		bin := filepath.Join(ws.root, "bin", "floor")
		if _, err := runQuiet(ctx, repoRoot, nil, "go", "build", "-o", bin, "./hack/bench/floor"); err != nil {
			return tool{}, false, err
		}
		return tool{name: toolFloor, version: "go list + go/types", bin: bin, args: []string{"./..."}}, true, nil
	}
	mg, ok, err := prepareMetagen(ctx, cfg, repoRoot, ws)
	if !ok || err != nil {
		return mg, ok, err
	}
	switch name {
	case toolMetagenCold:
		mg.name = name
		mg.env = []string{"METAGEN_CACHE=" + verifyCacheDir(ws, name)}
		return mg, true, nil
	case toolMetagenVerify, toolMetagenVerifyFirst, toolMetagenVerifyWarm:
		mg.name = name
		mg.args = expandArgs([]string{"verify", "--header-file", "{header}", "./..."}, ws)
		mg.env = []string{"METAGEN_CACHE=" + verifyCacheDir(ws, name)}
		mg.check = func(output []byte) error {
			if cached := bytes.Contains(output, []byte("(0 out of date, cached)")); cached != (name == toolMetagenVerifyWarm) {
				return fmt.Errorf("verify cached = %v", cached)
			}
			return nil
		}
		return mg, true, nil
	case toolGoToolNoop, toolDirectNoop:
		pkgDir, err := setupDownstream(ctx, repoRoot, ws, mg.bin)
		if err != nil {
			return tool{}, false, err
		}
		command := "go generate ./..."
		if name == toolDirectNoop {
			command = shellQuote([]string{mg.bin, "generate", "."})
		}
		return tool{name: name, version: mg.version, bin: "/bin/sh", args: []string{"-ec", "cd " + shellQuote([]string{pkgDir}) + " && " + command}}, true, nil
	}
	return tool{}, false, fmt.Errorf("unknown tool %q", name)
}

// goRunMetagen is the go:generate command of examples/widgets/v1, with or
// without build flags (older checkouts build with -tags metagen_noserve).
var goRunMetagen = regexp.MustCompile(`go run (-tags [^ ]+ )?github\.com/metagen-dev/metagen/cmd/metagen`)

// setupDownstream writes (once) a module beside the copy that requires
// metagen (replaced by the checkout) as a tool, with examples/widgets/v1 whose
// go:generate line runs "go tool metagen generate .", and generates it so
// that every timed go generate is a no-op. It returns the package directory.
func setupDownstream(ctx context.Context, repoRoot string, ws *workspace, metagen string) (string, error) {
	module := filepath.Join(ws.root, downstreamDir)
	pkgDir := filepath.Join(module, "api", "v1")
	if _, err := os.Stat(pkgDir); err == nil {
		return pkgDir, nil
	}
	if err := os.MkdirAll(pkgDir, 0o755); err != nil {
		return "", err
	}
	source := filepath.Join(repoRoot, "examples", "widgets", "v1")
	entries, err := os.ReadDir(source)
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), "zz_generated.") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(source, e.Name()))
		if err != nil {
			return "", err
		}
		if e.Name() == "doc.go" {
			goTool := goRunMetagen.ReplaceAll(data, []byte("go tool metagen"))
			if bytes.Equal(goTool, data) {
				return "", fmt.Errorf("%s has no go:generate line running metagen to turn into go tool metagen", filepath.Join(source, e.Name()))
			}
			data = goTool
		}
		if err := os.WriteFile(filepath.Join(pkgDir, e.Name()), data, 0o644); err != nil {
			return "", err
		}
	}
	goMod := "module example.com/downstream\n\ngo 1.26\n\ntool github.com/metagen-dev/metagen/tool/metagen\n\n" +
		"require github.com/metagen-dev/metagen v0.0.0\n\nreplace github.com/metagen-dev/metagen => " + repoRoot + "\n"
	if err := os.WriteFile(filepath.Join(module, "go.mod"), []byte(goMod), 0o644); err != nil {
		return "", err
	}
	if err := copyFile(filepath.Join(repoRoot, "go.sum"), filepath.Join(module, "go.sum")); err != nil {
		return "", err
	}
	env := append(goEnv(), "GOFLAGS=-mod=mod")
	if _, err := runQuiet(ctx, module, env, "go", "mod", "tidy"); err != nil {
		return "", err
	}
	// The first go generate builds the tool and writes the files.
	if _, err := runQuiet(ctx, pkgDir, goEnv(), "go", "generate", "./..."); err != nil {
		return "", err
	}
	return pkgDir, nil
}

// prepareAnchors runs the per-tool anchors for what metagen's default
// generators write on k8s.io/api, one after another in one shell:
// deepcopy-gen, openapi-gen, prerelease-lifecycle-gen and the client tools
// (applyconfiguration-gen, client-gen, lister-gen, informer-gen). Left out:
// validation-gen, which cannot run on the copy as is (see validation.go).
func prepareAnchors(ctx context.Context, cfg config, ws *workspace) (tool, bool, error) {
	client, _, err := prepareCodeGenerator(ctx, cfg, ws)
	if err != nil {
		return tool{}, false, err
	}
	bins, err := installAnchorSet(ctx, cfg)
	if err != nil {
		return tool{}, false, err
	}
	header := ws.headerFile
	script := []string{
		shellQuote([]string{bins["deepcopy-gen"], "--output-file", deepcopyOutputFile, "--go-header-file", header, "./..."}),
		shellQuote([]string{bins["openapi-gen"], "--output-dir", filepath.Join(ws.apiDir, "zz_openapigen"), "--output-pkg", "k8s.io/api/zz_openapigen",
			"--output-file", openAPIOutputFile, "--go-header-file", header, "--report-filename", filepath.Join(ws.root, "api-rule-violations.list"), "./..."}),
		shellQuote([]string{bins["prerelease-lifecycle-gen"], "--output-file", "zz_generated.prerelease-lifecycle.go", "--go-header-file", header, "./..."}),
		client.args[1],
	}
	version := cfg.codeGeneratorVersion + "+kube-openapi " + cfg.openAPIGenVersion
	return tool{name: toolAnchors, version: version, bin: "/bin/sh", args: []string{"-ec", strings.Join(script, "\n")}}, true, nil
}

func installAnchorSet(ctx context.Context, cfg config) (map[string]string, error) {
	bins, err := anchors.Install(ctx, os.Stderr, cfg.codeGeneratorVersion, "k8s.io/code-generator/cmd/deepcopy-gen", "k8s.io/code-generator/cmd/prerelease-lifecycle-gen")
	if err != nil {
		return nil, err
	}
	openapi, err := installAnchor(ctx, "k8s.io/kube-openapi/cmd/openapi-gen", cfg.openAPIGenVersion)
	bins["openapi-gen"] = openapi
	return bins, err
}
