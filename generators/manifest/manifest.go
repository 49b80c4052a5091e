// Package manifest holds what the generators of run-wide YAML manifests
// (rbac, webhook) share: they read package-level markers of every package
// of the run, write one file per directory, chosen by a setting, a
// +metagen: directory marker or controller-gen's default, and serialize
// Kubernetes objects as controller-gen's genall.WriteYAML does.
package manifest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	goyaml "go.yaml.in/yaml/v2"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// Output says where one generator's manifest goes.
type Output struct {
	// Dir and HeaderFile are the generator's options that choose the directory
	// and a header file; DirMarker the package marker that chooses the
	// directory; DefaultDir is relative to the module root.
	Dir, HeaderFile       *gen.Option
	DirMarker, DefaultDir string
}

// dirOf is the directory the manifest of pkg's markers goes to: the
// setting for every package (an absolute path, or relative to the module
// root), else the package's directory marker (relative to it), else
// DefaultDir under the module root. It must lie inside the module.
func (o Output) dirOf(universe *model.Universe, pkg *model.Package) (string, error) {
	if setting := o.Dir.Value(universe.Settings); setting != "" {
		dir := setting
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(universe.ModuleDir, dir)
		}
		return dir, o.inside(universe, dir, o.Dir.Flag()+" "+setting)
	}
	if m, ok := pkg.Markers.Get(o.DirMarker); ok {
		dir := filepath.Join(pkg.Dir, filepath.FromSlash(m.Value))
		if err := o.inside(universe, dir, m.String()); err != nil {
			return "", diag.Errorf(m.Pos, "%v", err)
		}
		return dir, nil
	}
	return filepath.Join(universe.ModuleDir, filepath.FromSlash(o.DefaultDir)), nil
}

// Group is the markers whose manifest goes to one directory.
type Group struct {
	Dir     string
	Markers markers.Set
}

// Groups are the package-level markers called one of names in every
// package of the run, in package and source order, grouped by the
// directory of their manifest (sorted), with the errors of reading them.
// Without the setting, a package's directory marker sends its markers to a
// manifest of their own, so that examples or controllers of one module
// each ship theirs; with it, as with controller-gen, all go to one. A
// marker in a declaration's doc comment, which controller-gen would
// ignore, is an error that says so.
func (o Output) Groups(universe *model.Universe, names ...string) ([]Group, []error) {
	byDir := map[string]markers.Set{}
	var errs []error
	parsed := universe.Comments.PackageComments(parsedFor(names)...)
	for _, pkg := range universe.Packages {
		var set markers.Set
		for _, file := range pkg.Syntax {
			found, misplaced, fileErrs := parsed[file].Named(names...)
			set = append(set, found...)
			errs = append(errs, fileErrs...)
			for _, m := range misplaced {
				errs = append(errs, diag.Errorf(m.Pos, "%s is in the doc comment of a declaration, where controller-gen does not read it: "+
					"put a blank line between it and the doc comment", "+"+m.Name))
			}
		}
		if len(set) == 0 {
			continue
		}
		dir, err := o.dirOf(universe, pkg)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		byDir[dir] = append(byDir[dir], set...)
	}
	groups := make([]Group, 0, len(byDir))
	for dir, set := range byDir {
		groups = append(groups, Group{Dir: dir, Markers: set})
	}
	slices.SortFunc(groups, func(a, b Group) int { return strings.Compare(a.Dir, b.Dir) })
	return groups, errs
}

func (o Output) inside(universe *model.Universe, dir, what string) error {
	rel, err := filepath.Rel(universe.ModuleDir, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s: %s lies outside the module %s", what, dir, universe.ModuleDir)
	}
	return nil
}

// Header is the text of the header setting's file, written above the
// documents as controller-gen's headerFile is (without its YEAR: our output
// does not depend on the date). It must be YAML comments.
func (o Output) Header(universe *model.Universe) (string, error) {
	path := o.HeaderFile.Value(universe.Settings)
	if path == "" {
		return "", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("%s: %w", o.HeaderFile.Flag(), err)
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
		// go-yaml on the map is sigs.k8s.io/yaml's Marshal without its
		// detour (JSON again, parsed by go-yaml to tell ints from
		// floats, a third of a run's time): go-yaml writes a json.Number
		// as its int64, else its float64, as that parse reads it.
		doc, err := goyaml.Marshal(fields)
		if err != nil {
			return nil, err
		}
		out.WriteString("---\n")
		out.Write(doc)
	}
	return out.Bytes(), nil
}

// Owned are the manifest files that exist in the directories the run may
// write to, for a generator's OwnedFiles: the pipeline removes those no
// longer made (when they carry our header).
func (o Output) Owned(universe *model.Universe, fileName string) []string {
	dirs := map[string]bool{}
	for _, pkg := range universe.Packages {
		if dir, err := o.dirOf(universe, pkg); err == nil {
			dirs[dir] = true
		}
	}
	var out []string
	for dir := range dirs {
		path := filepath.Join(dir, fileName)
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			out = append(out, path)
		}
	}
	slices.Sort(out)
	return out
}

// Write is a manifest generator's whole-run stage (gen.Generator.RunAll):
// the markers called names, of every package, are grouped by directory,
// build makes each group's objects, and each group with some gets fileName
// in its directory.
func (o Output) Write(pass *gen.Pass, fileName string, build func(markers.Set) ([]any, []error), names ...string) error {
	universe := pass.Universe
	groups, errs := o.Groups(universe, names...)
	header, err := o.Header(universe)
	if err != nil {
		errs = append(errs, err)
	}
	for _, group := range groups {
		objects, groupErrs := build(group.Markers)
		errs = append(errs, groupErrs...)
		if len(groupErrs) > 0 || len(objects) == 0 {
			continue
		}
		body, err := Documents(header, objects...)
		if err != nil {
			return err
		}
		pass.AddYAML(filepath.Join(group.Dir, fileName), body)
	}
	if len(errs) > 0 {
		return errors.Join(diag.Sort(errs)...)
	}
	return nil
}
