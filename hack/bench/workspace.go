//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// boilerplate is the license header the anchors prepend (the same text as
// Kubernetes' hack/boilerplate/boilerplate.go.txt, year fixed so that no tool
// has to substitute it).
const boilerplate = `/*
Copyright The Kubernetes Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

`

// workspace is a writable copy of k8s.io/api without its generated deepcopy
// files, plus a record of that pristine state so it can be restored before
// every run.
type workspace struct {
	root       string // temp dir holding everything below
	apiDir     string // the writable k8s.io/api copy the tools run in
	headerFile string // outside apiDir so it is never mistaken for output
	sourceDir  string // read-only module cache dir, used to restore edited files
	// suite is what the tools generate.
	suite suite
	// upstreamOutputs is how many output files the release ships (deepcopy)
	// or how many packages opt in (openapi); a tool that writes a different
	// number is reported.
	upstreamOutputs int
	pristine        map[string]fileStamp
	// packages are the directories (relative to apiDir) of the packages the
	// suite generates for, when it names them (validation); empty means
	// ./... or whatever the tools' arguments say.
	packages []string
}

// packageArgs returns the packages as relative patterns, ./<dir> each.
func (ws *workspace) packageArgs() []string {
	args := make([]string, len(ws.packages))
	for i, p := range ws.packages {
		args[i] = "./" + p
	}
	return args
}

type fileStamp struct {
	isDir   bool
	size    int64
	modTime time.Time
}

// treeChanges is what a tool did to the pristine tree.
type treeChanges struct {
	added    []string // relative paths of new files and directories
	modified []string // relative paths of pristine files that changed
}

func newWorkspace(ctx context.Context, apiVersion string, s suite, packages []string) (*workspace, error) {
	root, err := os.MkdirTemp("", "metagen-bench-")
	if err != nil {
		return nil, err
	}
	var source string
	if s.source != nil {
		source, err = s.source(ctx, root)
	} else {
		source, err = downloadModule(ctx, "k8s.io/api@"+apiVersion)
	}
	if err != nil {
		os.RemoveAll(root)
		return nil, err
	}
	ws := &workspace{
		root:       root,
		apiDir:     filepath.Join(root, "api"),
		headerFile: filepath.Join(root, "boilerplate.go.txt"),
		sourceDir:  source,
		suite:      s,
		packages:   packages,
	}
	if err := ws.populate(ctx); err != nil {
		os.RemoveAll(root)
		return nil, err
	}
	return ws, nil
}

func (ws *workspace) populate(ctx context.Context) error {
	fmt.Fprintf(os.Stderr, "copying %s to %s\n", ws.sourceDir, ws.apiDir)
	if err := copyTree(ws.sourceDir, ws.apiDir); err != nil {
		return err
	}
	if err := os.WriteFile(ws.headerFile, []byte(boilerplate), 0o644); err != nil {
		return err
	}
	upstream, err := ws.suite.prepare(ctx, ws)
	if err != nil {
		return err
	}
	ws.upstreamOutputs = upstream
	// The tools load packages through `go list`; fetch dependencies now so
	// no timed run pays for the network.
	if _, err := runQuiet(ctx, ws.apiDir, goEnv(), "go", "mod", "download"); err != nil {
		return err
	}
	ws.pristine, err = snapshot(ws.apiDir)
	return err
}

// goEnv is the extra environment for every go command run in the copy: a
// go.work from the caller's surroundings must not pull in other modules.
func goEnv() []string { return []string{"GOWORK=off"} }

func downloadModule(ctx context.Context, modVersion string) (string, error) {
	out, err := runQuiet(ctx, os.TempDir(), goEnv(), "go", "mod", "download", "-json", modVersion)
	if err != nil {
		return "", err
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal([]byte(out), &info); err != nil {
		return "", fmt.Errorf("go mod download -json %s: %w", modVersion, err)
	}
	if info.Error != "" || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s", modVersion, info.Error)
	}
	return info.Dir, nil
}

// copyTree copies src to dst with writable permissions (the module cache is
// read-only, and the tools must write into the copy).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return copyFile(path, target)
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func removeFilesNamed(dir, name string) (int, error) {
	removed := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != name {
			return err
		}
		removed++
		return os.Remove(path)
	})
	return removed, err
}

func snapshot(dir string) (map[string]fileStamp, error) {
	stamps := map[string]fileStamp{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		stamps[rel] = fileStamp{isDir: d.IsDir(), size: info.Size(), modTime: info.ModTime()}
		return nil
	})
	return stamps, err
}

// changes compares the tree with the pristine snapshot.
func (ws *workspace) changes() (treeChanges, error) {
	current, err := snapshot(ws.apiDir)
	if err != nil {
		return treeChanges{}, err
	}
	var ch treeChanges
	for rel, stamp := range current {
		before, existed := ws.pristine[rel]
		switch {
		case !existed:
			ch.added = append(ch.added, rel)
		case !stamp.isDir && stamp != before:
			ch.modified = append(ch.modified, rel)
		}
	}
	return ch, nil
}

// reset deletes everything a tool added and restores anything it edited,
// so each run starts from the same tree.
func (ws *workspace) reset() error {
	ch, err := ws.changes()
	if err != nil {
		return err
	}
	for _, rel := range ch.added {
		if err := os.RemoveAll(filepath.Join(ws.apiDir, rel)); err != nil {
			return err
		}
	}
	for _, rel := range ch.modified {
		if err := ws.restore(rel); err != nil {
			return err
		}
	}
	return nil
}

// restore puts back one edited file, keeping its pristine stamp valid.
func (ws *workspace) restore(rel string) error {
	target := filepath.Join(ws.apiDir, rel)
	if err := copyFile(filepath.Join(ws.sourceDir, rel), target); err != nil {
		return err
	}
	info, err := os.Stat(target)
	if err != nil {
		return err
	}
	ws.pristine[rel] = fileStamp{size: info.Size(), modTime: info.ModTime()}
	return nil
}

// countNamed counts the added paths whose base name is name.
func countNamed(paths []string, name string) int {
	n := 0
	for _, p := range paths {
		if filepath.Base(p) == name {
			n++
		}
	}
	return n
}
