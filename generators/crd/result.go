package crd

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
)

// Result is the crd generator's run result (gen.ResultOf[*crd.Result]):
// every resource of the run, grouped into CRDs. A generator that requires
// crd (and openapi, whose result the CRDs' schemas come from) reads the
// CRDs themselves with Resources and Object, so that what it shows is what
// the crd generator writes.
type Result = registry

// Resource is one CRD of the run, before it is built.
type Resource struct {
	Group string
	Kind  string
	// Path is the absolute path of the manifest the crd generator writes.
	Path string
	// Types are the Go root types of the versions, in the CRD's order of
	// versions (Kubernetes version priority, highest first), and Packages
	// their packages.
	Types    []*model.Type
	Packages []*model.Package
	res      *resource
}

// Resources are the run's CRDs, sorted by manifest path.
func (r *Result) Resources() []Resource {
	var out []Resource
	for _, res := range r.resources {
		out = append(out, res.exported())
	}
	return out
}

func (res *resource) exported() Resource {
	out := Resource{Group: res.group, Kind: res.names.Kind, Path: res.path, res: res}
	for _, v := range res.versions {
		out.Types = append(out.Types, v.typ)
		out.Packages = append(out.Packages, v.pkg)
	}
	return out
}

// Object is the CRD as the crd generator writes it, checked with
// apiextensions' validation, or the errors that keep it from being
// written; it is built once per run, whichever pass asks first. The pass's
// generator must require crd and openapi.
func (r Resource) Object(pass *gen.Pass) (*apiextensionsv1.CustomResourceDefinition, []error) {
	return r.res.object(pass)
}

// TruncateDescription cuts a description as --max-desc-len cuts those of a
// CRD (maxLen nil: unlimited), for text shown beside a CRD's own.
func TruncateDescription(desc string, maxLen *int) string {
	if maxLen == nil {
		return desc
	}
	return truncateDescription(desc, *maxLen)
}
