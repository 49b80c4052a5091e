package crd

import (
	"go/token"
	"sort"
	"sync"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

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

// resource is one CustomResourceDefinition: the CRD versions of one kind of
// the Kubernetes layer (model.Kind), whose names, scope, storage version
// and manifest path the layer decides.
type resource struct {
	kind  *model.Kind
	group string
	names apiextensionsv1.CustomResourceDefinitionNames
	scope apiextensionsv1.ResourceScope
	// versions are the kind's CRD versions, highest priority first.
	versions []*version
	// path is the absolute path of the manifest.
	path string
	// once builds the CRD (built, or errs) for the first caller that asks.
	once  sync.Once
	built *apiextensionsv1.CustomResourceDefinition
	errs  []error
}

// version is one root type: one version of a resource.
type version struct {
	pkg  *model.Package
	typ  *model.Type
	name string
}

// registry is every resource of the run, and the problems found while
// gathering them.
type registry struct {
	resources []*resource
	errs      []error
}

// gather makes a resource of every kind of the layer with CRD versions, and
// reports the kinds' CRD conflicts and the root types of CRD packages the
// layer cannot make a kind of.
func gather(universe *model.Universe) *registry {
	r := &registry{}
	for _, pkg := range universe.Packages {
		if pkg.API.CRDDir == "" {
			continue
		}
		for _, t := range pkg.NamedTypes {
			if r.isRoot(t) && pkg.API.Group == "" {
				r.errorf(pkg.API.CRDDirBy.Pos, "%s needs +groupName on the package: a CRD belongs to a named API group", pkg.API.CRDDirBy)
			}
		}
	}
	for _, k := range universe.Kinds {
		versions := k.CRDVersions()
		if len(versions) == 0 || k.Group == "" {
			continue
		}
		res := &resource{kind: k, group: k.Group, path: k.CRDPath, scope: apiextensionsv1.NamespaceScoped,
			names: apiextensionsv1.CustomResourceDefinitionNames{
				Kind: k.Kind, ListKind: k.ListKind, Plural: k.Plural, Singular: k.Singular, ShortNames: k.ShortNames, Categories: k.Categories,
			}}
		if k.ClusterScoped {
			res.scope = apiextensionsv1.ClusterScoped
		}
		for _, t := range versions {
			res.versions = append(res.versions, &version{pkg: t.Package, typ: t, name: t.Package.API.Version})
		}
		r.errs = append(r.errs, k.CRDErrors...)
		r.resources = append(r.resources, res)
	}
	sort.Slice(r.resources, func(i, j int) bool { return r.resources[i].path < r.resources[j].path })
	return r
}

func (r *registry) errorf(pos token.Position, format string, args ...any) {
	r.errs = append(r.errs, diag.Errorf(pos, format, args...))
}

// isRoot: a version of a CRD of the Kubernetes layer (model.Resource.InCRD);
// a type marked as a root that the layer does not make a resource is an
// error, or a warning, here, where its CRD would be.
func (r *registry) isRoot(t *model.Type) bool {
	if t.Resource != nil {
		return t.Resource.InCRD
	}
	crdMarker, hasCRD := markers.MetagenCRD.Marker(t.Markers)
	if hasCRD && !crdMarker.Bool() {
		return false
	}
	root, _ := markers.KBObjectRoot.Marker(t.Markers)
	marked := markers.Genclient.Has(t.Markers) || markers.KBObjectRoot.Has(t.Markers) && root.Bool()
	switch {
	case hasCRD && !kube.HasObjectMeta(t):
		r.errorf(crdMarker.Pos, "type %s is marked %s but has no metav1.ObjectMeta as metadata: a CRD root type embeds metav1.TypeMeta and has metadata", t.Name, crdMarker)
	case !hasCRD && marked && !kube.IsList(t) && !markers.KBSkipVersion.Has(t.Markers) && !kube.HasObjectMeta(t):
		// controller-gen writes CRDs only for types that embed TypeMeta
		// and ObjectMeta (FindKubeKinds), and skips others silently.
		r.errs = append(r.errs, diag.Warnf(t.Pos, "type %s is marked as a root type but has no metav1.ObjectMeta as metadata: no CRD is written for it, as controller-gen writes none; embed metav1.ObjectMeta, or mark it +metagen:crd=false if it is not a resource", t.Name))
	}
	return false
}
