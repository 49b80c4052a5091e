//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// The compile suite (issue 36): the first thing a newcomer's go generate
// and every uncached CI job pay for, building the tool. go build of
// ./cmd/metagen (a copy of the checkout) and of controller-gen v0.23.0 (in its own module, as go
// install builds it), each with an empty build cache (GOCACHE a new
// directory every run, kept until the end; the modules already
// downloaded), side by side; the
// packages each links beside them; and the floor: go list of metagen's
// package graph and a type check of every package in it from source
// (hack/bench/floor -deps), which no compile of it can skip.
func init() {
	suites["compile"] = suite{
		name:  "compile",
		tools: []string{toolMetagen, toolControllerGen, toolFloor},
		ratioPairs: [][2]string{
			{toolMetagen, toolControllerGen}, {toolMetagen, toolFloor}, {toolControllerGen, toolFloor},
		},
		target:      toolControllerGen,
		targetRatio: 1,
	}
}

// runCompile is run for the compile suite.
func runCompile(ctx context.Context, cfg config, repoRoot string) (err error) {
	work, err := os.MkdirTemp("", "bench-compile-")
	if err != nil {
		return err
	}
	defer func() {
		if cfg.keep || err != nil {
			fmt.Fprintln(os.Stderr, "work directory kept:", work)
			return
		}
		os.RemoveAll(work)
	}()
	// controller-gen's module from the module cache (downloaded if need be:
	// not timed), built there as go install would.
	out, err := runQuiet(ctx, repoRoot, goEnv(), "go", "mod", "download", "-json", "sigs.k8s.io/controller-tools@"+cfg.controllerGenVersion)
	if err != nil {
		return err
	}
	var module struct{ Dir string }
	if err := json.Unmarshal([]byte(out), &module); err != nil || module.Dir == "" {
		return fmt.Errorf("go mod download sigs.k8s.io/controller-tools@%s: no directory (%v)", cfg.controllerGenVersion, err)
	}
	if _, err := runQuiet(ctx, module.Dir, goEnv(), "go", "mod", "download"); err != nil {
		return err
	}
	// metagen is built from a copy of the checkout made now, so that
	// editing it while the suite runs (minutes) changes no run.
	src := filepath.Join(work, "metagen-src")
	if err := snapshotCheckout(repoRoot, src); err != nil {
		return err
	}
	floor := filepath.Join(work, "bin", "floor")
	if _, err := runQuiet(ctx, repoRoot, nil, "go", "build", "-o", floor, "./hack/bench/floor"); err != nil {
		return err
	}
	type row struct {
		tool tool
		dir  string
		pkg  string // what it links, for go list -deps
	}
	var rows []row
	for _, name := range cfg.tools {
		switch name {
		case toolMetagen:
			rows = append(rows, row{tool{name: name, version: repoRevision(ctx, repoRoot), bin: "go",
				args: []string{"build", "-o", filepath.Join(work, "bin", "metagen"), "./cmd/metagen"}}, src, "./cmd/metagen"})
		case toolControllerGen:
			rows = append(rows, row{tool{name: name, version: cfg.controllerGenVersion, bin: "go",
				args: []string{"build", "-o", filepath.Join(work, "bin", "controller-gen"), "./cmd/controller-gen"}}, module.Dir, "./cmd/controller-gen"})
		case toolFloor:
			rows = append(rows, row{tool{name: name, version: "go list + go/types of metagen's graph", bin: floor,
				args: []string{"-deps", "./cmd/metagen"}}, src, "./cmd/metagen"})
		default:
			return fmt.Errorf("the compile suite runs %s, not %s", strings.Join(cfg.suite.tools, ", "), name)
		}
	}

	fmt.Printf("machine:    %s, %d CPUs, Linux %s\n", cpuModel(), runtime.NumCPU(), readTrimmed("/proc/sys/kernel/osrelease"))
	fmt.Printf("runs:       %d timed per tool, interleaved, each with an empty GOCACHE (no warm-up: a warm cache is what it measures without)\n", cfg.runs)
	var tools []tool
	for _, r := range rows {
		list, err := runQuiet(ctx, r.dir, goEnv(), "go", "list", "-deps", r.pkg)
		if err != nil {
			return err
		}
		linked := len(strings.Fields(list))
		r.tool.version += fmt.Sprintf(", %d packages", linked)
		fmt.Printf("%-22s %s  (in %s; %s)\n", r.tool.name+":", r.tool.commandLine(), r.dir, r.tool.version)
		tools = append(tools, r.tool)
	}
	fmt.Printf("load avg:   %s (before the first run)\n", loadAverage())
	results := map[string][]measurement{}
	for i := 1; i <= cfg.runs; i++ {
		for j, r := range rows {
			t := tools[j]
			cache := filepath.Join(work, fmt.Sprintf("gocache-%s-%d", t.name, i))
			t.env = []string{"GOCACHE=" + cache}
			fmt.Fprintf(os.Stderr, "run %d/%d  %-22s ", i, cfg.runs, t.name)
			m, _, err := runMeasured(ctx, &workspace{root: work, apiDir: r.dir, suite: cfg.suite}, t)
			if err != nil {
				fmt.Fprintln(os.Stderr, "FAILED")
				return err
			}
			fmt.Fprintf(os.Stderr, "wall %s  cpu %s  (load %s)\n", formatSeconds(m.wall), formatSeconds(m.cpu), loadAverage())
			results[t.name] = append(results[t.name], m)
			// The cache stays until the end (see discard in workspace.go:
			// deleting thousands of files slows the creates that follow).
		}
	}
	printReport(os.Stdout, cfg.suite, tools, results)
	return nil
}

// snapshotCheckout copies the checkout at root to dst, without .git.
func snapshotCheckout(root, dst string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == ".git" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil // a worktree's .git file
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, target)
	})
}
