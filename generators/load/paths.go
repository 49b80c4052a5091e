package load

import (
	"path/filepath"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/model"
)

// ResolvePath is path with every symlink of its longest existing prefix
// resolved (the rest, not yet created, appended as it is): the file the
// operating system would really write.
func ResolvePath(path string) string {
	path = filepath.Clean(path)
	rest := ""
	for prefix := path; ; {
		if resolved, err := filepath.EvalSymlinks(prefix); err == nil {
			return filepath.Join(resolved, rest)
		}
		parent := filepath.Dir(prefix)
		if parent == prefix {
			return path
		}
		rest = filepath.Join(filepath.Base(prefix), rest)
		prefix = parent
	}
}

// InsideModule reports whether path, symlinks resolved, lies inside the
// module directory (itself resolved); resolved is where path really leads.
func InsideModule(moduleDir, path string) (resolved string, inside bool) {
	resolved = ResolvePath(path)
	return resolved, lexicallyInside(ResolvePath(moduleDir), resolved)
}

func lexicallyInside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// outsideModule refuses what would make a run write outside the module: a
// package directory that is (or lies under) a symlink to a directory
// outside it, and a path marker (+metagen:crd-dir, …) leading out of it,
// lexically or through a symlink. Each is reported at the package clause
// or at the marker.
func outsideModule(universe *model.Universe) []error {
	var errs []error
	for _, pkg := range universe.Packages {
		moduleDir := packageModule(universe, pkg)
		if resolved, ok := InsideModule(moduleDir, pkg.Dir); !ok && len(pkg.Syntax) > 0 {
			errs = append(errs, diag.Errorf(universe.Fset.Position(pkg.Syntax[0].Package),
				"package directory %s leads to %s (through a symlink), outside the module at %s; metagen writes next to its inputs and never outside the module",
				pkg.Dir, resolved, moduleDir))
		}
		for _, m := range pkg.Markers {
			if m.Def == nil || !m.Def.RelativePath || m.Value == "" || filepath.IsAbs(m.Value) {
				continue // the marker parser reports those
			}
			path := filepath.Join(pkg.Dir, filepath.FromSlash(m.Value))
			resolved, ok := InsideModule(moduleDir, path)
			switch {
			case !lexicallyInside(moduleDir, path):
				errs = append(errs, diag.Errorf(m.Pos, "%s: leads outside the module; metagen never writes outside the module", m.String()))
			case !ok:
				errs = append(errs, diag.Errorf(m.Pos, "%s: leads outside the module through a symlink (to %s); metagen never writes outside the module", m.String(), resolved))
			}
		}
	}
	return errs
}

// InsideResolved reports whether resolved (a ResolvePath result) lies inside
// resolvedModuleDir (ResolvePath of the module directory): InsideModule for
// callers that resolve many paths and cache what they resolved.
func InsideResolved(resolvedModuleDir, resolved string) bool {
	return lexicallyInside(resolvedModuleDir, resolved)
}

// packageModule is the root of the workspace module that holds pkg (its
// own module in a go.work run), or the main module.
func packageModule(universe *model.Universe, pkg *model.Package) string {
	if pkg.ModuleDir != "" {
		return pkg.ModuleDir
	}
	return universe.ModuleDir
}
