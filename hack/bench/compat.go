//go:build linux

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// The compat suite: "metagen compat" of all of k8s.io/api at two versions
// (the copy at -api-version against compatOldAPIVersion) side by side with
// one "metagen generate -g openapi" of the copy. compat loads both versions
// and expands every kind's schema; the goal is to cost no more than one
// OpenAPI generation.
const (
	toolMetagenOpenAPI  = "metagen-openapi"
	compatOldAPIVersion = "v0.36.6"
	// compatOldDir is where the old version is copied, beside the copy
	// (tools run in ws.apiDir, so the argument is relative to it).
	compatOldDir = "old-api"
)

func init() {
	suites["compat"] = suite{
		name:        "compat",
		tools:       []string{toolMetagen, toolMetagenOpenAPI},
		outputFile:  openAPIOutputFile,
		metagenArgs: "compat --old ../" + compatOldDir + " ./...",
		prepare:     prepareCompat,
		ratioPairs:  [][2]string{{toolMetagen, toolMetagenOpenAPI}},
		target:      toolMetagenOpenAPI,
		targetRatio: 1,
		// compat writes nothing, and exits 1: k8s.io/api has breaking
		// changes between the two versions (in alpha versions and fields).
		readOnly:   map[string]bool{toolMetagen: true},
		acceptExit: map[string]int{toolMetagen: 1},
	}
}

// prepareCompat marks the copy for the OpenAPI generator, as the openapi
// suite does, and puts the old version beside it with its dependencies.
func prepareCompat(ctx context.Context, ws *workspace) (int, error) {
	count, err := markOpenAPICompatible(ctx, ws)
	if err != nil {
		return 0, err
	}
	source, err := downloadModule(ctx, "k8s.io/api@"+compatOldAPIVersion)
	if err != nil {
		return 0, err
	}
	old := filepath.Join(ws.root, compatOldDir)
	fmt.Fprintf(os.Stderr, "copying %s to %s\n", source, old)
	if err := copyTree(source, old); err != nil {
		return 0, err
	}
	if _, err := runQuiet(ctx, old, goEnv(), "go", "mod", "download"); err != nil {
		return 0, err
	}
	return count, nil
}

// prepareMetagenOpenAPI is the same metagen binary generating OpenAPI.
func prepareMetagenOpenAPI(ctx context.Context, cfg config, repoRoot string, ws *workspace) (tool, bool, error) {
	t, ok, err := prepareMetagen(ctx, cfg, repoRoot, ws)
	t.name = toolMetagenOpenAPI
	t.args = expandArgs([]string{"generate", "-g", "openapi", "--header-file", "{header}", "./..."}, ws)
	return t, ok, err
}
