package lifecycle

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/testing"
)

// NewPluralTracker wraps a fake clientset's object tracker for resources
// whose plural is not the one client-go's tracker guesses from the kind
// (meta.UnsafeGuessKindToResource: Gateway → gatewaies). client-go's tracker
// stores the objects given to the clientset (Add) under the guessed
// resource, and its field-managed tracker (NewClientset) maps a resource to
// its kind with a RESTMapper made of the same guesses, so a typed fake's
// writes to the real resource are refused ("no matches for …") or stored
// where the objects given at construction are not. The wrapper sends every
// call for a resource of kinds (real resource → kind) to the guessed
// resource instead, so that all of them meet in one place; the clientset's
// actions keep the real resource.
func NewPluralTracker(tracker testing.ObjectTracker, kinds map[schema.GroupVersionResource]string) testing.ObjectTracker {
	guessed := make(map[schema.GroupVersionResource]schema.GroupVersionResource, len(kinds))
	for gvr, kind := range kinds {
		guess, _ := meta.UnsafeGuessKindToResource(gvr.GroupVersion().WithKind(kind))
		if guess != gvr {
			guessed[gvr] = guess
		}
	}
	if len(guessed) == 0 {
		return tracker
	}
	return &pluralTracker{ObjectTracker: tracker, guessed: guessed}
}

type pluralTracker struct {
	testing.ObjectTracker
	guessed map[schema.GroupVersionResource]schema.GroupVersionResource
}

// resource is the resource the wrapped tracker keeps gvr's objects under.
func (t *pluralTracker) resource(gvr schema.GroupVersionResource) schema.GroupVersionResource {
	if guess, ok := t.guessed[gvr]; ok {
		return guess
	}
	return gvr
}

func (t *pluralTracker) Get(gvr schema.GroupVersionResource, ns, name string, opts ...metav1.GetOptions) (runtime.Object, error) {
	return t.ObjectTracker.Get(t.resource(gvr), ns, name, opts...)
}

func (t *pluralTracker) Create(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.CreateOptions) error {
	return t.ObjectTracker.Create(t.resource(gvr), obj, ns, opts...)
}

func (t *pluralTracker) Update(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.UpdateOptions) error {
	return t.ObjectTracker.Update(t.resource(gvr), obj, ns, opts...)
}

func (t *pluralTracker) Patch(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.PatchOptions) error {
	return t.ObjectTracker.Patch(t.resource(gvr), obj, ns, opts...)
}

func (t *pluralTracker) Apply(gvr schema.GroupVersionResource, applyConfiguration runtime.Object, ns string, opts ...metav1.PatchOptions) error {
	return t.ObjectTracker.Apply(t.resource(gvr), applyConfiguration, ns, opts...)
}

func (t *pluralTracker) List(gvr schema.GroupVersionResource, gvk schema.GroupVersionKind, ns string, opts ...metav1.ListOptions) (runtime.Object, error) {
	return t.ObjectTracker.List(t.resource(gvr), gvk, ns, opts...)
}

func (t *pluralTracker) Delete(gvr schema.GroupVersionResource, ns, name string, opts ...metav1.DeleteOptions) error {
	return t.ObjectTracker.Delete(t.resource(gvr), ns, name, opts...)
}

func (t *pluralTracker) Watch(gvr schema.GroupVersionResource, ns string, opts ...metav1.ListOptions) (watch.Interface, error) {
	return t.ObjectTracker.Watch(t.resource(gvr), ns, opts...)
}
