// Package docs writes the API reference of a run's CRDs: a Markdown page
// per API group, with a section per version, and a single-file HTML
// reference with a sidebar, from the same model as the CRDs. It requires
// the crd generator's result and reads each CRD as crd writes it (built
// once per run, whichever generator asks first) and openapi's result for
// what a CRD does not carry (a type's own description, the docs of enum
// constants), so its reference cannot disagree with the manifests.
//
// # Where
//
// A package opts in with +metagen:docs-dir=<dir> (relative to the
// package), or every package with CRDs with --docs-dir DIR (relative to the
// module root; the marker wins where given). The package needs CRDs
// (+metagen:crd-dir or --crd-dir). A group's page, <group>.md, and each
// directory's reference.html belong to the run: the generator's whole-run
// stage (gen.Generator.RunAll) writes them.
//
// # Why a page per group
//
// The versions of a kind are one CRD; a reader compares them, and a type's
// versions link to each other on one page. A page per group version would
// split what the CRD keeps together; one page for everything would not
// scale to projects with many groups (the HTML reference is that page).
//
// # Templates
//
// The output is text/template (Markdown) and html/template (HTML) over the
// data model in model.go (documented in docs/docs.md), with the defaults
// embedded from the repository's templates/ directory. --docs-templates DIR
// or +metagen:docs-templates=<dir> replaces markdown.tmpl and/or
// html.tmpl. A template that does not parse or fails to execute is an
// error at its file:line:col, and nothing is written.
package docs

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// The markers and settings the generator reads.
const (
	// HTMLFile is the HTML reference's name in each docs directory.
	HTMLFile = "reference.html"
)

// The generator's options, --docs-dir and --docs-templates (absolute, or
// relative to the module root).
var (
	OptionDir       = &gen.Option{Name: "docs-dir", Path: true, Usage: "directory of the API reference (<group>.md, reference.html) of every package with CRDs (+metagen:docs-dir on a package wins)"}
	OptionTemplates = &gen.Option{Name: "docs-templates", Path: true, Usage: "directory of templates (markdown.tmpl, html.tmpl) replacing the docs generator's defaults (+metagen:docs-templates)"}
)

// Generator writes the API reference.
var Generator = &gen.Generator{
	Name:           "docs",
	Doc:            "API reference of the CRDs, from the same model: <group>.md per API group (a section per version) and a single-file reference.html, through overridable templates.",
	Options:        []*gen.Option{OptionDir, OptionTemplates},
	Markers:        []markers.Definer{markers.MetagenDocsDir, markers.MetagenDocsTemplates},
	Enabled:        func(pkg *model.Package) bool { return pkg.API.CRDDir != "" || markers.MetagenDocsDir.Has(pkg.Markers) },
	Requires:       []*gen.Generator{crd.Generator, openapi.Generator},
	Prepare:        prepare,
	ResultType:     reflect.TypeOf(&result{}),
	RunAll:         runAll,
	OwnedFiles:     ownedFiles,
	ReadsResources: true,
}

// result is the run's plan of pages.
type result struct {
	dirs []*dirPlan
	errs []error
}

// dirPlan is one docs directory: its groups and the templates.
type dirPlan struct {
	dir       string
	groups    []*groupPlan
	templates *templateSet
}

// groupPlan is one group's page in a directory.
type groupPlan struct {
	name      string
	resources []crd.Resource
}

type output struct {
	path string
	body []byte
}

// prepare decides the pages: which resources each docs directory
// documents, and parses the templates.
func prepare(p *gen.Prep) (any, error) {
	u := p.Universe
	crds, _ := p.ResultOf(crd.Generator).(*crd.Result)
	r := &result{}
	for _, pkg := range u.Packages {
		if m, ok := markers.MetagenDocsDir.Marker(pkg.Markers); ok && pkg.API.CRDDir == "" {
			if u.Settings.DefaultRun {
				r.errs = append(r.errs, diag.Warnf(m.Pos, "%s: the package has no CRDs (+metagen:crd-dir), and the reference is written from them; no docs written", m))
			} else {
				r.errs = append(r.errs, diag.Errorf(m.Pos, "%s: the package has no CRDs (+metagen:crd-dir), and the reference is written from them", m))
			}
		}
	}
	if crds == nil {
		return r, errors.Join(r.errs...)
	}
	byDir := map[string]*dirPlan{}
	for _, res := range crds.Resources() {
		dir, err := dirOf(u, res)
		r.errs = append(r.errs, err...)
		if dir == "" {
			continue
		}
		d := byDir[dir]
		if d == nil {
			d = &dirPlan{dir: dir}
			byDir[dir] = d
			r.dirs = append(r.dirs, d)
		}
		i := slices.IndexFunc(d.groups, func(g *groupPlan) bool { return g.name == res.Group })
		if i < 0 {
			d.groups = append(d.groups, &groupPlan{name: res.Group})
			i = len(d.groups) - 1
		}
		g := d.groups[i]
		g.resources = append(g.resources, res)
	}
	slices.SortFunc(r.dirs, func(a, b *dirPlan) int { return strings.Compare(a.dir, b.dir) })
	for _, d := range r.dirs {
		slices.SortFunc(d.groups, func(a, b *groupPlan) int { return strings.Compare(a.name, b.name) })
		set, err := loadTemplates(templatesDir(u, d))
		if err != nil {
			r.errs = append(r.errs, diag.Unwrap(err)...)
		}
		d.templates = set
	}
	return r, errors.Join(diag.Sort(r.errs)...)
}

