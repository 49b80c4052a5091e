package load

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"sort"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/metagen-dev/metagen/generators/diag"
)

// checkedPackage is one input package after step 3.
type checkedPackage struct {
	list      *packages.Package
	syntax    []*ast.File // hand-written files, sorted by name
	generated []string    // our generated files, left out of the type check
	// skip is Options.SkipFile.
	skip func(src []byte) bool
	// outputOnly is set for a package made only of our generated files (a
	// generated clientset): it is checked from those files, errors ignored,
	// for the input packages that import it, and is not itself an input.
	outputOnly bool
	types      *types.Package
	info       *types.Info
	errs       []error
	done       chan struct{}
}

// typeCheck parses and type-checks the input packages from source, each as
// soon as the input packages it imports are done, on all cores. Results come
// back in the order of roots.
// Parsing overlaps with loading the imports, which it does not need. Roots
// not in needed (our output that no input imports) are only marked
// outputOnly: neither read nor checked. skip, if not nil, leaves out files
// whose content it reports unread (compat's lean load).
func typeCheck(fset *token.FileSet, roots, needed []*packages.Package, imports func() (map[string]*types.Package, error), skip func([]byte) bool) []*checkedPackage {
	checked := make([]*checkedPackage, len(roots))
	byPath := map[string]*checkedPackage{}
	for i, root := range roots {
		checked[i] = &checkedPackage{list: root, done: make(chan struct{}), skip: skip}
		byPath[root.PkgPath] = checked[i]
	}
	isNeeded := map[*packages.Package]bool{}
	for _, pkg := range needed {
		isNeeded[pkg] = true
	}
	cores := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, c := range checked {
		if !isNeeded[c.list] {
			c.outputOnly = true
			close(c.done)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(c.done)
			cores <- struct{}{}
			c.parse(fset)
			<-cores
			for _, imp := range c.list.Imports {
				if dep := byPath[imp.PkgPath]; dep != nil {
					<-dep.done // go list has already refused import cycles
				}
			}
			imported, err := imports()
			if err != nil {
				return // Load reports it
			}
			cores <- struct{}{}
			c.check(fset, byPath, imported)
			<-cores
		}()
	}
	wg.Wait()
	return checked
}

// parse reads the package's files with comments, leaving out ours.
func (c *checkedPackage) parse(fset *token.FileSet) {
	files := append([]string(nil), c.list.GoFiles...)
	sort.Strings(files)
	for _, filename := range files {
		src, err := os.ReadFile(filename)
		if err != nil {
			c.errs = append(c.errs, err)
			continue
		}
		if IsGenerated(src) {
			c.generated = append(c.generated, filename)
			continue
		}
		if c.skip != nil && c.skip(src) {
			continue
		}
		if isGeneratedByAnyTool(src) {
			// Other tools' output (protobuf marshalers, say) is mostly
			// function bodies, which nothing here reads.
			src = blankFuncBodies(src)
		}
		file, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
		c.errs = append(c.errs, syntaxErrors(err)...)
		if file != nil {
			dropFuncBodies(file)
			c.syntax = append(c.syntax, file)
		}
	}
	if len(c.syntax) == 0 && len(c.generated) > 0 && len(c.errs) == 0 {
		c.parseOutputOnly(fset)
	}
}

// neededInputs are the roots to parse and type-check, in their order: every
// package with a file of its own, and each package made only of our output
// (a generated clientset) that one of those imports, directly or through
// another. Our output that nothing imports (the clientset of an up-to-date
// tree) is left out: it is not an input, its type errors would be dropped,
// and its imports (client-go) would be loaded from export data for nothing.
// ours, when not nil, holds the import paths of the roots made only of our
// output, as the in-process listing found; otherwise onlyOurs reads each
// root's files.
func neededInputs(roots []*packages.Package, ours map[string]bool) []*packages.Package {
	byPath := map[string]*packages.Package{}
	for _, pkg := range roots {
		byPath[pkg.PkgPath] = pkg
	}
	wanted := map[*packages.Package]bool{}
	var visit func(pkg *packages.Package)
	visit = func(pkg *packages.Package) {
		if wanted[pkg] {
			return
		}
		wanted[pkg] = true
		for _, imp := range pkg.Imports {
			if dep := byPath[imp.PkgPath]; dep != nil {
				visit(dep)
			}
		}
	}
	for _, pkg := range roots {
		if ours != nil && !ours[pkg.PkgPath] || ours == nil && !onlyOurs(pkg) {
			visit(pkg)
		}
	}
	var needed []*packages.Package
	for _, pkg := range roots {
		if wanted[pkg] {
			needed = append(needed, pkg)
		}
	}
	return needed
}

