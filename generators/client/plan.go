package client

import (
	"errors"
	"github.com/metagen-dev/metagen/generators/markers"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	gengonamer "k8s.io/gengo/v2/namer"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/kube"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/generators/register"
)

// clientset is everything generated into one output directory: the
// clientset, listers and informers of the group versions that name it.
type clientset struct {
	Dir     string // absolute
	PkgPath string
	// Name is --clientset-name: the clientset's package under clientset/ ("" for clientset/ itself).
	Name string
	// Groups are sorted by group name, then version.
	Groups []*groupVersion
	// noApply is kube_codegen.sh without --with-applyconfig: no apply
	// configurations, no Apply methods.
	noApply bool
	// applyTypes are the types with apply configurations, of every group version.
	applyTypes map[*types.TypeName]*applyType
	// aliases are importAliases, computed once in newPlan: the same for every file.
	aliases []importAlias
	// acOnly is controller-gen's applyconfiguration (+kubebuilder:ac:generate):
	// apply configurations alone, Dir their root (acgen.go).
	acOnly bool
	// warnings are the acOnly clientset's harmless mistakes, which its
	// package's pass reports.
	warnings []*diag.Warning
}

// groupVersion is one input package: an API group version.
type groupVersion struct {
	Pkg     *model.Package
	Group   string // widgets.example.com; "" is the core group
	GoName  string // Widgets
	PkgName string // widgets: the directory and package name under typed/, listers/, informers/
	// Dir, InformerDir and InformerPkg are the directories under typed/,
	// listers/ and applyconfiguration/ (and the group client's file name), under informers/, and the
	// package name of the informers' group package: PkgName, except for a
	// dotted parent directory (whereabouts.cni.cncf.io), which the anchors
	// keep as it is (see groupDirs).
	Dir, InformerDir, InformerPkg string
	Version                       string // v1
	Types                         []*clientType
	// ApplyTypes are the types of the package with apply configurations,
	// sorted by name as applyconfiguration-gen sorts them.
	ApplyTypes []*applyType
	// GroupVersionVar is the package's variable ForKind names:
	// SchemeGroupVersion unless "" says otherwise (acgen.go).
	GroupVersionVar string
	// SchemaRoots are the types the apply schema describes besides Types,
	// and SkippedRoots the roots that get no apply configuration (without
	// ObjectMeta) though what they reach does: controller-gen's (acgen.go).
	SchemaRoots, SkippedRoots []*types.TypeName
}

// groupVersionVar is the package's GroupVersion variable ForKind names.
func (gv *groupVersion) groupVersionVar() string {
	if gv.GroupVersionVar != "" {
		return gv.GroupVersionVar
	}
	return "SchemeGroupVersion"
}

// clientType is one +genclient type.
type clientType struct {
	T        *model.Type
	Kind     string // Widget
	Plural   string // widgets: the resource
	GoPlural string // Widgets
	// ClusterScoped is the resource's scope, in the polarity of the
	// Kubernetes layer (model.Resource.ClusterScoped).
	ClusterScoped bool
	HasStatus     bool
	// Verbs are the typed client's; Tagged are those the verb tags name
	// without noVerbs, which lister-gen and applyconfiguration-gen go by
	// (client-go has ImageReview's lister and apply configuration).
	Verbs, Tagged verbs
	Extensions    []extension
}

// plan is the run-wide layout (the generator's run result): which clientset
// each package belongs to.
type plan struct {
	byPackage map[string]*clientset // by package path
	// acByPackage are controller-gen's apply configurations, by package path.
	acByPackage map[string]*clientset
	// failed are the packages (by path) whose planning found problems
	// (prepare returns them: the run's): their passes write nothing.
	failed map[string]bool
	// clientsets are every clientset of client-gen's layout, by directory.
	clientsets []*clientset
	// schemas are the clientsets' apply schemas by directory, each built
	// once on first need (applySchemaFor).
	schemas map[string]*lazySchema
	// pkgWarnings are the harmless mistakes of a package whose clients are
	// generated (readGroupVersion's), which its pass reports.
	pkgWarnings map[string][]*diag.Warning
}

// planFor returns the layout computed once per run, for every package that asks for clients.
func planFor(pass *gen.Pass) *plan { return gen.ResultOf[*plan](pass, pass.Generator) }

