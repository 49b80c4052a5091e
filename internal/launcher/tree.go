package launcher

import (
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// statTree writes to h the name, size and modification time of every file of
// the module (or vendor directory) in dir that a build of its packages can
// read: all but test files and what the go command leaves out of packages
// (testdata, directories named with a leading . or _, nested modules, and a
// vendor directory, which only a main module's build reads: it is a tree of
// its own then). A missing dir writes nothing.
func statTree(h hash.Hash, dir string) error {
	dir, err := filepath.EvalSymlinks(dir) // a root that is a link is walked too
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path == dir {
				return nil
			}
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if strings.HasSuffix(name, "_test.go") {
			return nil
		}
		info, err := os.Stat(path) // through a symbolic link
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(h, "dangling %s\n", path)
			return nil
		} else if err != nil {
			return err
		}
		if info.Mode().IsRegular() {
			fmt.Fprintf(h, "stat %s %d %d\n", path, info.Size(), info.ModTime().UnixNano())
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
