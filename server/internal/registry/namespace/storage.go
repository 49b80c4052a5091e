package namespace

import (
	"context"
	"fmt"

	"github.com/metagen-dev/metagen/server/internal/registry/subresource"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	genericregistry "k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
)

// NewStorage is storage.NewREST of kube-apiserver: the resource, and
// its status and finalize subresources over the same store.
func NewStorage(serving *runtime.Scheme, getter genericregistry.RESTOptionsGetter, nameGen names.NameGenerator) (map[string]rest.Storage, *registry.Store, error) {
	strategy := namespaceStrategy{ObjectTyper: serving, NameGenerator: nameGen}
	resource := corev1.Resource("namespaces")
	store := &registry.Store{
		NewFunc:                   func() runtime.Object { return &corev1.Namespace{} },
		NewListFunc:               func() runtime.Object { return &corev1.NamespaceList{} },
		DefaultQualifiedResource:  resource,
		SingularQualifiedResource: corev1.Resource("namespace"),
		CreateStrategy:            strategy,
		UpdateStrategy:            strategy,
		DeleteStrategy:            strategy,
		ResetFieldsStrategy:       strategy,
		ReturnDeletedObject:       true,
		ShouldDeleteDuringUpdate:  shouldDeleteNamespaceDuringUpdate,
		TableConvertor:            table,
	}
	options := &genericregistry.StoreOptions{RESTOptions: getter, AttrFunc: namespaceAttrs}
	if err := store.CompleteWithOptions(options); err != nil {
		return nil, nil, err
	}
	statusStore := *store
	statusStore.UpdateStrategy = namespaceStatusStrategy{strategy}
	statusStore.ResetFieldsStrategy = namespaceStatusStrategy{strategy}
	finalizeStore := *store
	finalizeStore.UpdateStrategy = namespaceFinalizeStrategy{strategy}
	finalizeStore.ResetFieldsStrategy = namespaceFinalizeStrategy{strategy}
	return map[string]rest.Storage{
		"namespaces":          &namespaceREST{store: store},
		"namespaces/status":   subresource.NewStatus(&statusStore),
		"namespaces/finalize": &namespaceFinalizeREST{store: &finalizeStore},
	}, store, nil
}

// namespaceAttrs is the store's getAttrs: labels, and the fields
// metadata.name, status.phase and (for backward compatibility) name.
func namespaceAttrs(obj runtime.Object) (labels.Set, fields.Set, error) {
	ns, ok := obj.(*corev1.Namespace)
	if !ok {
		return nil, nil, fmt.Errorf("not a namespace")
	}
	selectable := genericregistry.MergeFieldsSets(genericregistry.ObjectMetaFieldsSet(&ns.ObjectMeta, false), fields.Set{
		"status.phase": string(ns.Status.Phase),
		"name":         ns.Name,
	})
	return labels.Set(ns.Labels), selectable, nil
}

// shouldDeleteNamespaceDuringUpdate removes a terminating namespace on an
// update only when spec.finalizers is empty too.
func shouldDeleteNamespaceDuringUpdate(ctx context.Context, key string, obj, existing runtime.Object) bool {
	ns, ok := obj.(*corev1.Namespace)
	if !ok {
		utilruntime.HandleError(fmt.Errorf("unexpected type %T", obj))
		return false
	}
	return len(ns.Spec.Finalizers) == 0 && registry.ShouldDeleteDuringUpdate(ctx, key, obj, existing)
}
