package gofile

import (
	"os"
	"path/filepath"

	"github.com/metagen-dev/metagen/generators/load"
)

// insideChecker is load.InsideModule for the many paths of one plan: the
// module directory is resolved once and each directory once, where
// InsideModule walks every path from the root (on k8s.io/api's 2,300 output
// files that was ~68,000 lstat calls, most of them failing on files not yet
// written). Nothing is written while a plan is computed, so the cache stays
// true for it.
type insideChecker struct {
	module string            // the module directory, resolved
	dirs   map[string]string // directory -> load.ResolvePath of it
}

func newInsideChecker(moduleDir string) *insideChecker {
	return &insideChecker{module: load.ResolvePath(moduleDir), dirs: map[string]string{}}
}

// check returns where path really leads and whether that is inside the
// module, as load.InsideModule does: a path that is itself a symlink is
// resolved in full, any other is its resolved directory and its name.
func (c *insideChecker) check(path string) (resolved string, inside bool) {
	path = filepath.Clean(path)
	dir := filepath.Dir(path)
	resolvedDir, ok := c.dirs[dir]
	if !ok {
		resolvedDir = load.ResolvePath(dir)
		c.dirs[dir] = resolvedDir
	}
	resolved = filepath.Join(resolvedDir, filepath.Base(path))
	if info, err := os.Lstat(path); err == nil && info.Mode()&os.ModeSymlink != 0 {
		resolved = load.ResolvePath(path)
	}
	return resolved, load.InsideResolved(c.module, resolved)
}
