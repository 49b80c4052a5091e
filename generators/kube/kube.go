// Package kube computes the Kubernetes layer of the model once per run:
// every input package as a group version, and every root type as an API
// resource (kind, plural, singular, short names, categories, scope, the
// /status subresource, its list type). The CRD, client, validation and
// server read these facts instead of working them out from markers each on
// its own, so that a CRD's plural and a typed client's resource are one
// value.
package kube

import (
	"fmt"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gobuffalo/flect"
	kubeversion "k8s.io/apimachinery/pkg/version"
	gengonamer "k8s.io/gengo/v2/namer"
	gengotypes "k8s.io/gengo/v2/types"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/schema/resources"
)

// Markers are the markers the layer reads, for the generators' declarations.
var Markers = []string{
	markers.GroupName.Name, markers.VersionName.Name, markers.Genclient.Name, markers.GenclientNonNamespaced.Name, markers.KBObjectRoot.Name,
	markers.KBResource.Name, markers.KBSubresourceStatus.Name, markers.KBSkipVersion.Name, markers.MetagenCRD.Name, markers.MetagenPlural.Name, markers.MetagenShortNames.Name, markers.ResourceName.Name,
	markers.MetagenAllowedFinalizers.Name,
	markers.KBStorageVersion.Name, markers.KBUnservedVersion.Name,
}

const metav1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"

// DefaultPluralExceptions are client-gen's default --plural-exceptions.
var DefaultPluralExceptions = map[string]string{"Endpoints": "Endpoints"}

// Resolve fills Package.API and Type.Resource for every input package,
// groups the root types into the run's kinds (Universe.Kinds) and returns
// the conflicts it finds, each at the marker that causes it (load keeps
// them in Universe.LayerErrors: the pipeline reports them with the
// generators' errors, once).
func Resolve(u *model.Universe) []error {
	var errs []error
	exceptions := PluralExceptions(u.Settings)
	for _, pkg := range u.Packages {
		pkg.API = groupVersion(pkg)
		crds := markers.MetagenCRDDir.Has(pkg.Markers) || u.Settings.CRDDir != ""
		roots := 0
		for _, t := range pkg.NamedTypes {
			if !IsRoot(t) {
				continue
			}
			roots++
			res, resErrs := resource(t, exceptions, crds)
			_, owned, _, finalizerErrs := AllowedFinalizers(t)
			res.AllowedFinalizers = owned
			t.Resource = res
			errs = append(errs, resErrs...)
			errs = append(errs, finalizerErrs...)
		}
		setCRDDir(u, pkg, roots > 0)
		for _, t := range pkg.NamedTypes {
			if t.Resource != nil {
				t.Resource.InCRD = pkg.API.CRDDir != "" && inCRD(t)
			}
		}
	}
	kinds, kindErrs := groupKinds(u)
	u.Kinds = kinds
	return append(errs, kindErrs...)
}

// inCRD: a root type is a version of its kind's CRD unless +metagen:crd=false
// or, without +metagen:crd, +kubebuilder:skipversion leaves it out.
func inCRD(t *model.Type) bool {
	if m, ok := markers.MetagenCRD.Marker(t.Markers); ok {
		return m.Bool()
	}
	return !t.Resource.SkipVersion
}

// groupKinds groups the root types of the packages with a +groupName into
// kinds, their versions sorted by Kubernetes version priority, and gives the
// versions of a kind the names and scope that one of them declares, as
// controller-gen applies every version's +kubebuilder:resource to the one
// CRD: the highest version with markers gives them. Versions whose markers
// disagree, and a version declared twice, are errors; a kind's CRD
// problems (its storage version, its directory) are the kind's CRDErrors.
func groupKinds(u *model.Universe) ([]*model.Kind, []error) {
	var errs []error
	errorf := func(pos token.Position, format string, args ...any) {
		errs = append(errs, diag.Errorf(pos, format, args...))
	}
	byKey := map[string]*model.Kind{}
	var kinds []*model.Kind
	for _, pkg := range u.Packages {
		for _, t := range pkg.NamedTypes {
			if t.Resource == nil || !pkg.API.HasGroup {
				continue
			}
			key := pkg.API.Group + "/" + t.Resource.Kind
			k := byKey[key]
			if k == nil {
				k = &model.Kind{Group: pkg.API.Group, Kind: t.Resource.Kind, ListKind: t.Resource.ListKind}
				byKey[key] = k
				kinds = append(kinds, k)
			}
			if other := versionNamed(k, pkg.API.Version); other != nil {
				errorf(t.Pos, "%s.%s: version %s is declared twice, also at %s", t.Name, k.Group, pkg.API.Version, other.Pos)
				continue
			}
			t.Resource.Of = k
			k.Versions = append(k.Versions, t)
		}
	}
	for _, k := range kinds {
		sort.SliceStable(k.Versions, func(i, j int) bool {
			return kubeversion.CompareKubeAwareVersionStrings(k.Versions[i].Package.API.Version, k.Versions[j].Package.API.Version) > 0
		})
		errs = append(errs, settleKind(k)...)
		settleCRD(k)
	}
	sort.Slice(kinds, func(i, j int) bool {
		if kinds[i].Group != kinds[j].Group {
			return kinds[i].Group < kinds[j].Group
		}
		return kinds[i].Kind < kinds[j].Kind
	})
	return kinds, errs
}

