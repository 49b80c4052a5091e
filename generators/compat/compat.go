// Package compat compares two revisions of an API, loaded as metagen loads
// any input, and classifies each change by the Kubernetes API change rules
// (api_changes.md) and by what kube-apiserver 1.37 does with it.
//
// Each revision becomes a snapshot: every kind of every +groupName package
// (as the Kubernetes layer sees one, kube.IsKind: a root type where
// +genclient, +kubebuilder:object:root or +metagen:crd decides, as for the
// crd and client generators, else a struct with TypeMeta and ObjectMeta)
// with its structural schema, built by
// openapi.Expand exactly as the crd generator builds a CRD's — so fields,
// JSON names and types, required fields, defaults, enums, bounds, patterns
// and formats, CEL rules (+k8s:immutable among them), list and map types and
// pruning all come from the markers the generators already resolve — and
// what the schema cannot say: served, storage and deprecated versions, scope,
// printer columns, conversion interfaces and +k8s:update rules.
//
// Kinds are matched by group, version and name, their schemas node by node.
// Breaking: a served version or kind removed, a field removed or its JSON
// name or type changed, optional to required, a new required field without
// a default, an enum value removed or an enum added, bounds tightened,
// patterns and formats added or changed, a new CEL rule without oldSelf,
// list/map/struct types changed, immutability added, a default changed or
// removed, the storage version moved without a conversion path, a
// printer column gone, the scope changed, nullable or
// x-kubernetes-preserve-unknown-fields removed. Compatible but worth saying:
// new kinds, versions, optional fields, printer columns and enum values,
// loosened validation, transition rules, defaults added (stored objects
// read back with them), deprecations.
//
// Tightened validation says whether existing objects survive updates under
// kube-apiserver 1.37's validation ratcheting: an error on a value equal to
// the old one is dropped where old and new correlate (object fields, map
// values, listType=map items); items of atomic and set lists ratchet only
// with the whole list, and transition rules not at all.
package compat

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/load"
)

// Options say what to compare.
type Options struct {
	// Dir is where patterns are resolved in the new revision; "" is the
	// current directory.
	Dir      string
	Patterns []string
	// OldDir is the root of the old revision's module (a copy of it).
	OldDir string
	// Against is a git revision of the new revision's repository; its
	// module is extracted with git archive into a temporary directory.
	Against string
	// OldModule is a published version, path@version, fetched through the
	// Go module proxy and copied out of the module cache into a temporary
	// directory.
	OldModule  string
	BuildFlags []string
}

// Result is what Run found.
type Result struct {
	Findings []Finding
	// NewRoot and OldRoot are the module roots of the two revisions;
	// OldLabel names the old one in output (the REF, or OldDir).
	NewRoot, OldRoot, OldLabel string
	// Skipped are the kinds left out, with why: a schema that could not be
	// built in either revision.
	Skipped []Skipped
}

// Skipped is a kind that was not compared.
type Skipped struct {
	Kind   string
	Pos    token.Position
	Reason string
}

// Breaking reports whether any finding breaks clients or stored objects.
func (r *Result) Breaking() bool {
	for _, f := range r.Findings {
		if f.Breaking {
			return true
		}
	}
	return false
}

