// Package resources records, on a runtime.Scheme, how each kind is served as
// a resource: its plural and singular names, short names, categories, scope
// and subresources. A scheme knows kinds and Go types but not resource names,
// which cannot be derived from the kind (a Person is "people", not
// "persons"); the code metagen generates calls Register from the
// AddToScheme chain with the names its CRDs and typed clients use, and an
// API server serving the scheme (metagen's in-process server) reads them
// with For, so that it serves what the clients request.
package resources

import (
	"runtime"
	"sync"
	"weak"

	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Names is how a kind of one version is served.
type Names struct {
	// Plural is the resource name in URLs; Singular the singular name.
	Plural, Singular string
	// ShortNames and Categories are listed in discovery.
	ShortNames, Categories []string
	// ClusterScoped: served without namespaces.
	ClusterScoped bool
	// StatusSubresource: /status is served.
	StatusSubresource bool
	// Unserved: this version is not served (a CRD version with served: false).
	Unserved bool
	// StorageVersion: objects of the kind are stored in this version.
	StorageVersion bool
}

// registered maps a scheme to its kinds' names. The key is a weak pointer
// and each entry is removed when its scheme is collected, so that recording
// names on a scheme does not keep it alive. runtime.Scheme has no place of
// its own for them.
var registered sync.Map // weak.Pointer[kruntime.Scheme] → *schemeNames

type schemeNames struct {
	mu    sync.Mutex
	names map[schema.GroupVersionKind]Names
}

// Register records how gvk is served from s. Registering a kind again
// replaces its names.
func Register(s *kruntime.Scheme, gvk schema.GroupVersionKind, names Names) {
	key := weak.Make(s)
	entry, loaded := registered.LoadOrStore(key, &schemeNames{names: map[schema.GroupVersionKind]Names{}})
	if !loaded {
		runtime.AddCleanup(s, func(key weak.Pointer[kruntime.Scheme]) { registered.Delete(key) }, key)
	}
	sn := entry.(*schemeNames)
	sn.mu.Lock()
	defer sn.mu.Unlock()
	sn.names[gvk] = names
}

// For returns a copy of the names registered on s, by kind; nil when none.
func For(s *kruntime.Scheme) map[schema.GroupVersionKind]Names {
	entry, ok := registered.Load(weak.Make(s))
	if !ok {
		return nil
	}
	sn := entry.(*schemeNames)
	sn.mu.Lock()
	defer sn.mu.Unlock()
	out := make(map[schema.GroupVersionKind]Names, len(sn.names))
	for gvk, n := range sn.names {
		out[gvk] = n
	}
	return out
}