// onlyOurs reports whether pkg has Go files and all of them carry our
// header, as parse would find (it reads until a file does not: for a
// hand-written package, usually the first). Only each file's header is
// read, through its package clause: all of it IsGenerated reads.
func onlyOurs(pkg *packages.Package) bool {
	files := append([]string(nil), pkg.GoFiles...)
	sort.Strings(files)
	for _, filename := range files {
		head, err := readHeader(filename)
		if err != nil || !IsGenerated(head) {
			return false // parse reports the error
		}
	}
	return len(files) > 0
}

// parseOutputOnly parses the generated files of a package that has no
// others. Stale output is expected there, so its errors are dropped.
func (c *checkedPackage) parseOutputOnly(fset *token.FileSet) {
	c.outputOnly = true
	for _, filename := range c.generated {
		file, _ := parser.ParseFile(fset, filename, nil, parser.ParseComments|parser.SkipObjectResolution)
		if file != nil {
			dropFuncBodies(file)
			c.syntax = append(c.syntax, file)
		}
	}
}

// dropFuncBodies frees the statements early: nothing downstream reads them,
// and they are most of a package's syntax tree. Each body becomes an empty
// block rather than nil, which the type checker refuses for func init.
func dropFuncBodies(file *ast.File) {
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
			fn.Body = &ast.BlockStmt{Lbrace: fn.Body.Lbrace, Rbrace: fn.Body.Rbrace}
		}
	}
}

func syntaxErrors(err error) []error {
	var list scanner.ErrorList
	if errors.As(err, &list) {
		var out []error
		for _, e := range list {
			out = append(out, &diag.Error{Pos: e.Pos, Msg: e.Msg})
		}
		return out
	}
	if err != nil {
		return []error{err}
	}
	return nil
}

// check type-checks the parsed files. Errors that only say our generated
// code is missing are expected and dropped.
func (c *checkedPackage) check(fset *token.FileSet, inputs map[string]*checkedPackage, imported map[string]*types.Package) {
	if len(c.errs) > 0 {
		return // syntax errors: type errors would only add noise
	}
	config := &types.Config{
		// Generators read declarations only; bodies are most of the work.
		IgnoreFuncBodies: true,
		GoVersion:        goVersion(c.list),
		Sizes:            types.SizesFor("gc", runtime.GOARCH),
		Importer:         importer(c.list, inputs, imported),
		Error: func(err error) {
			if c.outputOnly {
				return
			}
			var typeErr types.Error
			if errors.As(err, &typeErr) && mentionsGeneratedName(typeErr.Msg) {
				return
			}
			if typeErr.Fset != nil {
				err = &diag.Error{Pos: typeErr.Fset.Position(typeErr.Pos), Msg: typeErr.Msg}
			}
			c.errs = append(c.errs, err)
		},
	}
	c.info = &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	c.types, _ = config.Check(c.list.PkgPath, fset, c.syntax, c.info)
}

func goVersion(pkg *packages.Package) string {
	if pkg.Module != nil && pkg.Module.GoVersion != "" {
		return "go" + pkg.Module.GoVersion
	}
	return ""
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// importer resolves an import of pkg: another input package's checked types,
// or an outside package's types from export data.
func importer(pkg *packages.Package, inputs map[string]*checkedPackage, imported map[string]*types.Package) types.Importer {
	return importerFunc(func(path string) (*types.Package, error) {
		pkgPath := path
		if imp := pkg.Imports[path]; imp != nil {
			pkgPath = imp.PkgPath
		}
		if input := inputs[pkgPath]; input != nil {
			if input.types == nil {
				return nil, errors.New("import " + pkgPath + " failed to type-check")
			}
			return input.types, nil
		}
		if t := imported[pkgPath]; t != nil {
			return t, nil
		}
		return nil, errors.New("no export data for " + pkgPath)
	})
}
