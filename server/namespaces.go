package server

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/validation"
	metainternalversion "k8s.io/apimachinery/pkg/apis/meta/internalversion"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/watch"
	genericregistry "k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage"
	storageerr "k8s.io/apiserver/pkg/storage/errors"
	"k8s.io/apiserver/pkg/storage/names"
	"k8s.io/apiserver/pkg/util/dryrun"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	schemameta "github.com/metagen-dev/metagen/schema/meta"
)

// The core/v1 Namespace API, served at /api/v1/namespaces as kube-apiserver
// 1.37.2 serves it (pkg/registry/core/namespace): the strategy and its
// /status and /finalize variants, the store's Delete that turns the first
// DELETE into termination (deletionTimestamp, phase Terminating) and the
// removal that waits for spec.finalizers to empty, the v1 defaults, field
// selectors and table columns, and the validation of
// pkg/apis/core/validation (ValidateNamespace and its update variants),
// written here over apimachinery's checks since the main module does not
// depend on k8s.io/kubernetes.
//
// Nothing removes the "kubernetes" spec finalizer but a client (PUT
// /finalize) or the namespace controller (Options.NamespaceDeletion), so a
// deleted namespace stays Terminating, as on a kube-apiserver without a
// controller manager. The declarative validation kube-apiserver also runs
// for Namespace (ObjectMeta rules, all alpha in 1.37) is shadowed by the
// handwritten rules and left out.

var namespaceKind = corev1.SchemeGroupVersion.WithKind("Namespace")

// systemNamespaces exist from the start, as kube-apiserver's bootstrap and
// system-namespaces controllers create them.
var systemNamespaces = []string{metav1.NamespaceSystem, metav1.NamespacePublic, corev1.NamespaceNodeLease, metav1.NamespaceDefault}

// namespaceAPI is the namespaces resource; its store, once built, answers the
// NamespaceLifecycle admission's lookups.
type namespaceAPI struct {
	store *registry.Store
}

// resource is the resource as the typed server serves it, in the legacy
// core group.
func (n *namespaceAPI) resource() typedResource {
	return typedResource{
		kind:        namespaceKind,
		plural:      "namespaces",
		singular:    "namespace",
		namespaced:  false,
		status:      true,
		register:    registerNamespaces,
		definitions: namespaceDefinitions,
		storage: func(serving *runtime.Scheme, getter *restOptionsGetter) (map[string]rest.Storage, error) {
			storages, store, err := namespaceStorage(serving, getter)
			n.store = store
			return storages, err
		},
	}
}

// registerNamespaces adds the v1 kinds to the serving scheme, each also as
// its own internal version, with the v1 defaults and field selectors.
func registerNamespaces(s *runtime.Scheme) error {
	gv := corev1.SchemeGroupVersion
	for kind, obj := range map[string]runtime.Object{"Namespace": &corev1.Namespace{}, "NamespaceList": &corev1.NamespaceList{}} {
		s.AddKnownTypeWithName(gv.WithKind(kind), obj)
		s.AddKnownTypeWithName(schema.GroupVersionKind{Version: runtime.APIVersionInternal, Kind: kind}, obj.DeepCopyObject())
	}
	s.AddTypeDefaultingFunc(&corev1.Namespace{}, func(obj any) { defaultNamespace(obj.(*corev1.Namespace)) })
	s.AddTypeDefaultingFunc(&corev1.NamespaceList{}, func(obj any) {
		list := obj.(*corev1.NamespaceList)
		for i := range list.Items {
			defaultNamespace(&list.Items[i])
		}
	})
	return s.AddFieldLabelConversionFunc(namespaceKind, func(label, value string) (string, string, error) {
		switch label {
		case "status.phase", "metadata.name":
			return label, value, nil
		}
		return "", "", fmt.Errorf("field label not supported: %s", label)
	})
}

// defaultNamespace is SetObjectDefaults_Namespace of pkg/apis/core/v1: the
// kubernetes.io/metadata.name label (when the name is known) and phase
// Active.
func defaultNamespace(ns *corev1.Namespace) {
	if len(ns.Name) > 0 {
		if ns.Labels == nil {
			ns.Labels = map[string]string{}
		}
		ns.Labels[corev1.LabelMetadataName] = ns.Name
	}
	if ns.Status.Phase == "" {
		ns.Status.Phase = corev1.NamespaceActive
	}
}