func versionNamed(k *model.Kind, version string) *model.Type {
	for _, t := range k.Versions {
		if t.Package.API.Version == version {
			return t
		}
	}
	return nil
}

// settleKind gives the kind, and each of its versions without markers of
// their own, the names of the highest version whose markers give names and
// the scope of the highest whose markers give a scope (else the defaults of
// its highest CRD version, or of its highest version). A version whose own
// markers give other names or another scope is an error at its marker.
func settleKind(k *model.Kind) []error {
	var errs []error
	fallback := k.Versions[0]
	if crd := k.CRDVersions(); len(crd) > 0 {
		fallback = crd[0]
	}
	namesBy, scopeBy := fallback, fallback
	var namesMarked, scopeMarked *model.Type
	for _, t := range k.Versions {
		r := t.Resource
		switch {
		case r.NamesBy == nil:
		case namesMarked == nil:
			namesMarked, namesBy = t, t
		case describeNames(r.Names) != describeNames(namesMarked.Resource.Names):
			m := namesMarked.Resource
			errs = append(errs, diag.Errorf(r.NamesBy.Pos, "%s.%s: %s gives version %s %s, but %s at %s gives version %s %s; the versions of a kind share their names: give them the same markers, or put them on one version only",
				t.Name, k.Group, r.NamesBy, t.Package.API.Version, describeNames(r.Names), m.NamesBy, m.NamesBy.Pos, namesMarked.Package.API.Version, describeNames(m.Names)))
		}
		switch {
		case r.ScopeBy == nil:
		case scopeMarked == nil:
			scopeMarked, scopeBy = t, t
		case r.ClusterScoped != scopeMarked.Resource.ClusterScoped:
			m := scopeMarked.Resource
			errs = append(errs, diag.Errorf(r.ScopeBy.Pos, "%s.%s: version %s is %s (%s), version %s is %s (%s at %s)",
				t.Name, k.Group, t.Package.API.Version, scopeName(r.ClusterScoped), scopeReason(*r.ScopeBy), scopeMarked.Package.API.Version, scopeName(m.ClusterScoped), scopeReason(*m.ScopeBy), m.ScopeBy.Pos))
		}
	}
	names := namesBy.Resource.Names
	k.Plural, k.Singular, k.ShortNames, k.Categories = names.Plural, names.Singular, names.ShortNames, names.Categories
	k.ClusterScoped = scopeBy.Resource.ClusterScoped
	for _, t := range k.Versions {
		r := t.Resource
		if namesMarked != nil && r.NamesBy == nil {
			r.Plural, r.Singular, r.ShortNames, r.Categories = k.Plural, k.Singular, k.ShortNames, k.Categories
		}
		if scopeMarked != nil && r.ScopeBy == nil {
			r.ClusterScoped = k.ClusterScoped
		}
	}
	return errs
}

// settleCRD decides the kind's CRD: its directory and manifest (those of its
// highest CRD version) and its storage version, the only version or the one
// marked +kubebuilder:storageversion.
func settleCRD(k *model.Kind) {
	versions := k.CRDVersions()
	if len(versions) == 0 {
		return
	}
	first := versions[0]
	k.CRDDir = first.Package.API.CRDDir
	k.CRDPath = filepath.Join(k.CRDDir, k.Group+"_"+k.Plural+".yaml")
	for _, t := range versions[1:] {
		if dir := t.Package.API.CRDDir; dir != k.CRDDir {
			k.CRDErrors = append(k.CRDErrors, diag.Errorf(t.Pos, "%s.%s: version %s writes its CRD to %s, version %s to %s; give the packages the same +metagen:crd-dir",
				t.Name, k.Group, t.Package.API.Version, filepath.Join(dir, filepath.Base(k.CRDPath)), first.Package.API.Version, k.CRDPath))
		}
	}
	if len(versions) == 1 {
		k.Storage = first
		return
	}
	var marked []*model.Type
	for _, t := range versions {
		if t.Resource.StorageVersion {
			marked = append(marked, t)
		}
	}
	if len(marked) == 1 {
		k.Storage = marked[0]
		return
	}
	for _, t := range versions {
		k.CRDErrors = append(k.CRDErrors, diag.Errorf(t.Pos, "%s.%s has %d versions and %d marked +kubebuilder:storageversion; mark exactly one", k.Kind, k.Group, len(versions), len(marked)))
	}
}

