package crd

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kubeversion "k8s.io/apimachinery/pkg/version"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// The markers the generator reads.
const (
	markerDir           = "metagen:crd-dir"
	markerCRD           = "metagen:crd"
	markerPlural        = "metagen:plural"
	markerShortNames    = "metagen:short-names"
	markerNameFormat    = "metagen:name-format"
	markerGroupName     = "groupName"
	markerVersionName   = "versionName"
	markerGenclient     = "genclient"
	markerNonNamespaced = "genclient:nonNamespaced"
	markerNoStatus      = "genclient:noStatus"
	markerObjectRoot    = "kubebuilder:object:root"
	markerResource      = "kubebuilder:resource"
	markerStatus        = "kubebuilder:subresource:status"
	markerScale         = "kubebuilder:subresource:scale"
	markerPrintColumn   = "kubebuilder:printcolumn"
	markerSelectable    = "kubebuilder:selectablefield"
	markerStorage       = "kubebuilder:storageversion"
	markerUnserved      = "kubebuilder:unservedversion"
	markerDeprecated    = "kubebuilder:deprecatedversion"
	markerSkipVersion   = "kubebuilder:skipversion"
	markerMetadata      = "kubebuilder:metadata"
)

// resource is one CustomResourceDefinition: a kind of a group, served in
// one or more versions, possibly from several packages.
type resource struct {
	group string
	names apiextensionsv1.CustomResourceDefinitionNames
	scope apiextensionsv1.ResourceScope
	// versions are sorted by Kubernetes version priority, highest first.
	versions []*version
	// path is the absolute path of the manifest.
	path string
	// owner is the package whose pass writes the manifest: the first of the
	// versions' packages by import path.
	owner *model.Package
}

// version is one root type: one version of a resource.
type version struct {
	pkg  *model.Package
	typ  *model.Type
	name string
	// names and scope are those the version's own markers give, or the
	// defaults; namesBy and scopeBy are the markers that give them, if any.
	names            apiextensionsv1.CustomResourceDefinitionNames
	scope            apiextensionsv1.ResourceScope
	namesBy, scopeBy *markers.Marker
	// dir is the absolute directory of the manifest.
	dir string
}

// registry is every resource of the run, and the problems found while
// gathering them.
type registry struct {
	resources []*resource
	errs      []error
}

// gather finds the root types of every package with +metagen:crd-dir and
// groups them into resources by group and kind.
func gather(universe *model.Universe) *registry {
	r := &registry{}
	byKey := map[string]*resource{}
	for _, pkg := range universe.Packages {
		dir, ok := pkg.Markers.Get(markerDir)
		if !ok {
			continue
		}
		for _, t := range pkg.NamedTypes {
			if !r.isRoot(t) {
				continue
			}
			r.add(byKey, pkg, t, dir)
		}
	}
	for _, res := range r.resources {
		sort.Slice(res.versions, func(i, j int) bool {
			return kubeversion.CompareKubeAwareVersionStrings(res.versions[i].name, res.versions[j].name) > 0
		})
		r.settle(res)
	}
	sort.Slice(r.resources, func(i, j int) bool { return r.resources[i].path < r.resources[j].path })
	return r
}

func (r *registry) errorf(pos token.Position, format string, args ...any) {
	r.errs = append(r.errs, diag.Errorf(pos, format, args...))
}

// isRoot: a type marked +genclient or +kubebuilder:object:root, or
// +metagen:crd=true, unless +metagen:crd=false; list types are not.
func (r *registry) isRoot(t *model.Type) bool {
	if m, ok := t.Markers.Get(markerCRD); ok {
		if m.Bool() && !hasObjectMeta(t) {
			r.errorf(t.Pos, "type %s is marked %s but has no metav1.ObjectMeta as metadata: a CRD root type embeds metav1.TypeMeta and has metadata", t.Name, m)
		}
		return m.Bool()
	}
	root, _ := t.Markers.Get(markerObjectRoot)
	marked := t.Markers.Has(markerGenclient) || t.Markers.Has(markerObjectRoot) && root.Bool()
	if !marked || isList(t) || t.Markers.Has(markerSkipVersion) {
		return false
	}
	if !hasObjectMeta(t) {
		r.errorf(t.Pos, "type %s is a root type but has no metav1.ObjectMeta as metadata; mark it +metagen:crd=false if it is not a resource", t.Name)
		return false
	}
	return true
}