// namespaceStorage is storage.NewREST of kube-apiserver: the resource, and
// its status and finalize subresources over the same store.
func namespaceStorage(serving *runtime.Scheme, getter *restOptionsGetter) (map[string]rest.Storage, *registry.Store, error) {
	strategy := namespaceStrategy{ObjectTyper: serving, NameGenerator: nameGenerator}
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
		TableConvertor:            namespaceTable,
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
		"namespaces/status":   &statusREST{store: &statusStore},
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

// namespaceStrategy is the Namespace strategy: cluster-scoped, status
// Active and the "kubernetes" spec finalizer on create, spec.finalizers and
// status kept on update (they change through /finalize and /status),
// unconditional updates allowed, the metadata.name label kept in step with
// the name.
type namespaceStrategy struct {
	runtime.ObjectTyper
	names.NameGenerator
}

var (
	_ rest.RESTCreateStrategy  = namespaceStrategy{}
	_ rest.RESTUpdateStrategy  = namespaceStrategy{}
	_ rest.RESTDeleteStrategy  = namespaceStrategy{}
	_ rest.ResetFieldsStrategy = namespaceStrategy{}
)

// NamespaceScoped is false for namespaces.
func (namespaceStrategy) NamespaceScoped() bool { return false }

// GetResetFields: writes to the main resource never own status fields.
func (namespaceStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{"v1": fieldpath.NewSet(fieldpath.MakePathOrDie("status"))}
}

// PrepareForCreate sets phase Active and makes sure the "kubernetes"
// finalizer is in spec.finalizers.
func (namespaceStrategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	ns := obj.(*corev1.Namespace)
	ns.Status = corev1.NamespaceStatus{Phase: corev1.NamespaceActive}
	for _, f := range ns.Spec.Finalizers {
		if f == corev1.FinalizerKubernetes {
			return
		}
	}
	ns.Spec.Finalizers = append(ns.Spec.Finalizers, corev1.FinalizerKubernetes)
}

// PrepareForUpdate keeps the stored spec.finalizers and status.
func (namespaceStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	ns, oldNS := obj.(*corev1.Namespace), old.(*corev1.Namespace)
	ns.Spec.Finalizers = oldNS.Spec.Finalizers
	ns.Status = oldNS.Status
}

// Validate is ValidateNamespace.
func (namespaceStrategy) Validate(_ context.Context, obj runtime.Object) field.ErrorList {
	return validateNamespace(obj.(*corev1.Namespace))
}

// WarningsOnCreate implements rest.RESTCreateStrategy: there are none.
func (namespaceStrategy) WarningsOnCreate(context.Context, runtime.Object) []string { return nil }

// Canonicalize sets the kubernetes.io/metadata.name label to the name, which
// defaulting cannot do for a generated name.
func (namespaceStrategy) Canonicalize(obj runtime.Object) {
	ns := obj.(*corev1.Namespace)
	if ns.Labels == nil {
		ns.Labels = map[string]string{}
	}
	ns.Labels[corev1.LabelMetadataName] = ns.Name
}

// AllowCreateOnUpdate is false: PUT to a missing name is a 404.
func (namespaceStrategy) AllowCreateOnUpdate(context.Context) bool { return false }

// AllowUnconditionalUpdate is true: PUT without a resourceVersion writes.
func (namespaceStrategy) AllowUnconditionalUpdate(context.Context) bool { return true }

// ValidateUpdate is ValidateNamespace then ValidateNamespaceUpdate.
func (namespaceStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	ns := obj.(*corev1.Namespace)
	return append(validateNamespace(ns), validateObjectMetaUpdate(&ns.ObjectMeta, &old.(*corev1.Namespace).ObjectMeta)...)
}

// WarningsOnUpdate implements rest.RESTUpdateStrategy: there are none.
func (namespaceStrategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}

// namespaceStatusStrategy is the /status strategy: only the status changes.
type namespaceStatusStrategy struct{ namespaceStrategy }

// GetResetFields: /status writes never own spec fields.
func (namespaceStatusStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{"v1": fieldpath.NewSet(fieldpath.MakePathOrDie("spec"))}
}

// PrepareForUpdate keeps the stored spec.
func (namespaceStatusStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	obj.(*corev1.Namespace).Spec = old.(*corev1.Namespace).Spec
}

// ValidateUpdate is ValidateNamespaceStatusUpdate: the metadata update rules,
// and a phase that agrees with deletionTimestamp.
func (namespaceStatusStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	ns := obj.(*corev1.Namespace)
	errs := validateObjectMetaUpdate(&ns.ObjectMeta, &old.(*corev1.Namespace).ObjectMeta)
	phasePath := field.NewPath("status", "Phase")
	if ns.DeletionTimestamp.IsZero() {
		if ns.Status.Phase != corev1.NamespaceActive {
			errs = append(errs, field.Invalid(phasePath, ns.Status.Phase, "may only be 'Active' if `deletionTimestamp` is empty"))
		}
	} else if ns.Status.Phase != corev1.NamespaceTerminating {
		errs = append(errs, field.Invalid(phasePath, ns.Status.Phase, "may only be 'Terminating' if `deletionTimestamp` is not empty"))
	}
	return errs
}

// namespaceFinalizeStrategy is the /finalize strategy: spec.finalizers may
// change, the status may not.
type namespaceFinalizeStrategy struct{ namespaceStrategy }

// GetResetFields: /finalize writes never own status fields.
func (namespaceFinalizeStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{"v1": fieldpath.NewSet(fieldpath.MakePathOrDie("status"))}
}

// PrepareForUpdate keeps the stored status.
func (namespaceFinalizeStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	obj.(*corev1.Namespace).Status = old.(*corev1.Namespace).Status
}

// ValidateUpdate is ValidateNamespaceFinalizeUpdate.
func (namespaceFinalizeStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	ns := obj.(*corev1.Namespace)
	errs := validateObjectMetaUpdate(&ns.ObjectMeta, &old.(*corev1.Namespace).ObjectMeta)
	finalizers := field.NewPath("spec", "finalizers")
	for i := range ns.Spec.Finalizers {
		errs = append(errs, validateSpecFinalizerName(string(ns.Spec.Finalizers[i]), finalizers.Index(i))...)
	}
	return errs
}

// validateNamespace is ValidateNamespace of pkg/apis/core/validation: the
// core ObjectMeta rules with DNS-label names, then each spec finalizer (at
// spec.finalizers, without an index, as upstream reports it).
func validateNamespace(ns *corev1.Namespace) field.ErrorList {
	metadata := field.NewPath("metadata")
	errs := validation.ValidateObjectMeta(&ns.ObjectMeta, false, validation.ValidateNamespaceName, metadata)
	errs = append(errs, kubeFinalizerNameErrors(ns.Finalizers, metadata.Child("finalizers"))...)
	for i := range ns.Spec.Finalizers {
		errs = append(errs, validateSpecFinalizerName(string(ns.Spec.Finalizers[i]), field.NewPath("spec", "finalizers"))...)
	}
	return errs
}

// validateObjectMetaUpdate is the core ValidateObjectMetaUpdate: the
// apimachinery update rules, then the finalizer names.
func validateObjectMetaUpdate(obj, old *metav1.ObjectMeta) field.ErrorList {
	metadata := field.NewPath("metadata")
	errs := validation.ValidateObjectMetaUpdate(obj, old, metadata)
	return append(errs, kubeFinalizerNameErrors(obj.Finalizers, metadata.Child("finalizers"))...)
}

// kubeFinalizerNameErrors is validateKubeFinalizerName for each finalizer,
// at its index.
func kubeFinalizerNameErrors(finalizers []string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, f := range finalizers {
		errs = append(errs, validateKubeFinalizerName(f, fldPath.Index(i))...)
	}
	return errs
}

// validateSpecFinalizerName is validateFinalizerName: a qualified name,
// standard or with a '/'.
func validateSpecFinalizerName(name string, fldPath *field.Path) field.ErrorList {
	return append(validation.ValidateFinalizerName(name, fldPath), validateKubeFinalizerName(name, fldPath)...)
}

// validateKubeFinalizerName is the built-in rule on finalizer names: a name
// without '/' must be a standard one.
func validateKubeFinalizerName(name string, fldPath *field.Path) field.ErrorList {
	if !strings.Contains(name, "/") && !schemameta.IsStandardFinalizerName(name) {
		return field.ErrorList{field.Invalid(fldPath, name, "name is neither a standard finalizer name nor is it fully qualified")}
	}
	return nil
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