func describeNames(n resources.Names) string {
	return fmt.Sprintf("plural %s, singular %s, short names %s, categories %s", n.Plural, n.Singular, orNone(n.ShortNames), orNone(n.Categories))
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ",")
}

func scopeName(clusterScoped bool) string {
	if clusterScoped {
		return "Cluster"
	}
	return "Namespaced"
}

// scopeReason names the marker that gives a version its scope.
func scopeReason(m markers.Marker) string {
	if markers.Genclient.Is(m) {
		return "+genclient without +genclient:nonNamespaced"
	}
	return m.String()
}

// setCRDDir: +metagen:crd-dir, else --crd-dir (relative to the module root)
// for a package of a named group with root types, as controller-gen's
// output:crd:artifacts:config takes every group of its paths but those
// marked +kubebuilder:skip.
func setCRDDir(u *model.Universe, pkg *model.Package, hasRoots bool) {
	if m, ok := markers.MetagenCRDDir.Marker(pkg.Markers); ok {
		pkg.API.CRDDir, pkg.API.CRDDirBy = filepath.Join(pkg.Dir, filepath.FromSlash(m.Value)), m
		return
	}
	if u.Settings.CRDDir == "" || !hasRoots || !pkg.API.HasGroup || markers.KBSkip.Has(pkg.Markers) {
		return
	}
	dir := u.Settings.CRDDir
	if !filepath.IsAbs(dir) {
		moduleDir := pkg.ModuleDir
		if moduleDir == "" {
			moduleDir = u.ModuleDir
		}
		dir = filepath.Join(moduleDir, filepath.FromSlash(dir))
	}
	rel, err := filepath.Rel(pkg.Dir, dir)
	if err != nil {
		rel = dir
	}
	pkg.API.CRDDir = dir
	pkg.API.CRDDirBy = markers.Marker{Name: markers.MetagenCRDDir.Name, Value: filepath.ToSlash(rel), HasValue: true, Pos: pkg.API.GroupPos}
}

// PluralExceptions are client-gen's defaults with the run's --plural-exceptions.
func PluralExceptions(s model.Settings) map[string]string {
	out := map[string]string{}
	for k, v := range DefaultPluralExceptions {
		out[k] = v
	}
	for k, v := range s.PluralExceptions {
		out[k] = v
	}
	return out
}

// groupVersion reads a package's group version, and the groups client-gen
// and register-gen give it where they decide otherwise: client-gen takes a
// package without +groupName in its doc.go (gengo reads package tags there
// only) to be <group>/<version> (its parent directory), register-gen reads
// its own +k8s:register-gen=<group>.
func groupVersion(pkg *model.Package) model.GroupVersion {
	gv := model.GroupVersion{Version: pkg.Name, PackageVersion: pkg.Name, ClientGroup: path.Base(path.Dir(pkg.Path))}
	if ms := markers.GroupName.Markers(pkg.GengoMarkers()); len(ms) > 0 {
		gv.ClientGroup = ms[0].Value // apidefinitions.GroupNameForPackage: the first
	}
	if m, ok := markers.GroupName.Marker(pkg.Markers); ok {
		gv.Group, gv.HasGroup, gv.GroupPos = m.Value, true, m.Pos
		gv.RegisterGroup = m.Value
	} else if m, ok := markers.K8sRegisterGen.Marker(pkg.Markers); ok && m.Value != "" && m.Value != "true" && m.Value != "package" {
		gv.RegisterGroup = m.Value
	}
	if m, ok := markers.VersionName.Marker(pkg.Markers); ok {
		gv.Version = m.Value
	}
	return gv
}

