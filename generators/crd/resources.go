package crd

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kubeversion "k8s.io/apimachinery/pkg/version"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/kube"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// The markers the generator reads.
const (
	// allowedFinalizersAnnotation is what +metagen:allowed-finalizers becomes,
	// the annotation the server enforces (server.AllowedFinalizersAnnotation).
	allowedFinalizersAnnotation = "metagen.dev/allowed-finalizers"
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
	// once builds the CRD (built, or errs) for the first pass that asks.
	once  sync.Once
	built *apiextensionsv1.CustomResourceDefinition
	errs  []error
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
		if pkg.API.CRDDir == "" {
			continue
		}
		dir := pkg.API.CRDDirBy
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

// isRoot: a root type of the Kubernetes layer (a resource), unless
// +metagen:crd=false or, without +metagen:crd, +kubebuilder:skipversion
// leaves it out of the CRDs; a type marked as a root that the layer does not
// make a resource is an error here, where its CRD would be.
func (r *registry) isRoot(t *model.Type) bool {
	crdMarker, hasCRD := markers.MetagenCRD.Marker(t.Markers)
	switch {
	case hasCRD && !crdMarker.Bool():
		return false
	case !hasCRD && t.Resource != nil && t.Resource.SkipVersion:
		return false
	case t.Resource != nil:
		return true
	}
	root, _ := markers.KBObjectRoot.Marker(t.Markers)
	marked := markers.Genclient.Has(t.Markers) || markers.KBObjectRoot.Has(t.Markers) && root.Bool()
	switch {
	case hasCRD && !hasObjectMeta(t):
		r.errorf(crdMarker.Pos, "type %s is marked %s but has no metav1.ObjectMeta as metadata: a CRD root type embeds metav1.TypeMeta and has metadata", t.Name, crdMarker)
	case !hasCRD && marked && !isList(t) && !markers.KBSkipVersion.Has(t.Markers) && !hasObjectMeta(t):
		// controller-gen writes CRDs only for types that embed TypeMeta
		// and ObjectMeta (FindKubeKinds), and skips others silently.
		r.errs = append(r.errs, diag.Warnf(t.Pos, "type %s is marked as a root type but has no metav1.ObjectMeta as metadata: no CRD is written for it, as controller-gen writes none; embed metav1.ObjectMeta, or mark it +metagen:crd=false if it is not a resource", t.Name))
	}
	return false
}

func hasObjectMeta(t *model.Type) bool { return kube.HasObjectMeta(t) }

func isList(t *model.Type) bool { return kube.IsList(t) }

// add puts a root type into its resource.
func (r *registry) add(byKey map[string]*resource, pkg *model.Package, t *model.Type, dir markers.Marker) {
	group, ok := markers.GroupName.Marker(pkg.Markers)
	if !ok || group.Value == "" {
		r.errorf(dir.Pos, "%s needs +groupName on the package: a CRD belongs to a named API group", dir)
		return
	}
	v := &version{pkg: pkg, typ: t, name: pkg.Name, dir: pkg.API.CRDDir}
	if m, ok := markers.VersionName.Marker(pkg.Markers); ok {
		v.name = m.Value
	}
	v.names, v.scope = r.namesOf(t)
	v.namesBy = firstMarker(t, markers.KBResource.Name, markers.MetagenPlural.Name, markers.MetagenShortNames.Name)
	v.scopeBy = firstMarker(t, markers.KBResource.Name, markers.GenclientNonNamespaced.Name, markers.Genclient.Name)
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
	if markers.Genclient.Is(m) {
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

// namesOf is the names and scope the Kubernetes layer gives a root type.
func (r *registry) namesOf(t *model.Type) (apiextensionsv1.CustomResourceDefinitionNames, apiextensionsv1.ResourceScope) {
	res := t.Resource
	if res == nil { // not a resource: reported by isRoot
		return apiextensionsv1.CustomResourceDefinitionNames{Kind: t.Name, ListKind: t.Name + "List"}, apiextensionsv1.NamespaceScoped
	}
	names := apiextensionsv1.CustomResourceDefinitionNames{
		Kind:       res.Kind,
		ListKind:   res.ListKind,
		Plural:     res.Plural,
		Singular:   res.Singular,
		ShortNames: res.ShortNames,
		Categories: res.Categories,
	}
	if res.Namespaced {
		return names, apiextensionsv1.NamespaceScoped
	}
	return names, apiextensionsv1.ClusterScoped
}