// prepare plans the run; the problems of its packages are the run's (their
// warnings too: a package a default run skips).
func prepare(p *gen.Prep) (any, error) {
	plan, errsByPkg := newPlan(p.Universe)
	definitions, _ := p.ResultOf(openapi.Generator).(*openapi.Result)
	plan.startApplySchemas(definitions)
	var errs []error
	for _, path := range slices.Sorted(maps.Keys(errsByPkg)) { // by package, as the passes reported them
		if pkgErrs := errsByPkg[path]; len(pkgErrs) > 0 {
			plan.failed[path] = true
			errs = append(errs, diag.Sort(pkgErrs)...)
		}
	}
	return plan, errors.Join(errs...)
}

func newPlan(u *model.Universe) (*plan, map[string][]error) {
	p := &plan{byPackage: map[string]*clientset{}, acByPackage: map[string]*clientset{}, failed: map[string]bool{}, schemas: map[string]*lazySchema{}, pkgWarnings: map[string][]*diag.Warning{}}
	errsByPkg := map[string][]error{}
	byDir := map[string]*clientset{}
	for _, pkg := range u.Packages {
		if !hasGenclient(pkg) {
			continue
		}
		gv, errs := readGroupVersion(pkg, u.Settings)
		dir, err := outputDir(u, pkg)
		if err != nil {
			errs = append(errs, err)
		}
		if gv != nil {
			// A warning alone does not stop the package: its pass reports it.
			if hard, warnings := diag.Split(errs...); len(hard) == 0 {
				for _, w := range warnings {
					var warning *diag.Warning
					if errors.As(w, &warning) {
						p.pkgWarnings[pkg.Path] = append(p.pkgWarnings[pkg.Path], warning)
					}
				}
				errs = nil
			}
		}
		if len(errs) > 0 {
			errsByPkg[pkg.Path] = errs
			continue
		}
		cs := byDir[dir]
		if cs == nil {
			cs = &clientset{Dir: dir, PkgPath: importPathOf(u, pkg, dir), Name: OptionClientsetName.Value(u.Settings), noApply: !OptionWithApplyconfig.On(u.Settings)}
			byDir[dir] = cs
		}
		if other := cs.find(gv.Group, gv.Version); other != nil {
			errsByPkg[pkg.Path] = append(errsByPkg[pkg.Path], diag.Errorf(positionOf(pkg),
				"group version %s/%s is also generated by %s into the same clientset", gv.Group, gv.Version, other.Pkg.Path))
			continue
		}
		cs.Groups = append(cs.Groups, gv)
		p.byPackage[pkg.Path] = cs
	}
	for _, cs := range byDir {
		p.schemas[cs.Dir] = &lazySchema{}
		sort.Slice(cs.Groups, func(i, j int) bool {
			a, b := cs.Groups[i], cs.Groups[j]
			if a.Group != b.Group {
				return a.Group < b.Group
			}
			return a.Version < b.Version
		})
		checkGoNames(cs, errsByPkg)
		for path, errs := range cs.planApplyConfigurations() {
			errsByPkg[path] = append(errsByPkg[path], errs...)
		}
		cs.aliases = cs.importAliases() // before the passes share cs
		p.clientsets = append(p.clientsets, cs)
	}
	sort.Slice(p.clientsets, func(i, j int) bool { return p.clientsets[i].Dir < p.clientsets[j].Dir })
	p.planACClientsets(u, errsByPkg)
	return p, errsByPkg
}

// planACClientsets plans controller-gen's apply configurations, one
// clientset per package with +kubebuilder:ac:generate=true.
func (p *plan) planACClientsets(u *model.Universe, errsByPkg map[string][]error) {
	for _, pkg := range u.Packages {
		if !acEnabled(pkg) {
			continue
		}
		cs, errs := newACClientset(u, pkg)
		errsByPkg[pkg.Path] = append(errsByPkg[pkg.Path], errs...)
		if cs == nil {
			continue
		}
		if p.schemas[cs.Dir] != nil {
			errsByPkg[pkg.Path] = append(errsByPkg[pkg.Path], diag.Errorf(positionOf(pkg), "+%s: the apply configurations of %s would go into %s, which another package's output already takes", markers.KBACOutputPackage, pkg.Path, cs.Dir))
			continue
		}
		p.schemas[cs.Dir] = &lazySchema{}
		for path, errs := range cs.planApplyConfigurations() {
			errsByPkg[path] = append(errsByPkg[path], errs...)
		}
		cs.aliases = cs.importAliases()
		p.acByPackage[pkg.Path] = cs
	}
}