const metav1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"

func hasObjectMeta(t *model.Type) bool { return fieldOfType(t, "ObjectMeta") != nil }

// isList: a type with metav1.ListMeta, as kubebuilder marks lists as roots too.
func isList(t *model.Type) bool { return fieldOfType(t, "ListMeta") != nil }

// fieldOfType looks through the struct behind t, so that a version
// declared as another version's struct (type Gateway v1.Gateway) is a root too.
func fieldOfType(t *model.Type, name string) *model.Field {
	for _, f := range t.StructFields() {
		if named, ok := f.Type().(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == metav1Path && named.Obj().Name() == name {
			return f
		}
	}
	return nil
}

// add puts a root type into its resource.
func (r *registry) add(byKey map[string]*resource, pkg *model.Package, t *model.Type, dir markers.Marker) {
	group, ok := pkg.Markers.Get(markerGroupName)
	if !ok || group.Value == "" {
		r.errorf(dir.Pos, "%s needs +groupName on the package: a CRD belongs to a named API group", dir)
		return
	}
	v := &version{pkg: pkg, typ: t, name: pkg.Name, dir: filepath.Join(pkg.Dir, filepath.FromSlash(dir.Value))}
	if m, ok := pkg.Markers.Get(markerVersionName); ok {
		v.name = m.Value
	}
	v.names, v.scope = r.namesOf(t)
	v.namesBy = firstMarker(t, markerResource, markerPlural, markerShortNames)
	v.scopeBy = firstMarker(t, markerResource, markerNonNamespaced, markerGenclient)
	key := group.Value + "/" + t.Name
	res, seen := byKey[key]
	if !seen {
		res = &resource{group: group.Value, owner: pkg}
		byKey[key] = res
		r.resources = append(r.resources, res)
	}
	for _, other := range res.versions {
		if other.name == v.name {
			r.errorf(t.Pos, "%s.%s: version %s is declared twice, also at %s", t.Name, res.group, v.name, other.typ.Pos)
			return
		}
	}
	res.versions = append(res.versions, v)
	if pkg.Path < res.owner.Path {
		res.owner = pkg
	}
}

// settle gives a resource the names and scope its versions' markers give,
// and the path of its manifest. controller-gen applies the
// +kubebuilder:resource markers of every version to the one CRD, so a
// version without them takes those of the others. Versions whose markers
// disagree are an error, where controller-gen would keep those of the
// package it happens to visit last.
func (r *registry) settle(res *resource) {
	first := res.versions[0]
	res.names, res.scope = first.names, first.scope
	var namesBy, scopeBy *version
	for _, v := range res.versions {
		switch {
		case v.namesBy == nil:
		case namesBy == nil:
			namesBy, res.names = v, v.names
		case fmt.Sprint(v.names) != fmt.Sprint(namesBy.names):
			r.errorf(v.namesBy.Pos, "%s.%s: %s gives version %s %s, but %s at %s gives version %s %s; the versions of a kind share their names: give them the same markers, or put them on one version only",
				v.typ.Name, res.group, v.namesBy, v.name, describeNames(v.names), namesBy.namesBy, namesBy.namesBy.Pos, namesBy.name, describeNames(namesBy.names))
		}
		switch {
		case v.scopeBy == nil:
		case scopeBy == nil:
			scopeBy, res.scope = v, v.scope
		case v.scope != scopeBy.scope:
			r.errorf(v.scopeBy.Pos, "%s.%s: version %s is %s (%s), version %s is %s (%s at %s)",
				v.typ.Name, res.group, v.name, v.scope, scopeReason(*v.scopeBy), scopeBy.name, scopeBy.scope, scopeReason(*scopeBy.scopeBy), scopeBy.scopeBy.Pos)
		}
	}
	res.path = filepath.Join(first.dir, res.group+"_"+res.names.Plural+".yaml")
	for _, v := range res.versions[1:] {
		if v.dir != first.dir {
			r.errorf(v.typ.Pos, "%s.%s: version %s writes its CRD to %s, version %s to %s; give the packages the same +metagen:crd-dir",
				v.typ.Name, res.group, v.name, filepath.Join(v.dir, filepath.Base(res.path)), first.name, res.path)
		}
	}
}

// scopeReason names the marker that gives a version its scope.
func scopeReason(m markers.Marker) string {
	if m.Name == markerGenclient {
		return "+genclient without +genclient:nonNamespaced"
	}
	return m.String()
}

// firstMarker is the first of the named markers the type has.
func firstMarker(t *model.Type, names ...string) *markers.Marker {
	for _, name := range names {
		if m, ok := t.Markers.Get(name); ok {
			return &m
		}
	}
	return nil
}

func describeNames(n apiextensionsv1.CustomResourceDefinitionNames) string {
	return fmt.Sprintf("plural %s, singular %s, short names %s, categories %s", n.Plural, n.Singular, orNone(n.ShortNames), orNone(n.Categories))
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ",")
}