// IsRoot reports whether t is an API resource: +genclient,
// +kubebuilder:object:root (lists aside) or +metagen:crd=true, with
// metav1.ObjectMeta; +metagen:crd=false and +kubebuilder:skipversion opt out.
func IsRoot(t *model.Type) bool {
	if m, ok := markers.MetagenCRD.Marker(t.Markers); ok && !m.Bool() {
		return markers.Genclient.Has(t.Markers) && HasObjectMeta(t)
	}
	root, _ := markers.KBObjectRoot.Marker(t.Markers)
	marked := markers.Genclient.Has(t.Markers) || markers.KBObjectRoot.Has(t.Markers) && root.Bool() || markers.MetagenCRD.Has(t.Markers)
	return marked && !IsList(t) && HasObjectMeta(t)
}

// HasRootMarker: t carries a marker that decides whether it is a root type
// (+genclient, +kubebuilder:object:root, +metagen:crd), whatever its value.
func HasRootMarker(t *model.Type) bool {
	return markers.Genclient.Has(t.Markers) || markers.KBObjectRoot.Has(t.Markers) || markers.MetagenCRD.Has(t.Markers)
}

// IsKind reports whether t is a kind of its API for a tool that compares
// APIs as served (compat): a root type (IsRoot) when a root marker decides,
// else a struct with TypeMeta and ObjectMeta, as k8s.io/api's kinds without
// markers are. Aliases and lists never are.
func IsKind(t *model.Type) bool {
	if t.IsAlias() || IsList(t) {
		return false
	}
	if HasRootMarker(t) {
		return IsRoot(t)
	}
	return HasTypeMeta(t) && HasObjectMeta(t)
}

// ResourceOf is the layer's resource of t: the one Resolve gave a root
// type, else the layer's reading of t's markers (names, scope, served and
// storage versions) for a type another tool treats as a kind without root
// markers (compat compares every TypeMeta and ObjectMeta struct, as
// k8s.io/api's kinds are). Conflicts among those markers are Resolve's to
// report, for roots; here the reading goes on without them.
func ResourceOf(t *model.Type) *model.Resource {
	if t.Resource != nil {
		return t.Resource
	}
	res, _ := resource(t, DefaultPluralExceptions, false)
	return res
}

// HasTypeMeta: the type embeds a metav1.TypeMeta.
func HasTypeMeta(t *model.Type) bool { return fieldOfType(t, "TypeMeta") != nil }

// HasObjectMeta: the type's metadata is a metav1.ObjectMeta (a root type
// of the layer has one).
func HasObjectMeta(t *model.Type) bool { return fieldOfType(t, "ObjectMeta") != nil }

// EmbedsObjectMeta: the type embeds its metav1.ObjectMeta, as client-gen's
// and controller-gen's apply configurations need (obj.ObjectMeta).
func EmbedsObjectMeta(t *model.Type) bool {
	for _, f := range t.StructFields() {
		if named, ok := types.Unalias(f.Type()).(*types.Named); ok && f.Embedded && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == metav1Path && named.Obj().Name() == "ObjectMeta" {
			return true
		}
	}
	return false
}

// IsList: a type with metav1.ListMeta, as kubebuilder marks lists as roots too.
func IsList(t *model.Type) bool { return fieldOfType(t, "ListMeta") != nil }

