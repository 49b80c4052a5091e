package server

import (
	"fmt"
	"slices"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// ResourcesFromCRDs returns how the CRDs serve their kinds, one Resource
// per version: plural, singular, short names, categories, scope, the
// /status subresource, the storage version and whether it is served. metagen writes a CRD from
// the Kubernetes layer it computes from the types' markers (the names the
// typed clients request too), so serving a scheme's Go types with these
// Resources serves what the CRDs and clients say instead of names guessed
// from the kind (a Person is "people", not "persons"). Options.ResourceCRDPaths
// does this for manifests on disk.
func ResourcesFromCRDs(crds ...*apiextensionsv1.CustomResourceDefinition) []Resource {
	var out []Resource
	for _, crd := range crds {
		names := crd.Spec.Names
		for _, v := range crd.Spec.Versions {
			out = append(out, Resource{
				Kind:                schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: names.Kind},
				StorageVersion:      v.Storage && len(crd.Spec.Versions) > 1,
				Plural:              names.Plural,
				Singular:            names.Singular,
				ShortNames:          slices.Clone(names.ShortNames),
				Categories:          slices.Clone(names.Categories),
				ClusterScoped:       crd.Spec.Scope == apiextensionsv1.ClusterScoped,
				NoStatusSubresource: v.Subresources == nil || v.Subresources.Status == nil,
				Unserved:            !v.Served,
			})
		}
	}
	return out
}

// resourcesFromCRDPaths reads Options.ResourceCRDPaths: the Resources of
// the CRDs' versions the scheme has. A CRD none of whose versions is in the
// scheme is an error: it names no Go type to serve.
func resourcesFromCRDPaths(scheme *runtime.Scheme, paths []string) ([]Resource, error) {
	crds, err := loadCRDs(paths)
	if err != nil {
		return nil, err
	}
	var out []Resource
	for _, crd := range crds {
		found := false
		for _, r := range ResourcesFromCRDs(crd) {
			if scheme != nil && scheme.Recognizes(r.Kind) {
				out, found = append(out, r), true
			}
		}
		if !found {
			return nil, fmt.Errorf("CRD %s (Options.ResourceCRDPaths): none of its versions' kind %s is in the scheme", crd.Name, crd.Spec.Names.Kind)
		}
	}
	return out, nil
}

// withDefaults is explicit followed by the defaults of the kinds explicit
// says nothing about: a Resource given for a kind wins over its CRD's.
func withDefaults(explicit, defaults []Resource) []Resource {
	given := map[schema.GroupKind]bool{}
	for _, r := range explicit {
		given[r.Kind.GroupKind()] = true
	}
	out := slices.Clone(explicit)
	for _, r := range defaults {
		if !given[r.Kind.GroupKind()] {
			out = append(out, r)
		}
	}
	return out
}
