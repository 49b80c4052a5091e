package model

import (
	"go/ast"
	"runtime"
	"strings"
	"sync"

	"github.com/metagen-dev/metagen/generators/markers"
)

// packageCommentsRun is one parse of every input file's package-level
// comments for one set of names.
type packageCommentsRun struct {
	once  sync.Once
	files map[*ast.File]*markers.PackageComments
}

// PackageComments returns the package-level comments of every file of the
// input packages (markers.ParsePackageComments: the markers controller-tools
// reads as package markers, and those misplaced in doc comments) parsed for
// names: once per run and set of names, on all cores, the first time it is
// asked, so that the manifest generators (rbac, webhook), which read every
// file, share one parse.
func (c *Comments) PackageComments(names ...string) map[*ast.File]*markers.PackageComments {
	key := strings.Join(names, "\x00")
	c.mu.Lock()
	run := c.packageComments[key]
	if run == nil {
		run = &packageCommentsRun{}
		c.packageComments[key] = run
	}
	c.mu.Unlock()
	run.once.Do(func() { run.files = c.parsePackageComments(c.inputFiles(), names) })
	return run.files
}

// inputFiles are the files of the input packages.
func (c *Comments) inputFiles() []*ast.File {
	c.mu.Lock()
	defer c.mu.Unlock()
	var files []*ast.File
	for _, pkg := range c.inputs {
		files = append(files, pkg.Syntax...)
	}
	return files
}

func (c *Comments) parsePackageComments(files []*ast.File, names []string) map[*ast.File]*markers.PackageComments {
	parsed := make([]*markers.PackageComments, len(files))
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), len(files))
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(files); i += workers {
				parsed[i] = markers.ParsePackageComments(c.fset, files[i], names...)
			}
		})
	}
	wg.Wait()
	out := make(map[*ast.File]*markers.PackageComments, len(files))
	for i, file := range files {
		out[file] = parsed[i]
	}
	return out
}
