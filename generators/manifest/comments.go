package manifest

import (
	"go/ast"
	"runtime"
	"sync"
	"weak"

	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// Markers are the markers of every manifest generator, which the shared
// parse reads; Groups parses anew for any other name.
var Markers = []string{markers.RBACMarker, markers.WebhookMarker, markers.WebhookConfigurationMarker}

// parsedRuns holds, per universe, the package-level markers of its files,
// parsed once for all manifest generators of the run (rbac and webhook
// each read every file's comments). Keyed weakly: an entry goes with its
// universe.
var parsedRuns sync.Map // weak.Pointer[model.Universe] → *parsedRun

type parsedRun struct {
	once  sync.Once
	files map[*ast.File]*markers.PackageComments
}

// packageComments are the parsed comments of every file of the universe,
// parsed on all cores the first time a generator of the run asks.
func packageComments(universe *model.Universe) map[*ast.File]*markers.PackageComments {
	key := weak.Make(universe)
	entry, loaded := parsedRuns.LoadOrStore(key, &parsedRun{})
	if !loaded {
		runtime.AddCleanup(universe, func(key weak.Pointer[model.Universe]) { parsedRuns.Delete(key) }, key)
	}
	run := entry.(*parsedRun)
	run.once.Do(func() { run.files = parseAll(universe) })
	return run.files
}

func parseAll(universe *model.Universe) map[*ast.File]*markers.PackageComments {
	var files []*ast.File
	for _, pkg := range universe.Packages {
		files = append(files, pkg.Syntax...)
	}
	parsed := make([]*markers.PackageComments, len(files))
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), len(files))
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(files); i += workers {
				parsed[i] = markers.ParsePackageComments(universe.Fset, files[i], Markers...)
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
