package client

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// orphanedFiles are the files of client trees that no +genclient type of
// the run feeds any more (the last +genclient was removed): the trees at
// the client output directory of an API package (+groupName) without
// +genclient types, when no package of the run with +genclient writes
// there and every API package the trees import is such a package of the
// run. A tree that still serves a package this run did not load (another
// invocation's patterns) is left alone.
func orphanedFiles(u *model.Universe, written map[string]bool) []string {
	withoutClients := map[string]bool{}
	candidates := map[string]bool{}
	var dirs []string
	for _, pkg := range u.Packages {
		if hasGenclient(pkg) || !markers.GroupName.Has(pkg.Markers) {
			continue
		}
		withoutClients[pkg.Path] = true
		dir, err := outputDir(u, pkg)
		if err != nil || written[dir] || candidates[dir] {
			continue
		}
		candidates[dir] = true
		dirs = append(dirs, dir)
	}
	var files []string
	for _, dir := range dirs {
		var tree []string
		for _, sub := range (&clientset{Dir: dir}).trees() {
			tree = append(tree, goFilesUnder(sub)...)
		}
		if len(tree) > 0 && servesOnly(tree, dir, u, withoutClients) {
			files = append(files, tree...)
		}
	}
	return files
}

// servesOnly reports whether the API packages the files import (imports
// of the module outside the client directory) are all among apis, and
// there is at least one.
func servesOnly(files []string, dir string, u *model.Universe, apis map[string]bool) bool {
	modulePath := modulePathOf(u)
	clientPath := importPathOf(u, u.Packages[0], dir)
	served := 0
	fset := token.NewFileSet()
	for _, file := range files {
		syntax, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
		if err != nil {
			return false
		}
		for _, imp := range syntax.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if modulePath == "" || !(path == modulePath || strings.HasPrefix(path, modulePath+"/")) ||
				path == clientPath || strings.HasPrefix(path, clientPath+"/") || strings.HasPrefix(path, "github.com/metagen-dev/metagen/schema/") {
				continue
			}
			if !apis[path] {
				return false
			}
			served++
		}
	}
	return served > 0
}

// modulePathOf derives the main module's path from a loaded package.
func modulePathOf(u *model.Universe) string {
	if len(u.Packages) == 0 {
		return ""
	}
	pkg := u.Packages[0]
	rel, err := filepath.Rel(u.ModuleDir, pkg.Dir)
	if err != nil {
		return ""
	}
	if rel == "." {
		return pkg.Path
	}
	return strings.TrimSuffix(pkg.Path, "/"+filepath.ToSlash(rel))
}