// Run loads both revisions (in parallel), snapshots them and compares.
func Run(opts Options) (*Result, error) {
	if given := btoi(opts.OldDir != "") + btoi(opts.Against != "") + btoi(opts.OldModule != ""); given != 1 {
		return nil, errors.New("compat needs exactly one of --against REF, --old DIR and --old-module PATH@VERSION")
	}
	dir, err := filepath.Abs(orDot(opts.Dir))
	if err != nil {
		return nil, err
	}
	newRoot, err := moduleRoot(dir)
	if err != nil {
		return nil, err
	}
	rel, _ := filepath.Rel(newRoot, dir)
	res := &Result{NewRoot: newRoot}
	switch {
	case opts.Against != "" || opts.OldModule != "":
		tmp, err := os.MkdirTemp("", "metagen-compat-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		if opts.Against != "" {
			res.OldLabel = opts.Against
			res.OldRoot, err = extract(newRoot, opts.Against, tmp)
		} else {
			res.OldLabel = opts.OldModule
			res.OldRoot, err = fetchModule(opts.OldModule, tmp)
		}
		if err != nil {
			return nil, err
		}
	default:
		if res.OldRoot, err = filepath.Abs(opts.OldDir); err != nil {
			return nil, err
		}
		if _, err := os.Stat(filepath.Join(res.OldRoot, "go.mod")); err != nil {
			return nil, fmt.Errorf("--old %s: not a module root (no go.mod)", opts.OldDir)
		}
		res.OldLabel = opts.OldDir
	}
	var oldAPI, newAPI *API
	var oldErr, newErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		oldAPI, oldErr = snapshotAt(filepath.Join(res.OldRoot, rel), opts)
	}()
	newAPI, newErr = snapshotAt(dir, opts)
	wg.Wait()
	if newErr != nil {
		return nil, newErr
	}
	if oldErr != nil {
		return nil, res.oldRevisionError(opts.Against != "" || opts.OldModule != "", oldErr)
	}
	res.Findings = Compare(oldAPI, newAPI)
	res.Skipped = skipped(oldAPI, newAPI)
	if opts.Against != "" || opts.OldModule != "" {
		res.relabelOld() // the temporary tree is about to go
	}
	return res, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fetchModule downloads path@version through the Go module proxy (run
// outside any module, so no go.mod changes) and copies it out of the
// read-only module cache into tmp, where it can be loaded as a main module.
func fetchModule(module, tmp string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir = tmp
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jsonErr := json.Unmarshal(out, &info); jsonErr != nil || info.Dir == "" {
		if info.Error == "" && err != nil {
			info.Error = err.Error()
		}
		return "", fmt.Errorf("--old-module %s: %s", module, info.Error)
	}
	root := filepath.Join(tmp, "module")
	return root, os.CopyFS(root, os.DirFS(info.Dir)) // files come out writable (0o666 less umask)
}

func orDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// snapshotAt loads the packages without the files no snapshot reads; a load
// that fails so (a hand-written interface check on a method of a skipped
// file, say) is run again in full, so the skip never changes what compat
// reports. The load lists a plain module's packages itself: one go command
// per revision (the imports' export data), started at once.
func snapshotAt(dir string, opts Options) (*API, error) {
	full := load.Options{Dir: dir, Patterns: opts.Patterns, BuildFlags: opts.BuildFlags, ListInProcess: true}
	lean := full
	lean.SkipFile = unreadFile
	universe, err := load.Load(lean)
	if err != nil {
		universe, err = load.Load(full)
	}
	if err != nil {
		return nil, err
	}
	return Snapshot(universe), nil
}

// skipped lists the kinds either revision could not describe, once each,
// at the first problem of their schema.
func skipped(old, new *API) []Skipped {
	var out []Skipped
	seen := map[string]bool{}
	for _, api := range []*API{new, old} {
		for _, k := range api.Kinds {
			if k.Err == nil || seen[kindKey(k)] {
				continue
			}
			seen[kindKey(k)] = true
			s := Skipped{Kind: k.String(), Pos: k.Type.Pos, Reason: k.Err.Error()}
			if errs := diag.Unwrap(k.Err); len(errs) > 0 {
				var d *diag.Error
				if errors.As(errs[0], &d) {
					s.Pos, s.Reason = d.Pos, d.Msg
				}
			}
			out = append(out, s)
		}
	}
	return out
}

// moduleRoot walks up to the directory holding go.mod.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is not inside a Go module", dir)
		}
	}
}

// extract writes the module at ref into tmp with git archive, which only
// reads the repository (no worktree, no index, nothing written into it),
// and returns the old module's root in tmp.
func extract(moduleDir, ref, tmp string) (string, error) {
	prefix, err := git(moduleDir, "rev-parse", "--show-prefix")
	if err != nil {
		return "", fmt.Errorf("--against %s: %s is not in a git repository: %v", ref, moduleDir, err)
	}
	prefix = strings.TrimSpace(prefix)
	if _, err := git(moduleDir, "rev-parse", "--verify", "--quiet", ref+"^{commit}"); err != nil {
		return "", fmt.Errorf("--against %s: no such git revision", ref)
	}
	cmd := exec.Command("git", "archive", "--format=tar", ref, "--", ".")
	cmd.Dir = moduleDir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	untarErr := untar(out, tmp)
	if err := cmd.Wait(); err != nil {
		return "", fmt.Errorf("git archive %s: %v: %s", ref, err, strings.TrimSpace(stderr.String()))
	}
	if untarErr != nil {
		return "", untarErr
	}
	root := filepath.Join(tmp, filepath.FromSlash(prefix))
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return "", fmt.Errorf("--against %s: the module has no go.mod at that revision", ref)
	}
	return root, nil
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	return string(out), err
}

// untar writes a tar stream's regular files and directories under dir;
// git archive run in a subdirectory keeps the paths of the whole repository.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(target, dir+string(filepath.Separator)) {
			continue // outside: never written
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}

// relabelOld names old positions "REF:path" relative to the module root.
func (r *Result) relabelOld() {
	for i := range r.Findings {
		r.relabel(&r.Findings[i].Old)
	}
	for i := range r.Skipped {
		r.relabel(&r.Skipped[i].Pos)
	}
}

func (r *Result) relabel(pos *token.Position) {
	if rel, err := filepath.Rel(r.OldRoot, pos.Filename); pos.IsValid() && err == nil && !strings.HasPrefix(rel, "..") {
		pos.Filename = r.OldLabel + ":" + filepath.ToSlash(rel)
	}
}

// oldRevisionError says that the old revision failed to load, each
// problem at its position there ("REF:path" for a git revision, whose
// temporary tree is about to go).
func (r *Result) oldRevisionError(fromGit bool, err error) error {
	var out []error
	for _, e := range diag.Unwrap(err) {
		var d *diag.Error
		if errors.As(e, &d) && d.Pos.IsValid() {
			pos := d.Pos
			if fromGit {
				r.relabel(&pos)
			}
			e = &diag.Error{Pos: pos, Msg: "in the old revision: " + d.Msg}
		} else {
			e = fmt.Errorf("the old revision (%s): %w", r.OldLabel, e)
		}
		out = append(out, e)
	}
	return errors.Join(out...)
}