// dirOf is the docs directory of a resource: that of the first of its
// versions' packages that has one. Versions whose packages name different
// directories are an error.
func dirOf(u *model.Universe, res crd.Resource) (string, []error) {
	var dir string
	var by markers.Marker
	var errs []error
	pkgs := slices.Clone(res.Packages)
	slices.SortFunc(pkgs, func(a, b *model.Package) int { return strings.Compare(a.Path, b.Path) })
	for _, pkg := range pkgs {
		d, m := packageDir(u, pkg)
		switch {
		case d == "":
		case dir == "":
			dir, by = d, m
		case d != dir:
			errs = append(errs, diag.Errorf(m.Pos, "%s: %s.%s writes its reference to %s here, but to %s (%s at %s); give the packages of a group's versions the same docs directory", m, res.Kind, res.Group, d, dir, by, by.Pos))
		}
	}
	return dir, errs
}

// packageDir is a package's docs directory: its marker, else --docs-dir
// for a package with CRDs.
func packageDir(u *model.Universe, pkg *model.Package) (string, markers.Marker) {
	if m, ok := markers.MetagenDocsDir.Marker(pkg.Markers); ok {
		return filepath.Join(pkg.Dir, filepath.FromSlash(m.Value)), m
	}
	if setting := OptionDir.Value(u.Settings); setting != "" && pkg.API.CRDDir != "" {
		if !filepath.IsAbs(setting) {
			setting = filepath.Join(u.ModuleDir, setting)
		}
		return setting, markers.Marker{Name: markers.MetagenDocsDir.Name, Value: OptionDir.Flag() + " " + setting, Pos: pkg.API.GroupPos}
	}
	return "", markers.Marker{}
}

// templatesDir is the directory of templates for a docs directory:
// --docs-templates, else the marker of the first package writing there
// that has one; "" for the defaults.
func templatesDir(u *model.Universe, d *dirPlan) string {
	if setting := OptionTemplates.Value(u.Settings); setting != "" {
		if !filepath.IsAbs(setting) {
			setting = filepath.Join(u.ModuleDir, setting)
		}
		return setting
	}
	var pkgs []*model.Package
	for _, g := range d.groups {
		for _, res := range g.resources {
			pkgs = append(pkgs, res.Packages...)
		}
	}
	slices.SortFunc(pkgs, func(a, b *model.Package) int { return strings.Compare(a.Path, b.Path) })
	for _, pkg := range pkgs {
		if m, ok := markers.MetagenDocsTemplates.Marker(pkg.Markers); ok {
			return filepath.Join(pkg.Dir, filepath.FromSlash(m.Value))
		}
	}
	return ""
}

// runAll writes the pages of the run: a page is a group's, or a docs
// directory's, whatever packages its versions come from.
func runAll(pass *gen.Pass) error {
	r := gen.ResultOf[*result](pass, pass.Generator)
	outs, errs := r.build(pass)
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for _, o := range outs {
		pass.AddMarkup(o.path, o.body)
	}
	return nil
}

// ownedFiles are our Markdown and HTML files in the docs directories: those
// no longer produced are stale.
func ownedFiles(u *model.Universe) []string {
	dirs := map[string]bool{}
	for _, pkg := range u.Packages {
		if d, _ := packageDir(u, pkg); d != "" {
			dirs[d] = true
		}
	}
	var out []string
	for _, dir := range slices.Sorted(func(yield func(string) bool) {
		for d := range dirs {
			if !yield(d) {
				return
			}
		}
	}) {
		for _, pattern := range []string{"*.md", "*.html"} {
			matches, _ := filepath.Glob(filepath.Join(dir, pattern))
			for _, m := range matches {
				if data, err := os.ReadFile(m); err == nil && load.IsGenerated(data) {
					out = append(out, m)
				}
			}
		}
	}
	return out
}