// checkGoNames refuses two groups that would get the same Go name (their
// clientset methods would collide) or the same package directory.
func checkGoNames(cs *clientset, errsByPkg map[string][]error) {
	goNames, dirs := map[string]string{}, map[string]string{}
	for _, gv := range cs.Groups {
		var err error
		if other, dup := goNames[gv.GoName]; dup && other != gv.Group {
			err = diag.Errorf(positionOf(gv.Pkg), "groups %s and %s both get the Go name %s; set +groupGoName on one of them", other, gv.Group, gv.GoName)
		} else if other, dup := dirs[gv.PkgName]; dup && other != gv.Group {
			err = diag.Errorf(positionOf(gv.Pkg), "groups %s and %s both get the package %s (their API packages' parent directory); rename one of the directories, or give one another +metagen:client-output", other, gv.Group, gv.PkgName)
		}
		if err != nil {
			errsByPkg[gv.Pkg.Path] = append(errsByPkg[gv.Pkg.Path], err)
		}
		goNames[gv.GoName], dirs[gv.PkgName] = gv.Group, gv.Group
	}
}

func (cs *clientset) find(group, version string) *groupVersion {
	for _, gv := range cs.Groups {
		if gv.Group == group && gv.Version == version {
			return gv
		}
	}
	return nil
}

// firstOfGroup reports whether gv is the first version of its group, which
// the group-level files (the group's informers) are written for.
func (cs *clientset) firstOfGroup(gv *groupVersion) bool {
	for _, other := range cs.Groups {
		if other.Group == gv.Group {
			return other == gv
		}
	}
	return false
}

func (cs *clientset) groupOf(pkg *model.Package) *groupVersion {
	for _, gv := range cs.Groups {
		if gv.Pkg == pkg {
			return gv
		}
	}
	return nil
}

// groups returns one group version per group, in order, for group-level files.
func (cs *clientset) groups() []*groupVersion {
	var out []*groupVersion
	for _, gv := range cs.Groups {
		if cs.firstOfGroup(gv) {
			out = append(out, gv)
		}
	}
	return out
}

func (cs *clientset) versionsOf(group string) []*groupVersion {
	var out []*groupVersion
	for _, gv := range cs.Groups {
		if gv.Group == group {
			out = append(out, gv)
		}
	}
	return out
}

// readGroupVersion reads the package markers and its +genclient types.
func readGroupVersion(pkg *model.Package, settings model.Settings) (*groupVersion, []error) {
	var errs []error
	// The layer's client-gen group: +groupName in doc.go, else the parent
	// directory, as client-gen reads <group>/<version> layouts; client-gen
	// reads +groupGoName from doc.go too (gengo's package tags).
	gv := &groupVersion{Pkg: pkg, Group: pkg.API.ClientGroup, Version: pkg.API.PackageVersion}
	gv.GoName = groupGoName(gv.Group)
	if m, ok := markers.GroupGoName.Marker(pkg.GengoMarkers()); ok {
		if !token.IsIdentifier(m.Value) {
			errs = append(errs, diag.Errorf(m.Pos, markers.GroupGoName.Tag()+"=%s: want a Go identifier", m.Value))
		}
		gv.GoName = gengonamer.IC(m.Value)
	}
	gv.PkgName = packageName(gv.GoName, pkg.Path)
	gv.Dir, gv.InformerDir, gv.InformerPkg = groupDirs(gv.PkgName, pkg.Path)
	for _, t := range pkg.NamedTypes {
		if !markers.Genclient.Has(t.Markers) {
			continue
		}
		ct, typeErrs := readType(t, settings)
		errs = append(errs, typeErrs...)
		if ct != nil {
			gv.Types = append(gv.Types, ct)
		}
	}
	sort.Slice(gv.Types, func(i, j int) bool { return gv.Types[i].Kind < gv.Types[j].Kind })
	if len(gv.Types) > 0 {
		errs = append(errs, gengoOnlyPackageTags(pkg, gv)...)
	}
	if len(gv.Types) > 0 && !hasDecl(pkg, "SchemeGroupVersion") && !register.Generates(pkg) {
		const format = "package %s needs SchemeGroupVersion and AddToScheme for its clients: declare them, or let metagen generate them (+groupName without a register.go)"
		if settings.DefaultRun {
			// Not asked for by name: the other generators go on without
			// this package's clients (controller-gen projects often name
			// it GroupVersion and have no clients).
			return nil, []error{diag.Warnf(positionOf(pkg), format+"; its clients are not generated (-g client refuses the package)", pkg.Path)}
		}
		errs = append(errs, diag.Errorf(positionOf(pkg), format, pkg.Path))
	}
	return gv, errs
}

