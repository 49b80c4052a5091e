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
	"slices"
	"sort"
	"strings"
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
	// discarded counts the paths discard moved aside.
	discarded int
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

// discardFilesNamed moves every file called name out of the copy (see
// discard).
func (ws *workspace) discardFilesNamed(name string) (int, error) {
	var found []string
	err := filepath.WalkDir(ws.apiDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != name {
			return err
		}
		found = append(found, path)
		return nil
	})
	for _, path := range found {
		if err == nil {
			err = ws.discard(path)
		}
	}
	return len(found), err
}

// discard moves path out of the copy, into a directory of the workspace
// that is deleted with it at the end, instead of deleting it. On a
// filesystem without a journal (ext4 as these machines mount it), the
// kernel's inode allocator skips inodes freed in the last 60 to 360 seconds
// (ext4 find_inode_bit → recently_deleted), scanning past each of them for
// every file created: deleting a tool's 2,000 files before the next run made
// that run's creates quadratic (perf: 30% of a metagen run's samples in
// ext4_create → recently_deleted, its write phase 0.2 s → 2.6 s, growing
// with every round). A rename frees no inode, so every run creates its files
// as on a fresh checkout, whatever the runs before it did.
func (ws *workspace) discard(path string) error {
	ws.discarded++
	dir := filepath.Join(ws.root, "discarded", fmt.Sprint(ws.discarded))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.Rename(path, filepath.Join(dir, filepath.Base(path)))
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

// reset moves everything a tool added out of the copy (discard: not
// deleted, so that no run pays for the files the one before it wrote) and
// restores anything it edited, so each run starts from the same tree.
func (ws *workspace) reset() error {
	ch, err := ws.changes()
	if err != nil {
		return err
	}
	sort.Strings(ch.added) // a directory before what it holds
	var moved []string
	for _, rel := range ch.added {
		if slices.ContainsFunc(moved, func(dir string) bool { return strings.HasPrefix(rel, dir+string(filepath.Separator)) }) {
			continue // went with its directory
		}
		if err := ws.discard(filepath.Join(ws.apiDir, rel)); err != nil {
			return err
		}
		moved = append(moved, rel)
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

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