// namesOf reads the names and scope of a root type from its markers.
func (r *registry) namesOf(t *model.Type) (apiextensionsv1.CustomResourceDefinitionNames, apiextensionsv1.ResourceScope) {
	names := apiextensionsv1.CustomResourceDefinitionNames{
		Kind:     t.Name,
		ListKind: t.Name + "List",
		Plural:   Plural(t.Name),
		Singular: strings.ToLower(t.Name),
	}
	scope := apiextensionsv1.NamespaceScoped
	if t.Markers.Has(markerNonNamespaced) {
		scope = apiextensionsv1.ClusterScoped
	}
	if m, ok := t.Markers.Get(markerResource); ok {
		scope = r.applyResource(&names, scope, t, m)
	}
	if m, ok := t.Markers.Get(markerPlural); ok {
		if path, ok := r.resourceArg(t, "path"); ok && path != m.Value {
			r.errorf(m.Pos, "%s conflicts with +kubebuilder:resource:path=%s", m, path)
		}
		names.Plural = m.Value
	}
	if m, ok := t.Markers.Get(markerShortNames); ok {
		names.ShortNames = m.List()
	}
	return names, scope
}

// applyResource reads +kubebuilder:resource:path=…,scope=…,shortName=a;b,categories=a;b,singular=….
func (r *registry) applyResource(names *apiextensionsv1.CustomResourceDefinitionNames, scope apiextensionsv1.ResourceScope, t *model.Type, m markers.Marker) apiextensionsv1.ResourceScope {
	args, err := markers.ParseArgs(m.Args)
	if err != nil {
		r.errorf(m.Pos, "%s: %v", m, err)
		return scope
	}
	for _, key := range sortedKeys(args) {
		value := args[key]
		switch key {
		case "path":
			names.Plural = value
		case "singular":
			names.Singular = value
		case "shortName":
			names.ShortNames = splitList(value)
		case "categories":
			names.Categories = splitList(value)
		case "scope":
			if value != "Namespaced" && value != "Cluster" {
				r.errorf(m.Pos, "%s: scope is Namespaced or Cluster, not %q", m, value)
				continue
			}
			if t.Markers.Has(markerNonNamespaced) && value == "Namespaced" {
				r.errorf(m.Pos, "%s conflicts with +genclient:nonNamespaced", m)
			}
			scope = apiextensionsv1.ResourceScope(value)
		default:
			r.errorf(m.Pos, "%s: unknown argument %q (want path, singular, shortName, categories or scope)", m, key)
		}
	}
	return scope
}

// resourceArg is one argument of +kubebuilder:resource, if given.
func (r *registry) resourceArg(t *model.Type, key string) (string, bool) {
	m, ok := t.Markers.Get(markerResource)
	if !ok {
		return "", false
	}
	args, _ := markers.ParseArgs(m.Args)
	value, ok := args[key]
	return value, ok
}

func splitList(value string) []string {
	var out []string
	for _, item := range strings.Split(value, ";") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
