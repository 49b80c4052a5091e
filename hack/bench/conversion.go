//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/metagen-dev/metagen/internal/anchors"
	"github.com/metagen-dev/metagen/internal/kubeapis"
)

// The conversion suite (issue 16): conversions, defaulters and lifecycle
// methods for the internal and versioned API packages of k8s.io/kubernetes
// that the equivalence test in generators/conversion uses (upstream's
// conversion and defaults files removed), by metagen in one run and by
// defaulter-gen, conversion-gen and prerelease-lifecycle-gen v0.37.2 one
// after the other, as hack/update-codegen.sh runs them.
const (
	toolConversionAnchors = "code-generator-3"
	conversionOutputFile  = "zz_generated.conversion.go"
	// kubernetesSourceDir is the prepared, pristine copy of k8s.io/kubernetes
	// under the work directory that the tools' copy is made and restored from.
	kubernetesSourceDir = "kubernetes-src"
)

func init() {
	suites["conversion"] = suite{
		name:        "conversion",
		tools:       []string{toolMetagen, toolConversionAnchors},
		outputFile:  conversionOutputFile,
		metagenArgs: "generate -g conversion,defaults,prerelease-lifecycle --header-file {header} {packages}",
		source:      kubernetesSource,
		prepare:     prepareConversion,
		ratioPairs:  [][2]string{{toolMetagen, toolConversionAnchors}},
		target:      toolConversionAnchors,
		targetRatio: 0.3,
		// The anchors run in a shell: their peak is the tree-max.
		rssTreeMaxTarget: true,
		// The API packages build with the generated files: the check builds
		// exactly those (./... would build pkg/util and more, untouched).
		verifyBuild: true,
		describeTarget: func(ws *workspace) string {
			return fmt.Sprintf("%s pkg/apis, %d groups, %d internal and versioned packages (%d upstream %s files and their defaults files removed), copy in %s",
				kubeapis.Module, len(kubeapis.Groups), len(ws.packages), ws.upstreamOutputs, conversionOutputFile, ws.apiDir)
		},
	}
}

// kubernetesSource makes the pristine tree under root: the parts of
// k8s.io/kubernetes the API packages need, as module k8s.io/kubernetes with
// metagen's requirements (the release's own go.mod points at staging
// directories the module zip lacks), as the equivalence test does. The
// go command completes go.mod and go.sum for the packages here, untimed.
func kubernetesSource(ctx context.Context, root string) (string, error) {
	module, err := downloadModule(ctx, kubeapis.Module)
	if err != nil {
		return "", err
	}
	repoRoot, err := findRepoRoot(ctx)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, kubernetesSourceDir)
	fmt.Fprintf(os.Stderr, "copying the API packages of %s to %s\n", module, dir)
	for _, sub := range []string{"apis", "api", "features", "util"} {
		if err := copyTree(filepath.Join(module, "pkg", sub), filepath.Join(dir, "pkg", sub)); err != nil {
			return "", err
		}
	}
	mod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		return "", err
	}
	mod = bytes.Replace(mod, []byte("module github.com/metagen-dev/metagen"), []byte("module k8s.io/kubernetes"), 1)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		return "", err
	}
	if err := copyFile(filepath.Join(repoRoot, "go.sum"), filepath.Join(dir, "go.sum")); err != nil {
		return "", err
	}
	args := append([]string{"list", "-mod=mod", "-deps", "-test=false"}, kubeapis.Packages(dir, kubeapis.Groups)...)
	if _, err := runQuiet(ctx, dir, goEnv(), "go", args...); err != nil {
		return "", err
	}
	return dir, nil
}

// prepareConversion selects the packages, removes upstream's conversion and
// defaults files from them, adds the marker that stands for conversion-gen's
// --extra-peer-dirs, and returns how many conversion files upstream ships.
func prepareConversion(_ context.Context, ws *workspace) (int, error) {
	for _, pattern := range kubeapis.Packages(ws.apiDir, kubeapis.Groups) {
		ws.packages = append(ws.packages, strings.TrimPrefix(pattern, "./"))
	}
	conversions := 0
	for _, pkg := range ws.packages {
		for _, name := range kubeapis.GeneratedFiles {
			path := filepath.Join(ws.apiDir, pkg, name)
			_, err := os.Stat(path)
			if err == nil {
				err = ws.discard(path)
			}
			if err == nil && name == conversionOutputFile {
				conversions++
			} else if err != nil && !os.IsNotExist(err) {
				return 0, err
			}
		}
	}
	return conversions, kubeapis.AddExtraPeers(ws.apiDir, ws.packageArgs())
}

// prepareConversionAnchors installs the three tools and runs them in one
// shell, with the flags hack/update-codegen.sh passes, so the measured cost
// is their sum.
func prepareConversionAnchors(ctx context.Context, cfg config, ws *workspace) (tool, bool, error) {
	bins, err := anchors.Install(ctx, os.Stderr, cfg.codeGeneratorVersion,
		"k8s.io/code-generator/cmd/defaulter-gen", "k8s.io/code-generator/cmd/conversion-gen",
		"k8s.io/code-generator/cmd/prerelease-lifecycle-gen")
	if err != nil {
		return tool{}, false, err
	}
	packages := ws.packageArgs()
	header := []string{"--go-header-file", ws.headerFile}
	commands := [][]string{
		append(append([]string{bins["prerelease-lifecycle-gen"], "--output-file", "zz_generated.prerelease-lifecycle.go"}, header...), packages...),
		append(append([]string{bins["defaulter-gen"], "--output-file", "zz_generated.defaults.go"}, header...), packages...),
		append(append([]string{bins["conversion-gen"], "--output-file", conversionOutputFile, "--extra-peer-dirs", kubeapis.ExtraPeers}, header...), packages...),
	}
	var script []string
	for _, c := range commands {
		script = append(script, shellQuote(c))
	}
	return tool{name: toolConversionAnchors, version: cfg.codeGeneratorVersion, bin: "/bin/sh", args: []string{"-ec", strings.Join(script, "\n")}}, true, nil
}
