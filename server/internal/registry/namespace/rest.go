package namespace

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metainternalversion "k8s.io/apimachinery/pkg/apis/meta/internalversion"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage"
	storageerr "k8s.io/apiserver/pkg/storage/errors"
	"k8s.io/apiserver/pkg/util/dryrun"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// namespaceREST is the REST of the main resource: the store, with
// kube-apiserver's Delete.
type namespaceREST struct {
	store *registry.Store
}

// namespaceREST serves every standard verb but deletecollection, as
// kube-apiserver's does.
var (
	_ rest.Getter                 = &namespaceREST{}
	_ rest.Lister                 = &namespaceREST{}
	_ rest.CreaterUpdater         = &namespaceREST{}
	_ rest.GracefulDeleter        = &namespaceREST{}
	_ rest.Watcher                = &namespaceREST{}
	_ rest.Scoper                 = &namespaceREST{}
	_ rest.ShortNamesProvider     = &namespaceREST{}
	_ rest.SingularNameProvider   = &namespaceREST{}
	_ rest.StorageVersionProvider = &namespaceREST{}
	_ rest.ResetFieldsStrategy    = &namespaceREST{}
)

func (r *namespaceREST) NamespaceScoped() bool                  { return false }
func (r *namespaceREST) GetSingularName() string                { return r.store.GetSingularName() }
func (r *namespaceREST) New() runtime.Object                    { return r.store.New() }
func (r *namespaceREST) Destroy()                               { r.store.Destroy() }
func (r *namespaceREST) NewList() runtime.Object                { return r.store.NewList() }
func (r *namespaceREST) ShortNames() []string                   { return []string{"ns"} }
func (r *namespaceREST) StorageVersion() runtime.GroupVersioner { return r.store.StorageVersion() }

func (r *namespaceREST) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return r.store.GetResetFields()
}

func (r *namespaceREST) List(ctx context.Context, options *metainternalversion.ListOptions) (runtime.Object, error) {
	return r.store.List(ctx, options)
}

func (r *namespaceREST) Create(ctx context.Context, obj runtime.Object, createValidation rest.ValidateObjectFunc, options *metav1.CreateOptions) (runtime.Object, error) {
	return r.store.Create(ctx, obj, createValidation, options)
}

func (r *namespaceREST) Update(ctx context.Context, name string, objInfo rest.UpdatedObjectInfo, createValidation rest.ValidateObjectFunc,
	updateValidation rest.ValidateObjectUpdateFunc, forceAllowCreate bool, options *metav1.UpdateOptions) (runtime.Object, bool, error) {
	return r.store.Update(ctx, name, objInfo, createValidation, updateValidation, forceAllowCreate, options)
}

func (r *namespaceREST) Get(ctx context.Context, name string, options *metav1.GetOptions) (runtime.Object, error) {
	return r.store.Get(ctx, name, options)
}

func (r *namespaceREST) Watch(ctx context.Context, options *metainternalversion.ListOptions) (watch.Interface, error) {
	return r.store.Watch(ctx, options)
}

func (r *namespaceREST) ConvertToTable(ctx context.Context, object runtime.Object, tableOptions runtime.Object) (*metav1.Table, error) {
	return r.store.ConvertToTable(ctx, object, tableOptions)
}

