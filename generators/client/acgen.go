package client

import (
	"go/token"
	"path"
	"path/filepath"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/kube"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/register"
)

// controller-gen's applyconfiguration generator (controller-tools v0.23.0,
// pkg/applyconfiguration), which kubebuilder projects use to apply with
// controller-runtime: for each package with +kubebuilder:ac:generate=true,
// applyconfiguration-gen run on that package alone, its types marked as
// +genclient first, into a directory of the package's own.
const (
	// defaultACOutput is controller-gen's output package, relative to the
	// API package's directory.
	defaultACOutput = "applyconfiguration"
)

// acEnabled reports whether a package asks for controller-gen's apply
// configurations: +kubebuilder:ac:generate=true on the package.
func acEnabled(pkg *model.Package) bool {
	m, ok := markers.KBACGenerate.Marker(pkg.Markers)
	return ok && m.Bool()
}

// acRootType reports whether controller-gen takes t as a root of the apply
// configurations (it adds +genclient to it): +kubebuilder:ac:generate on the
// type says so, else +kubebuilder:resource does.
func acRootType(t *model.Type) bool {
	if m, ok := markers.KBACGenerate.Marker(t.Markers); ok {
		return m.Bool()
	}
	return markers.KBResource.Has(t.Markers)
}

// acOutputDir resolves +kubebuilder:ac:output:package (default
// applyconfiguration) against the package directory, as controller-gen
// does; it must stay inside the module.
func acOutputDir(u *model.Universe, pkg *model.Package) (string, error) {
	rel, pos := defaultACOutput, positionOf(pkg)
	if m, ok := markers.KBACOutputPackage.Marker(pkg.Markers); ok {
		rel, pos = strings.TrimSpace(m.Value), m.Pos
	}
	if rel == "" || filepath.IsAbs(rel) {
		return "", diag.Errorf(pos, "+%s=%s: want a package directory relative to the API package", markers.KBACOutputPackage, rel)
	}
	dir := filepath.Join(pkg.Dir, filepath.FromSlash(rel))
	inModule, err := filepath.Rel(moduleOf(u, pkg), dir)
	if err != nil || inModule == ".." || strings.HasPrefix(inModule, ".."+string(filepath.Separator)) {
		return "", diag.Errorf(pos, "+%s=%s: points outside the module", markers.KBACOutputPackage, rel)
	}
	// The output is a tree of its own, whose stale files are removed: it
	// may not hold the API package.
	if up, err := filepath.Rel(dir, pkg.Dir); err == nil && up != ".." && !strings.HasPrefix(up, ".."+string(filepath.Separator)) {
		return "", diag.Errorf(pos, "+%s=%s: holds the API package; want a directory of its own", markers.KBACOutputPackage, rel)
	}
	return dir, nil
}

// newACClientset is the apply configurations controller-gen writes for pkg:
// a clientset of the package alone, with no clients, listers or informers,
// whose apply configurations live in <output>/<group dir>/<version>, with
// utils.go and internal/ in <output> itself.
func newACClientset(u *model.Universe, pkg *model.Package) (cs *clientset, errs []error) {
	marker, _ := markers.KBACGenerate.Marker(pkg.Markers)
	dir, err := acOutputDir(u, pkg)
	if err != nil {
		return nil, []error{err}
	}
	if !pkg.API.HasGroup {
		return nil, []error{diag.Errorf(marker.Pos, "+%s: package %s has no +groupName, which the apply configurations' API version needs (controller-gen cannot infer the group version either)", markers.KBACGenerate, pkg.Path)}
	}
	gv := &groupVersion{Pkg: pkg, Group: pkg.API.Group, Version: path.Base(pkg.Path)}
	gv.GoName = groupGoName(gv.Group)
	gv.PkgName = packageName(gv.GoName, pkg.Path)
	gv.Dir, gv.InformerDir, gv.InformerPkg = gv.PkgName, gv.PkgName, gv.PkgName
	if !hasDecl(pkg, "SchemeGroupVersion") && !register.Generates(pkg) && hasDecl(pkg, "GroupVersion") {
		// kubebuilder's groupversion_info.go declares GroupVersion, which
		// ForKind then names: controller-gen's names SchemeGroupVersion
		// whatever the package declares, and does not compile without it.
		gv.GroupVersionVar = "GroupVersion"
	}
	var warnings []*diag.Warning
	for _, t := range pkg.NamedTypes {
		genclient := markers.Genclient.Has(t.Markers)
		if !genclient && !acRootType(t) {
			continue
		}
		if !kube.EmbedsObjectMeta(t) {
			gv.SchemaRoots = append(gv.SchemaRoots, t.Object)
			gv.SkippedRoots = append(gv.SkippedRoots, t.Object)
			warnings = append(warnings, diag.Warnf(acRootPos(t), "%s does not embed metav1.ObjectMeta: as controller-gen does, it gets no apply configuration (the types it reaches do)", t.Name))
			continue
		}
		gv.SchemaRoots = append(gv.SchemaRoots, t.Object)
		ct := acClientType(t, genclient)
		gv.Types = append(gv.Types, ct)
	}
	cs = &clientset{Dir: dir, PkgPath: importPathOf(u, pkg, dir), Groups: []*groupVersion{gv}, acOnly: true, warnings: warnings}
	return cs, nil
}

// acRootPos is where a root is made one: its +kubebuilder:ac:generate,
// +genclient or +kubebuilder:resource.
func acRootPos(t *model.Type) token.Position {
	for _, name := range []string{markers.KBACGenerate.Name, markers.Genclient.Name, markers.KBResource.Name} {
		if m, ok := t.Markers.Get(name); ok {
			return m.Pos
		}
	}
	return t.Pos
}

// acClientType is a root type as controller-gen hands it to
// applyconfiguration-gen: its own +genclient tags if it has them, else
// +genclient (every verb), with +genclient:nonNamespaced for a
// cluster-scoped +kubebuilder:resource.
func acClientType(t *model.Type, genclient bool) *clientType {
	all := verbs{}
	for _, verb := range allVerbs {
		all[verb] = true
	}
	ct := &clientType{T: t, Kind: t.Name, Verbs: all, Tagged: all,
		HasStatus: hasField(t, "Status") && !markers.GenclientNoStatus.Has(t.Markers)}
	if genclient {
		if tagged, err := readVerbs(t); err == nil {
			ct.Verbs, ct.Tagged = tagged, tagged
		}
		ct.Extensions, _ = readExtensions(t)
	}
	if markers.GenclientNonNamespaced.Has(t.Markers) {
		ct.ClusterScoped = true
	}
	if r, ok := markers.KBResource.On(t.Markers); ok && strings.EqualFold(r.Scope, "Cluster") {
		ct.ClusterScoped = true
	}
	if !ct.HasStatus {
		ct.Tagged["updateStatus"], ct.Tagged["applyStatus"] = false, false
	}
	return ct
}

// acGroupDir is the directory of a group version's apply configurations
// under controller-gen's output: the last two elements of the API
// package's path, in lowercase, as applyconfiguration-gen places them.
func acGroupDir(pkgPath string) string {
	elems := strings.Split(pkgPath, "/")
	if len(elems) > 2 {
		elems = elems[len(elems)-2:]
	}
	return strings.ToLower(strings.Join(elems, "/"))
}

// skipRoots drops the apply configurations of roots without ObjectMeta,
// which controller-gen does not write (what they reach keeps its own).
func (cs *clientset) skipRoots() {
	for _, gv := range cs.Groups {
		for _, obj := range gv.SkippedRoots {
			delete(cs.applyTypes, obj)
		}
	}
}