// gengoOnlyPackageTags warns at a +groupName or +groupGoName that client-gen
// does not read (gengo takes package tags from doc.go only: kubebuilder's
// groupversion_info.go is controller-gen's): the clients are generated as
// client-gen generates them, for the group it sees.
func gengoOnlyPackageTags(pkg *model.Package, gv *groupVersion) []error {
	var errs []error
	gengo := pkg.GengoMarkers()
	for _, def := range []markers.Definition[string]{markers.GroupName, markers.GroupGoName} {
		if def.Has(gengo) {
			continue
		}
		for _, m := range def.Markers(pkg.Markers) {
			errs = append(errs, diag.Warnf(m.Pos, "+%s=%s is not in doc.go, where client-gen reads package tags: the clients use the group %q and the Go name %s, as client-gen's do; move it to doc.go for %q",
				m.Name, m.Value, gv.Group, gv.GoName, m.Value))
			break
		}
	}
	return errs
}

// withoutApply drops the apply verbs and the extra apply methods, as
// client-gen does without --apply-configuration-package (kube_codegen.sh
// without --with-applyconfig): with no apply configurations they have no
// input type. Tagged stays: it is what the tags say.
func withoutApply(ct *clientType) {
	if ct.Verbs != nil {
		ct.Verbs["apply"], ct.Verbs["applyStatus"] = false, false
	}
	ct.Extensions = slices.DeleteFunc(ct.Extensions, func(e extension) bool { return e.Verb == "apply" })
}

// readType checks a +genclient type and reads its tags.
func readType(t *model.Type, settings model.Settings) (*clientType, []error) {
	var errs []error
	if !kube.EmbedsObjectMeta(t) || t.Resource == nil {
		return nil, []error{diag.Errorf(t.Pos, "+genclient on %s, which does not embed metav1.ObjectMeta: clients only work on API objects", t.Name)}
	}
	tagged, err := readVerbs(t)
	if err != nil {
		errs = append(errs, err)
	}
	ct := &clientType{
		T: t, Kind: t.Name, Verbs: tagged, Tagged: tagged,
		ClusterScoped: t.Resource.ClusterScoped,
		HasStatus:     hasField(t, "Status") && !markers.GenclientNoStatus.Has(t.Markers),
	}
	if !ct.HasStatus && tagged != nil {
		tagged["updateStatus"], tagged["applyStatus"] = false, false
	}
	if markers.GenclientNoVerbs.Has(t.Markers) {
		ct.Verbs = verbs{}
	}
	// The resource is the Kubernetes layer's, the one the CRD names; the Go
	// name is client-gen's, so that callers' code keeps compiling.
	ct.Plural = t.Resource.Plural
	ct.GoPlural = kube.GoPlural(t.Name, kube.PluralExceptions(settings))
	exts, extErrs := readExtensions(t)
	ct.Extensions = exts
	errs = append(errs, extErrs...)
	if !OptionWithApplyconfig.On(settings) {
		withoutApply(ct)
	}
	if ct.Verbs.has("list") && t.Package.Lookup(t.Name+"List") == nil {
		errs = append(errs, diag.Errorf(t.Pos, "+genclient type %s has no %sList type for its list verb; declare it or add +genclient:skipVerbs=list", t.Name, t.Name))
	}
	errs = append(errs, checkMethodNames(ct)...)
	return ct, errs
}

// checkMethodNames refuses extra methods that collide with generated ones.
func checkMethodNames(ct *clientType) []error {
	taken := map[string]bool{}
	for _, name := range methodNames(ct) {
		taken[name] = true
	}
	var errs []error
	for _, ext := range ct.Extensions {
		if taken[ext.Name] {
			errs = append(errs, diag.Errorf(ext.Pos, markers.GenclientMethod.Tag()+"=%s: %s already has a method %s", ext.Name, ct.Kind, ext.Name))
		}
		taken[ext.Name] = true
	}
	return errs
}

