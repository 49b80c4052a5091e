package server

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	"k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"

	"github.com/metagen-dev/metagen/server/internal/registry/certificates"
	"github.com/metagen-dev/metagen/server/internal/registry/namespace"
)

// The built-in resources the typed server serves besides the Go types:
// their registries live in internal/registry, one package each.

// namespaceAPI is the namespaces resource; its store, once built, answers the
// NamespaceLifecycle admission's lookups.
type namespaceAPI struct {
	store *registry.Store
}

// resource is the resource as the typed server serves it, in the legacy
// core group.
func (n *namespaceAPI) resource() typedResource {
	return typedResource{
		kind:        namespace.Kind,
		plural:      "namespaces",
		singular:    "namespace",
		namespaced:  false,
		status:      true,
		register:    namespace.Register,
		definitions: namespace.GetOpenAPIDefinitions,
		storage: func(serving *runtime.Scheme, getter *restOptionsGetter) (map[string]rest.Storage, error) {
			storages, store, err := namespace.NewStorage(serving, getter, nameGenerator)
			n.store = store
			return storages, err
		},
	}
}

// podCertificateRequests is the resource as the typed server serves it.
func podCertificateRequests(authz authorizer.Authorizer, now func() time.Time) typedResource {
	return typedResource{
		kind:        certificates.Kind,
		plural:      "podcertificaterequests",
		singular:    "podcertificaterequest",
		namespaced:  true,
		status:      true,
		register:    certificates.Register,
		definitions: certificates.GetOpenAPIDefinitions,
		storage: func(serving *runtime.Scheme, getter *restOptionsGetter) (map[string]rest.Storage, error) {
			return certificates.NewStorage(serving, getter, nameGenerator, authz, now)
		},
	}
}
