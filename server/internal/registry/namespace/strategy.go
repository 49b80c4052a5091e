package namespace

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

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
