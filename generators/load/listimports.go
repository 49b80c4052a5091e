package load

import (
	"errors"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/tools/go/packages"
)

// errAskGoList: a load whose packages were listed in process
// (Options.ListInProcess) met something go list would have reported at the
// importing package; Load runs it again through go list, for go list's
// diagnostics.
var errAskGoList = errors.New("the in-process listing leaves this to go list")

// importStubs are a package's imports as Load reads go list's: by import
// path (module mode without vendoring maps each path to itself).
func importStubs(paths []string) map[string]*packages.Package {
	imports := make(map[string]*packages.Package, len(paths))
	for _, path := range paths {
		imports[path] = &packages.Package{ID: path, PkgPath: path}
	}
	return imports
}

// listedImportsPlain reports whether the imports of packages listed in
// process raise none of the errors go list reports at the importer, which
// the go command that loads the imports' export data cannot see: a
// malformed path, "C", an internal package used from outside its tree, or
// an import cycle among the inputs (typeCheck waits on each input's
// imports, so a cycle must never reach it).
func listedImportsPlain(roots []*packages.Package) bool {
	byPath := map[string]*packages.Package{}
	for _, pkg := range roots {
		byPath[pkg.PkgPath] = pkg
	}
	for _, pkg := range roots {
		for path := range pkg.Imports {
			if path == "C" || module.CheckImportPath(path) != nil || !internalAllowed(pkg.PkgPath, path) {
				return false
			}
		}
	}
	return !importCycle(roots, byPath)
}

// internalAllowed is the go command's rule: a path with an "internal"
// element (the last one counts) is importable only from the tree rooted at
// that element's parent. Standard-library internals are never allowed here.
func internalAllowed(importer, path string) bool {
	elems := strings.Split(path, "/")
	last := -1
	for i, e := range elems {
		if e == "internal" {
			last = i
		}
	}
	if last < 0 {
		return true
	}
	if last == 0 {
		return false // the standard library's
	}
	parent := strings.Join(elems[:last], "/")
	return importer == parent || strings.HasPrefix(importer, parent+"/")
}

// importCycle reports whether the inputs import each other in a cycle.
func importCycle(roots []*packages.Package, byPath map[string]*packages.Package) bool {
	const (
		visiting = 1
		done     = 2
	)
	state := map[string]int{}
	var visit func(pkg *packages.Package) bool
	visit = func(pkg *packages.Package) bool {
		switch state[pkg.PkgPath] {
		case visiting:
			return true
		case done:
			return false
		}
		state[pkg.PkgPath] = visiting
		for path := range pkg.Imports {
			if dep := byPath[path]; dep != nil && visit(dep) {
				return true
			}
		}
		state[pkg.PkgPath] = done
		return false
	}
	for _, pkg := range roots {
		if visit(pkg) {
			return true
		}
	}
	return false
}

// importsListedCleanly reports whether the go command found every import
// of packages listed in process without a problem, and none of them a
// program (go list refuses to import a main package, at the importer).
func importsListedCleanly(deps []*packages.Package, err error) bool {
	if err != nil {
		return false
	}
	for _, dep := range deps {
		if len(dep.Errors) > 0 || dep.Name == "main" {
			return false
		}
	}
	return true
}