// fieldOfType looks through the struct behind t, so that a version
// declared as another version's struct (type Gateway v1.Gateway) counts too.
func fieldOfType(t *model.Type, name string) *model.Field {
	for _, f := range t.StructFields() {
		if named, ok := f.Type().(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == metav1Path && named.Obj().Name() == name {
			return f
		}
	}
	return nil
}

// Scope is whether t is namespaced, root type or not, as the layer reads
// it, and the conflict of its scope markers (a root type's is reported by
// the load: nil here).
func Scope(t *model.Type) (namespaced bool, conflict error) {
	if t.Resource != nil {
		return !t.Resource.ClusterScoped, nil
	}
	namespaced, _, conflict = scopeOf(t)
	return namespaced, conflict
}

// scopeOf reads a type's scope and the marker that gives it: +genclient
// declares a namespaced client unless +genclient:nonNamespaced (a scope
// the other versions of the kind must agree with), and
// +kubebuilder:resource:scope=… overrides it, but must not contradict
// +genclient:nonNamespaced.
func scopeOf(t *model.Type) (namespaced bool, by *markers.Marker, conflict error) {
	namespaced = !markers.GenclientNonNamespaced.Has(t.Markers)
	for _, name := range []string{markers.GenclientNonNamespaced.Name, markers.Genclient.Name} {
		if m, ok := t.Markers.Get(name); ok && by == nil {
			by = &m
		}
	}
	m, ok := markers.KBResource.Marker(t.Markers)
	args, _ := markers.Value[markers.Resource](m) // Namespaced, Cluster or none: checked at load
	if !ok || args.Scope == "" {
		return namespaced, by, nil
	}
	if !namespaced && args.Scope == "Namespaced" {
		conflict = diag.Errorf(m.Pos, "%s conflicts with +genclient:nonNamespaced", m)
	}
	return args.Scope == "Namespaced", &m, conflict
}

// resource reads a root type's names and scope. The plural is, in order:
// +kubebuilder:resource:path, +metagen:plural, +resourceName (client-gen's),
// a --plural-exceptions entry; else, for a type whose CRD is generated or
// that kubebuilder marks, controller-gen's plural (flect: Person → people),
// and otherwise client-gen's (gengo's namer: Person → persons).
func resource(t *model.Type, exceptions map[string]string, crds bool) (*model.Resource, []error) {
	var errs []error
	errorf := func(pos token.Position, format string, args ...any) {
		errs = append(errs, diag.Errorf(pos, format, args...))
	}
	res := &model.Resource{
		Kind:     t.Name,
		ListKind: t.Name + "List",
		Names:    resources.Names{Singular: strings.ToLower(t.Name)},
		List:     t.Package.Lookup(t.Name + "List"),
	}
	var scopeErr error
	var namespaced bool
	namespaced, res.ScopeBy, scopeErr = scopeOf(t)
	res.ClusterScoped = !namespaced
	if scopeErr != nil {
		errs = append(errs, scopeErr)
	}
	var plural, pluralBy string // pluralBy: the marker that gives it, as written
	setPlural := func(value, by string, m markers.Marker) {
		switch {
		case pluralBy == "":
			plural, pluralBy = value, by
		case value != plural:
			errorf(m.Pos, "%s conflicts with %s", by, pluralBy)
		}
	}
	if m, ok := markers.KBResource.Marker(t.Markers); ok {
		args, _ := markers.Value[markers.Resource](m) // its arguments and scope checked at load
		if args.Path != "" {
			setPlural(args.Path, markers.KBResource.Tag()+":path="+args.Path, m)
		}
		if args.Singular != "" {
			res.Singular = args.Singular
		}
		res.ShortNames, res.Categories = args.ShortName, args.Categories
		res.NamesBy = &m
	}
	for _, name := range []string{markers.MetagenPlural.Name, markers.ResourceName.Name} {
		if m, ok := t.Markers.Get(name); ok {
			setPlural(m.Value, m.String(), m)
			if res.NamesBy == nil {
				res.NamesBy = &m
			}
		}
	}
	if m, ok := markers.MetagenShortNames.Marker(t.Markers); ok {
		res.ShortNames, _ = markers.MetagenShortNames.Value(m)
		if res.NamesBy == nil {
			res.NamesBy = &m
		}
	}
	switch {
	case pluralBy != "":
		res.Plural = plural
	case exceptions[t.Name] != "":
		res.Plural = strings.ToLower(exceptions[t.Name])
	case crds || markers.KBObjectRoot.Has(t.Markers):
		res.Plural = ControllerGenPlural(t.Name)
	default:
		res.Plural = ClientGenPlural(t.Name, exceptions)
	}
	res.StatusSubresource = markers.KBSubresourceStatus.Has(t.Markers)
	res.Unserved, res.StorageVersion = markers.KBUnservedVersion.Has(t.Markers), markers.KBStorageVersion.Has(t.Markers)
	res.SkipVersion, res.Deprecated = markers.KBSkipVersion.Has(t.Markers), markers.KBDeprecatedVersion.Has(t.Markers)
	return res, errs
}

// ControllerGenPlural is controller-gen's default plural of a kind.
func ControllerGenPlural(kind string) string { return strings.ToLower(flect.Pluralize(kind)) }

// ClientGenPlural is client-gen's resource name of a kind.
func ClientGenPlural(kind string, exceptions map[string]string) string {
	return gengonamer.NewAllLowercasePluralNamer(exceptions).Name(&gengotypes.Type{Name: gengotypes.Name{Name: kind}})
}

// GoPlural is client-gen's plural Go name of a kind (Widgets()).
func GoPlural(kind string, exceptions map[string]string) string {
	return gengonamer.NewPublicPluralNamer(exceptions).Name(&gengotypes.Type{Name: gengotypes.Name{Name: kind}})
}
