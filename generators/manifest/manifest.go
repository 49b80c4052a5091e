// Package manifest holds what the generators of run-wide YAML manifests
// (rbac, webhook) share: they read package-level markers of every package
// of the run, write one file into one directory, chosen by a setting, a
// +metagen: directory marker or controller-gen's default, and serialize
// Kubernetes objects as controller-gen's genall.WriteYAML does.
package manifest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// Output says where one generator's manifest goes.
type Output struct {
	// DirSetting and HeaderSetting name the Universe.Settings that choose
	// the directory and a header file; DirMarker the package marker that
	// chooses the directory; DefaultDir is relative to the module root.
	DirSetting, HeaderSetting, DirMarker, DefaultDir string
}

// Dir is the directory the manifest goes to: the setting (an absolute path,
// or relative to the module root), else the directory marker of the
// packages (relative to each; they must agree), else DefaultDir under the
// module root. It must lie inside the module.
func (o Output) Dir(universe *model.Universe) (string, error) {
	dir := filepath.Join(universe.ModuleDir, filepath.FromSlash(o.DefaultDir))
	if setting := universe.Settings[o.DirSetting]; setting != "" {
		dir = setting
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(universe.ModuleDir, dir)
		}
		return dir, o.inside(universe, dir, "--"+o.DirSetting+" "+setting)
	}
	var first *markers.Marker
	for _, pkg := range universe.Packages {
		m, ok := pkg.Markers.Get(o.DirMarker)
		if !ok {
			continue
		}
		at := filepath.Join(pkg.Dir, filepath.FromSlash(m.Value))
		if first == nil {
			first, dir = &m, at
			if err := o.inside(universe, at, m.String()); err != nil {
				return "", diag.Errorf(m.Pos, "%v", err)
			}
			continue
		}
		if at != dir {
			return "", diag.Errorf(m.Pos, "%s names %s, but %s at %s names %s: the manifests of a run go to one directory",
				m, relative(universe, at), first, first.Pos, relative(universe, dir))
		}
	}
	return dir, nil
}

func (o Output) inside(universe *model.Universe, dir, what string) error {
	rel, err := filepath.Rel(universe.ModuleDir, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s: %s lies outside the module %s", what, dir, universe.ModuleDir)
	}
	return nil
}

func relative(universe *model.Universe, path string) string {
	if rel, err := filepath.Rel(universe.ModuleDir, path); err == nil {
		return filepath.ToSlash(rel)
	}
	return path
}

// Header is the text of the header setting's file, written above the
// documents as controller-gen's headerFile is (without its YEAR: our output
// does not depend on the date). It must be YAML comments.
func (o Output) Header(universe *model.Universe) (string, error) {
	path := universe.Settings[o.HeaderSetting]
	if path == "" {
		return "", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("--%s: %w", o.HeaderSetting, err)
	}
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if trimmed := strings.TrimSpace(line); trimmed != "" && !strings.HasPrefix(trimmed, "#") {
			return "", fmt.Errorf("%s:%d: a YAML header holds only # comments, got %q", path, i+1, line)
		}
	}
	return string(data), nil
}

// Documents serializes objects as controller-gen's WriteYAML does: each
// through JSON into a map without metadata.creationTimestamp, then YAML
// with sorted keys, after "---".
func Documents(header string, objects ...any) ([]byte, error) {
	var out bytes.Buffer
	out.WriteString(header)
	for _, object := range objects {
		data, err := json.Marshal(object)
		if err != nil {
			return nil, err
		}
		var fields map[string]any
		decoder := json.NewDecoder(bytes.NewReader(data))
		decoder.UseNumber()
		if err := decoder.Decode(&fields); err != nil {
			return nil, err
		}
		if metadata, ok := fields["metadata"].(map[string]any); ok {
			delete(metadata, "creationTimestamp")
		}
		doc, err := yaml.Marshal(fields)
		if err != nil {
			return nil, err
		}
		out.WriteString("---\n")
		out.Write(doc)
	}
	return out.Bytes(), nil
}

// Owned is the manifest file if it exists, for a generator's OwnedFiles:
// the pipeline removes it (when it carries our header) once no longer made.
func Owned(universe *model.Universe, o Output, fileName string) []string {
	dir, err := o.Dir(universe)
	if err != nil {
		return nil
	}
	path := filepath.Join(dir, fileName)
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
		return []string{path}
	}
	return nil
}

// Markers are the package-level markers called one of names in every
// package of the run, in package and source order, with the errors of
// reading them. A marker in a declaration's doc comment, which
// controller-gen would ignore, is an error that says so.
func Markers(universe *model.Universe, names ...string) (markers.Set, []error) {
	var set markers.Set
	var errs []error
	for _, pkg := range universe.Packages {
		for _, file := range pkg.Syntax {
			found, misplaced, fileErrs := markers.PackageLevel(universe.Fset, file, names...)
			set = append(set, found...)
			errs = append(errs, fileErrs...)
			for _, m := range misplaced {
				errs = append(errs, diag.Errorf(m.Pos, "%s is in the doc comment of a declaration, where controller-gen does not read it: "+
					"put a blank line between it and the doc comment", "+"+m.Name))
			}
		}
	}
	return set, errs
}

// IsFirst reports whether pkg is the first package of the run, whose pass
// writes the run-wide manifest and reports its errors once.
func IsFirst(universe *model.Universe, pkg *model.Package) bool {
	return len(universe.Packages) > 0 && universe.Packages[0] == pkg
}
