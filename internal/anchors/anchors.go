// Package anchors installs the upstream generators metagen is compared with
// (its "anchors"): the differential tests and hack/bench build them from the
// Go module proxy, and cache them once per version outside the repository so
// that every run, and every package's tests, reuse the same binaries.
package anchors

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

// Install returns the cached binary of each command package at version, by
// the command's base name, first installing the missing ones with one
// `go install`. The packages must all belong to the same module, as go
// install requires of several pkg@version arguments. When progress is not
// nil, Install says there what it installs before it does, as that takes a
// while.
func Install(ctx context.Context, progress io.Writer, version string, cmdPackages ...string) (map[string]string, error) {
	dir, err := cacheDir()
	if err != nil {
		return nil, err
	}
	bins := map[string]string{}
	var missing []string
	for _, pkg := range cmdPackages {
		name := path.Base(pkg)
		bins[name] = filepath.Join(dir, name+"-"+version)
		if _, err := os.Stat(bins[name]); err != nil {
			missing = append(missing, pkg)
		}
	}
	if len(missing) == 0 {
		return bins, nil
	}
	args := []string{"install"}
	for _, pkg := range missing {
		args = append(args, pkg+"@"+version)
	}
	if progress != nil {
		fmt.Fprintf(progress, "installing %s into %s\n", strings.Join(args[1:], " "), dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	// Into a private GOBIN, then renamed: an interrupted install never leaves
	// a half-written binary under the cached name, and concurrent installs
	// (test packages run in parallel) do not see each other's.
	gobin, err := os.MkdirTemp(dir, ".install-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(gobin)
	cmd := exec.CommandContext(ctx, "go", args...)
	// Outside any module and workspace, with the caller's GOFLAGS replaced:
	// only the command's own module decides what gets built.
	cmd.Dir, cmd.Env = gobin, append(os.Environ(), "GOBIN="+gobin, "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	for _, pkg := range missing {
		name := path.Base(pkg)
		if err := os.Rename(filepath.Join(gobin, name), bins[name]); err != nil {
			return nil, err
		}
	}
	return bins, nil
}

// cacheDir is ${XDG_CACHE_HOME:-$HOME/.cache}/metagen/bench/bin on Linux
// (named after hack/bench, which used it first).
func cacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "metagen", "bench", "bin"), nil
}
