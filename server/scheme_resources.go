package server

import (
	"slices"
	"sort"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/metagen-dev/metagen/schema/resources"
)

// registeredResources are the Resources of the kinds whose names the
// scheme's generated code registered (schema/resources, from the AddToScheme
// chain): the Kubernetes layer's names, the ones metagen's CRDs and typed
// clients use, so that a scheme alone serves a Person as "people". Kinds
// this server does not serve (dotless groups, no List kind) are left out.
func registeredResources(scheme *runtime.Scheme) []Resource {
	if scheme == nil {
		return nil
	}
	known := scheme.AllKnownTypes()
	var out []Resource
	for gvk, names := range resources.For(scheme) {
		t, ok := known[gvk]
		if !ok || !servable(scheme, gvk, t, true) {
			continue
		}
		out = append(out, Resource{
			Kind:                gvk,
			StorageVersion:      names.StorageVersion,
			Plural:              names.Plural,
			Singular:            names.Singular,
			ShortNames:          slices.Clone(names.ShortNames),
			Categories:          slices.Clone(names.Categories),
			ClusterScoped:       names.ClusterScoped,
			NoStatusSubresource: !names.StatusSubresource,
			Unserved:            names.Unserved,
		})
	}
	// Map order would make an error about two of them vary between runs.
	sort.Slice(out, func(i, j int) bool { return out[i].Kind.String() < out[j].Kind.String() })
	return out
}