// groupGoName is client-gen's default: the first label of the group, as an
// exported identifier ("core" for the core group).
func groupGoName(group string) string {
	first, _, _ := strings.Cut(group, ".")
	if first == "" {
		first = "core"
	}
	var b strings.Builder
	upper := true
	for _, r := range first {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			upper = true
			continue
		}
		if upper {
			r = unicode.ToUpper(r)
			upper = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// packageName is the directory and package name of a group under typed/,
// listers/, informers/ and applyconfiguration/: the API package's parent
// directory in lowercase, as all four code-generator tools name it (so
// +groupGoName=BatchJobs in batch/v1 lives in typed/batch/v1, and
// internal.apiserver.k8s.io in apiserverinternal/v1alpha1 in
// apiserverinternal). Characters a package name cannot hold are dropped;
// without a usable directory name, the Go name in lowercase.
func packageName(goName, pkgPath string) string {
	name := strings.ToLower(identifier(path.Base(path.Dir(pkgPath))))
	if !token.IsIdentifier(name) || name == "internal" || path.Dir(pkgPath) == "." {
		return strings.ToLower(goName)
	}
	return name
}

// groupDirs are the group's directories as client-gen, lister-gen and
// informer-gen v0.37.2 name them from a dotted parent directory
// (whereabouts.cni.cncf.io/v1alpha1): typed/ and listers/ take it
// lowercased (the group client's file too: whereabouts.cni.cncf.io_client.go),
// informers/ as it is, in a package named after its first part
// (whereabouts). Any other directory is the package name's.
func groupDirs(pkgName, pkgPath string) (dir, informerDir, informerPkg string) {
	segment := path.Base(path.Dir(pkgPath))
	first, _, dotted := strings.Cut(segment, ".")
	if !dotted || path.Dir(pkgPath) == "." || !token.IsIdentifier(first) || !token.IsIdentifier(identifier(segment)) ||
		strings.ContainsFunc(segment, func(r rune) bool { return r != '.' && identifier(string(r)) == "" }) {
		return pkgName, pkgName, pkgName
	}
	return strings.ToLower(segment), segment, first
}

// identifier drops what may not appear in a Go identifier.
func identifier(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return r
		}
		return -1
	}, s)
}

// outputDir resolves +metagen:client-output (default ../client) against the
// package directory; it must stay inside the module.
func outputDir(u *model.Universe, pkg *model.Package) (string, error) {
	rel, pos := "../client", positionOf(pkg)
	if dir := OptionDir.Value(u.Settings); dir != "" { // --client-dir, relative to the module root
		moduleDir := filepath.Join(moduleOf(u, pkg), filepath.FromSlash(dir))
		if r, err := filepath.Rel(pkg.Dir, moduleDir); err == nil {
			rel = filepath.ToSlash(r)
		}
	}
	if m, ok := markers.MetagenClientOutput.Marker(pkg.Markers); ok {
		rel, pos = m.Value, m.Pos
	}
	if filepath.IsAbs(rel) {
		return "", diag.Errorf(pos, "+%s=%s: want a directory relative to the package", markers.MetagenClientOutput, rel)
	}
	dir := filepath.Join(pkg.Dir, filepath.FromSlash(rel))
	inModule, err := filepath.Rel(moduleOf(u, pkg), dir)
	if err != nil || inModule == ".." || strings.HasPrefix(inModule, ".."+string(filepath.Separator)) {
		return "", diag.Errorf(pos, "+%s=%s: points outside the module", markers.MetagenClientOutput, rel)
	}
	return dir, nil
}

// moduleOf is the root of pkg's own module (in a go.work workspace, not
// necessarily the first input's).
func moduleOf(u *model.Universe, pkg *model.Package) string {
	if pkg.ModuleDir != "" {
		return pkg.ModuleDir
	}
	return u.ModuleDir
}

// importPathOf derives the import path of dir from pkg's path and directory.
func importPathOf(u *model.Universe, pkg *model.Package, dir string) string {
	pkgRel, _ := filepath.Rel(moduleOf(u, pkg), pkg.Dir)
	modulePath := strings.TrimSuffix(pkg.Path, "/"+filepath.ToSlash(pkgRel))
	if pkgRel == "." {
		modulePath = pkg.Path
	}
	dirRel, _ := filepath.Rel(moduleOf(u, pkg), dir)
	return path.Join(modulePath, filepath.ToSlash(dirRel))
}

// positionOf is where package-level errors point: the +groupName marker,
// or the first +genclient type.
func positionOf(pkg *model.Package) token.Position {
	if m, ok := markers.GroupName.Marker(pkg.Markers); ok {
		return m.Pos
	}
	for _, t := range pkg.NamedTypes {
		if m, ok := markers.Genclient.Marker(t.Markers); ok {
			return m.Pos
		}
	}
	return token.Position{Filename: pkg.Dir}
}

func hasField(t *model.Type, name string) bool {
	for _, f := range t.StructFields() {
		if f.GoName == name {
			return true
		}
	}
	return false
}

func isNamed(t types.Type, pkgPath, name string) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Name() == name && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == pkgPath
}

// hasDecl reports whether the package declares name by hand.
func hasDecl(pkg *model.Package, name string) bool {
	return pkg.Types != nil && pkg.Types.Scope().Lookup(name) != nil
}

// handWritten reports whether dir holds a file called name, written by
// hand, so that generation leaves its declarations to it (client-gen does
// this for <type>_expansion.go).
func handWritten(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, name))
	return err == nil
}

func joinErrors(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return errors.Join(diag.Sort(errs)...)
}
