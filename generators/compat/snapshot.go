package compat

import (
	"go/token"
	"go/types"
	"runtime"
	"sort"
	"strings"
	"sync"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/kube"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// API is what one revision serves: every kind of every group/version of the
// loaded packages, with its expanded schema.
type API struct {
	Kinds []*Kind // sorted by group, version, kind
	// fields index the struct fields of the input packages by position, so
	// that a schema node's origin leads back to its field's markers.
	fields map[token.Position]*model.Field
}

// Kind is one kind in one group/version.
type Kind struct {
	Group, Version, Name string
	Type                 *model.Type
	// Schema is the structural schema, as the crd generator writes it.
	Schema *spec.Schema
	// Origins map schema paths (openapi.Expanded's form) to declarations.
	Origins    map[string]token.Position
	Served     bool
	Storage    bool // marked +kubebuilder:storageversion (or the only version)
	Deprecated bool
	Namespaced bool
	// Typed: served by a Go API server that decodes every request into
	// the types (k8s.io/api's), not a CustomResourceDefinition, which
	// stores the JSON clients send.
	Typed   bool
	Columns []Column
	// Hub and Convertible: controller-runtime's conversion interfaces, a
	// conversion path between versions.
	Hub, Convertible bool
	// Err is why the schema could not be built (a recursive type, say): the
	// kind is then left out of the comparison, with a warning.
	Err error
}

// GroupVersion is "group/version" ("version" for the core group).
func (k *Kind) GroupVersion() string {
	if k.Group == "" {
		return k.Version
	}
	return k.Group + "/" + k.Version
}

// String is "group/version, Kind=Name", as kubectl prints a GVK.
func (k *Kind) String() string { return k.GroupVersion() + ", Kind=" + k.Name }

// Column is a printer column.
type Column struct {
	Name, JSONPath string
	Pos            token.Position
}

// Snapshot finds the kinds of the universe and expands their schemas, on
// all cores. A kind whose schema cannot be built keeps the reason in Err.
func Snapshot(universe *model.Universe) *API {
	api := &API{fields: map[token.Position]*model.Field{}}
	schemas := openapi.Prepare(universe)
	for _, pkg := range universe.Packages {
		for _, t := range pkg.NamedTypes {
			for _, f := range t.Fields {
				api.fields[f.Pos] = f
			}
		}
		if !pkg.API.HasGroup {
			continue
		}
		served := servedBy(pkg)
		for _, t := range pkg.NamedTypes {
			if !isKind(t) || !served(t) {
				continue
			}
			k := newKind(pkg.API.Group, pkg.API.Version, t)
			k.Typed = !markers.MetagenCRDDir.Has(pkg.Markers) && !markers.KBObjectRoot.Has(t.Markers) && !markers.MetagenCRD.Has(t.Markers)
			api.Kinds = append(api.Kinds, k)
		}
	}
	expandAll(api.Kinds, schemas)
	markStorage(api.Kinds)
	sort.Slice(api.Kinds, func(i, j int) bool { return kindKey(api.Kinds[i]) < kindKey(api.Kinds[j]) })
	return api
}

func kindKey(k *Kind) string { return k.Group + "\x00" + k.Version + "\x00" + k.Name }

// expandAll builds the schemas in parallel.
func expandAll(kinds []*Kind, schemas *openapi.Result) {
	limit := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, k := range kinds {
		wg.Add(1)
		limit <- struct{}{}
		go func() {
			defer func() { <-limit; wg.Done() }()
			expanded, err := schemas.ExpandDescribing(k.Type.Object)
			if err != nil {
				k.Err = err
				return
			}
			k.Schema, k.Origins = expanded.Schema, expanded.Origins
		}()
	}
	wg.Wait()
}

// servedBy: in a package that declares its resources with +genclient
// (k8s.io/api's), only the types a root marker makes kinds are served;
// other objects with TypeMeta and ObjectMeta there (PodStatusResult) are
// never served, so their removal breaks no client of the API.
func servedBy(pkg *model.Package) func(*model.Type) bool {
	for _, t := range pkg.NamedTypes {
		if markers.Genclient.Has(t.Markers) {
			return kube.HasRootMarker
		}
	}
	return func(*model.Type) bool { return true }
}

// isKind: a kind as the Kubernetes layer sees one (kube.IsKind: a root type
// as the crd and client generators see one, or an unmarked struct with
// TypeMeta and ObjectMeta), unless its version is left out of its CRD.
func isKind(t *model.Type) bool {
	return kube.IsKind(t) && !kube.ResourceOf(t).SkipVersion
}

// newKind: group, version, scope, served and storage versions are the
// Kubernetes layer's (kube.ResourceOf), as the CRD and clients have them.
func newKind(group, version string, t *model.Type) *Kind {
	res := kube.ResourceOf(t)
	k := &Kind{
		Group: group, Version: version, Name: t.Name, Type: t,
		Served:     !res.Unserved,
		Storage:    res.StorageVersion,
		Deprecated: res.Deprecated || markers.K8sPrereleaseLifecycleGenDeprecated.Has(t.Markers),
		Namespaced: !res.ClusterScoped,
	}
	for _, m := range markers.KBPrintColumn.Markers(t.Markers) {
		column, _ := markers.Value[markers.PrintColumn](m)
		k.Columns = append(k.Columns, Column{Name: column.Name, JSONPath: column.JSONPath, Pos: m.Pos})
	}
	ptr := types.NewPointer(t.Object.Type())
	k.Hub = hasMethod(ptr, "Hub")
	k.Convertible = hasMethod(ptr, "ConvertTo") && hasMethod(ptr, "ConvertFrom")
	return k
}

func hasMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// markStorage: the only version of a kind is its storage version.
func markStorage(kinds []*Kind) {
	versions := map[string][]*Kind{}
	for _, k := range kinds {
		versions[k.Group+"/"+k.Name] = append(versions[k.Group+"/"+k.Name], k)
	}
	for _, vs := range versions {
		if len(vs) == 1 {
			vs[0].Storage = true
		}
	}
}

// field is the struct field a schema node was declared by, or nil.
func (a *API) field(k *Kind, path string) *model.Field {
	pos, ok := k.Origins[path]
	if !ok {
		return nil
	}
	return a.fields[pos]
}

// updateRules are a field's +k8s:update restrictions (NoSet, NoModify …).
func updateRules(f *model.Field) []string {
	if f == nil {
		return nil
	}
	var out []string
	for _, m := range markers.K8sUpdate.Markers(f.Markers) {
		out = append(out, strings.TrimSpace(m.Value))
	}
	sort.Strings(out)
	return out
}
