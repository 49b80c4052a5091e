package lifecycle

import (
	"slices"
	"strings"

	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Object is a Kubernetes API object with ObjectMeta: every client-gen type,
// and what controller-runtime calls a client.Object.
type Object interface {
	metav1.Object
	runtime.Object
}

// FinalizerKubernetes is the namespace controller's finalizer (core/v1
// FinalizerKubernetes), named here so this package does not link k8s.io/api.
const FinalizerKubernetes = "kubernetes"

// standardFinalizers are the names kube-apiserver accepts without a "/"
// (k8s.io/kubernetes pkg/apis/core/helper.IsStandardFinalizerName).
var standardFinalizers = []string{FinalizerKubernetes, metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents}

// HasFinalizer reports whether obj lists finalizer.
func HasFinalizer(obj metav1.Object, finalizer string) bool {
	return slices.Contains(obj.GetFinalizers(), finalizer)
}

// IsTerminating reports whether deletion of obj has begun: it has a
// deletionTimestamp and stays until its finalizers are removed (and, for
// graceful types such as pods, its grace period has passed).
func IsTerminating(obj metav1.Object) bool {
	return obj.GetDeletionTimestamp() != nil
}

// IsStandardFinalizer reports whether name is one of the finalizers
// Kubernetes itself defines: kubernetes, orphan or foregroundDeletion.
func IsStandardFinalizer(name string) bool {
	return slices.Contains(standardFinalizers, name)
}

// ValidateFinalizerName checks one finalizer name with kube-apiserver's rules
// for built-in types, with the server's messages: a qualified name
// (apimachinery's ValidateFinalizerName, at fldPath) that is either standard
// or fully qualified, i.e. contains a "/" (at fldPath, as the core validation
// reports it with the index of the entry). Custom resources accept an
// unqualified name with a warning; writers should not rely on that.
func ValidateFinalizerName(name string, fldPath *field.Path) field.ErrorList {
	errs := apivalidation.ValidateFinalizerName(name, fldPath)
	if !strings.Contains(name, "/") && !IsStandardFinalizer(name) {
		errs = append(errs, field.Invalid(fldPath, name, "name is neither a standard finalizer name nor is it fully qualified"))
	}
	return errs
}

// Component names who is responsible for a finalizer: the domain prefix of a
// qualified name ("example.com" for "example.com/cleanup"), or the
// Kubernetes component that handles a standard one.
func Component(finalizer string) string {
	switch finalizer {
	case metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents:
		return "garbage collector"
	case FinalizerKubernetes:
		return "namespace controller"
	}
	if prefix, _, found := strings.Cut(finalizer, "/"); found {
		return prefix
	}
	return finalizer
}

// Components lists the components of finalizers, once each, in order.
func Components(finalizers []string) []string {
	var out []string
	for _, f := range finalizers {
		if c := Component(f); !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// isGoneAfterUpdate reports whether the server deleted obj instead of
// writing the update that produced it: a terminating object left without
// finalizers and without a pending grace period (store.ShouldDeleteDuringUpdate).
func isGoneAfterUpdate(obj metav1.Object) bool {
	return IsTerminating(obj) && len(obj.GetFinalizers()) == 0 && !gracePending(obj)
}

// gracePending reports whether a graceful deletion still runs its period.
func gracePending(obj metav1.Object) bool {
	grace := obj.GetDeletionGracePeriodSeconds()
	return grace != nil && *grace > 0
}