// Delete is kube-apiserver's: the first DELETE of a namespace sets its
// deletionTimestamp and phase Terminating (and the orphan or
// foregroundDeletion finalizer the options ask for) and answers the
// namespace with 200; it is removed by a DELETE once spec.finalizers is
// empty (or by the /finalize or update that empties them), metadata
// finalizers permitting. A uid precondition is always checked.
func (r *namespaceREST) Delete(ctx context.Context, name string, deleteValidation rest.ValidateObjectFunc, options *metav1.DeleteOptions) (runtime.Object, bool, error) {
	nsObj, err := r.Get(ctx, name, &metav1.GetOptions{})
	if err != nil {
		return nil, false, err
	}
	namespace := nsObj.(*corev1.Namespace)
	if options == nil {
		options = metav1.NewDeleteOptions(0)
	}
	if options.Preconditions == nil {
		options.Preconditions = &metav1.Preconditions{}
	}
	if options.Preconditions.UID == nil {
		options.Preconditions.UID = &namespace.UID
	} else if *options.Preconditions.UID != namespace.UID {
		return nil, false, apierrors.NewConflict(corev1.Resource("namespaces"), name,
			fmt.Errorf("Precondition failed: UID in precondition: %v, UID in object meta: %v", *options.Preconditions.UID, namespace.UID))
	}
	if options.Preconditions.ResourceVersion != nil && *options.Preconditions.ResourceVersion != namespace.ResourceVersion {
		return nil, false, apierrors.NewConflict(corev1.Resource("namespaces"), name,
			fmt.Errorf("Precondition failed: ResourceVersion in precondition: %v, ResourceVersion in object meta: %v", *options.Preconditions.ResourceVersion, namespace.ResourceVersion))
	}

	if namespace.DeletionTimestamp.IsZero() {
		key, err := r.store.KeyFunc(ctx, name)
		if err != nil {
			return nil, false, err
		}
		preconditions := storage.Preconditions{UID: options.Preconditions.UID, ResourceVersion: options.Preconditions.ResourceVersion}
		out := r.store.NewFunc()
		err = r.store.Storage.GuaranteedUpdate(ctx, key, out, false, &preconditions,
			storage.SimpleUpdate(func(existing runtime.Object) (runtime.Object, error) {
				ns, ok := existing.(*corev1.Namespace)
				if !ok {
					return nil, fmt.Errorf("expected *corev1.Namespace, got %v", existing)
				}
				if err := deleteValidation(ctx, ns); err != nil {
					return nil, err
				}
				markNamespaceTerminating(ns, options)
				return ns, nil
			}),
			dryrun.IsDryRun(options.DryRun), nil)
		if err != nil {
			err = storageerr.InterpretGetError(err, corev1.Resource("namespaces"), name)
			err = storageerr.InterpretUpdateError(err, corev1.Resource("namespaces"), name)
			if _, ok := err.(*apierrors.StatusError); !ok {
				err = apierrors.NewInternalError(err)
			}
			return nil, false, err
		}
		return out, false, nil
	}
	if len(namespace.Spec.Finalizers) != 0 {
		return namespace, false, nil
	}
	return r.store.Delete(ctx, name, deleteValidation, options)
}

// markNamespaceTerminating sets deletionTimestamp (unless set) and phase
// Terminating, and adds or removes the orphan and foregroundDeletion
// finalizers as the options ask (the set is rebuilt, in no set order, only
// when it changes).
func markNamespaceTerminating(ns *corev1.Namespace, options *metav1.DeleteOptions) {
	if ns.DeletionTimestamp.IsZero() {
		now := metav1.Now()
		ns.DeletionTimestamp = &now
	}
	ns.Status.Phase = corev1.NamespaceTerminating
	current := map[string]bool{}
	for _, f := range ns.Finalizers {
		current[f] = true
	}
	want := map[string]bool{
		metav1.FinalizerOrphanDependents: shouldHaveOrphanFinalizer(options, current[metav1.FinalizerOrphanDependents]),
		metav1.FinalizerDeleteDependents: shouldHaveDeleteDependentsFinalizer(options, current[metav1.FinalizerDeleteDependents]),
	}
	changed := false
	for finalizer, shouldHave := range want {
		changed = current[finalizer] != shouldHave || changed
		if shouldHave {
			current[finalizer] = true
		} else {
			delete(current, finalizer)
		}
	}
	if changed {
		finalizers := []string{}
		for f := range current {
			finalizers = append(finalizers, f)
		}
		ns.Finalizers = finalizers
	}
}

func shouldHaveOrphanFinalizer(options *metav1.DeleteOptions, has bool) bool {
	//nolint:staticcheck // SA1019: OrphanDependents is still honoured, as upstream does.
	if options.OrphanDependents != nil {
		return *options.OrphanDependents
	}
	if options.PropagationPolicy != nil {
		return *options.PropagationPolicy == metav1.DeletePropagationOrphan
	}
	return has
}

func shouldHaveDeleteDependentsFinalizer(options *metav1.DeleteOptions, has bool) bool {
	//nolint:staticcheck // SA1019: OrphanDependents is still honoured, as upstream does.
	if options.OrphanDependents != nil {
		return !*options.OrphanDependents
	}
	if options.PropagationPolicy != nil {
		return *options.PropagationPolicy == metav1.DeletePropagationForeground
	}
	return has
}

// namespaceFinalizeREST serves /finalize: PUT only.
type namespaceFinalizeREST struct {
	store *registry.Store
}

var _ rest.Updater = &namespaceFinalizeREST{}

func (r *namespaceFinalizeREST) New() runtime.Object { return r.store.New() }

// Destroy implements rest.Storage; the main resource owns the storage.
func (r *namespaceFinalizeREST) Destroy() {}

// Update writes spec.finalizers. A subresource never creates on update.
func (r *namespaceFinalizeREST) Update(ctx context.Context, name string, objInfo rest.UpdatedObjectInfo, createValidation rest.ValidateObjectFunc,
	updateValidation rest.ValidateObjectUpdateFunc, _ bool, options *metav1.UpdateOptions) (runtime.Object, bool, error) {
	return r.store.Update(ctx, name, objInfo, createValidation, updateValidation, false, options)
}

// GetResetFields implements rest.ResetFieldsStrategy.
func (r *namespaceFinalizeREST) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return r.store.GetResetFields()
}
