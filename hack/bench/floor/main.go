// Command floor is the lower bound the "all" suite of hack/bench holds
// metagen's generators against: go list of the input packages, their outside
// imports from export data (one go list -export -deps), and one type check of
// the inputs from source, with comments, on all cores. No generator does less
// and still reads the types; everything metagen spends beyond this is its own.
//
//	go run ./hack/bench/floor [patterns]   # in the module to load; ./... by default
//
// With -deps (the compile suite's floor) it type-checks from source every
// package the patterns link, the standard library too, as a build with an
// empty build cache must: one go list -deps, then go/types on all cores.
// A compiler does no less before it generates code.
//
//	go run ./hack/bench/floor -deps ./cmd/metagen
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"sort"
	"sync"

	"golang.org/x/tools/go/packages"
)

func main() {
	patterns := os.Args[1:]
	deps := len(patterns) > 0 && patterns[0] == "-deps"
	if deps {
		patterns = patterns[1:]
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	run := run
	if deps {
		run = runDeps
	}
	n, err := run(patterns)
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
	fmt.Printf("type-checked %d packages\n", n)
}

func run(patterns []string) (int, error) {
	roots, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports}, patterns...)
	if err != nil {
		return 0, err
	}
	isRoot := map[string]*packages.Package{}
	for _, p := range roots {
		isRoot[p.PkgPath] = p
	}
	var outside []string
	seen := map[string]bool{}
	for _, p := range roots {
		for path := range p.Imports {
			if isRoot[path] == nil && !seen[path] && path != "unsafe" {
				seen[path] = true
				outside = append(outside, path)
			}
		}
	}
	sort.Strings(outside)
	fset := token.NewFileSet()
	deps, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports, Fset: fset}, outside...)
	if err != nil {
		return 0, err
	}
	typed := map[string]*types.Package{"unsafe": types.Unsafe}
	for _, d := range deps {
		typed[d.PkgPath] = d.Types
	}
	// One goroutine per input package, each waiting for the inputs it imports.
	done := map[string]chan struct{}{}
	for _, p := range roots {
		done[p.PkgPath] = make(chan struct{})
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, p := range roots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[p.PkgPath])
			for path := range p.Imports {
				if ch := done[path]; ch != nil {
					<-ch
				}
			}
			var files []*ast.File
			for _, name := range p.GoFiles {
				f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
				if err == nil {
					files = append(files, f)
				}
			}
			conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
				mu.Lock()
				defer mu.Unlock()
				if t := typed[path]; t != nil {
					return t, nil
				}
				return nil, fmt.Errorf("%s not loaded", path)
			}), Error: func(error) {}} // the tree lacks its generated code
			info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
			pkg, _ := conf.Check(p.PkgPath, fset, files, info)
			mu.Lock()
			typed[p.PkgPath] = pkg
			mu.Unlock()
		}()
	}
	wg.Wait()
	return len(roots), nil
}

// runDeps type-checks every package patterns depend on from source.
func runDeps(patterns []string) (int, error) {
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
		packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax
	roots, err := packages.Load(&packages.Config{Mode: mode}, patterns...)
	if err != nil {
		return 0, err
	}
	n, failed := 0, 0
	packages.Visit(roots, nil, func(p *packages.Package) {
		n++
		if len(p.TypeErrors) > 0 {
			failed++
		}
	})
	if failed > 0 {
		return n, fmt.Errorf("%d of %d packages did not type-check", failed, n)
	}
	return n, nil
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
