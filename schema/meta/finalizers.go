package meta

import (
	"slices"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// finalizerKubernetes is corev1.FinalizerKubernetes, written out to keep
// k8s.io/api out of the binaries that import this package.
const finalizerKubernetes = "kubernetes"

// IsStandardFinalizerName reports whether name is one of the finalizers
// Kubernetes itself defines: kubernetes, orphan and foregroundDeletion.
func IsStandardFinalizerName(name string) bool {
	switch name {
	case finalizerKubernetes, metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents:
		return true
	}
	return false
}

// isStandardOrFullyQualified is the rule built-in types apply to every
// finalizer; "fully qualified" only means that the name has a '/'.
func isStandardOrFullyQualified(name string) bool {
	return strings.Contains(name, "/") || IsStandardFinalizerName(name)
}

// builtinFinalizerErrors is the finalizer check of the core API's
// ValidateObjectMeta and ValidateObjectMetaUpdate (validateKubeFinalizerName).
func builtinFinalizerErrors(finalizers []string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, name := range finalizers {
		if !isStandardOrFullyQualified(name) {
			errs = append(errs, field.Invalid(fldPath.Index(i), name, "name is neither a standard finalizer name nor is it fully qualified"))
		}
	}
	return errs
}

// ownedFinalizerErrors rejects finalizers in the type's own domain that its
// controllers do not own. Finalizers the object already had are left alone,
// so that an object stored before the list changed can still be updated.
func (r *Rules) ownedFinalizerErrors(finalizers, old []string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, name := range finalizers {
		if !r.ownedFinalizerOK(name, old) {
			errs = append(errs, field.NotSupported(fldPath.Index(i), name, r.OwnedFinalizers))
		}
	}
	return errs
}

func (r *Rules) ownedFinalizerOK(name string, old []string) bool {
	return len(r.OwnedFinalizers) == 0 || !r.inOwnDomain(name) ||
		slices.Contains(r.OwnedFinalizers, name) || slices.Contains(old, name)
}

// inOwnDomain reports whether the finalizer's prefix is the type's group or a
// subdomain of it.
func (r *Rules) inOwnDomain(name string) bool {
	prefix, _, qualified := strings.Cut(name, "/")
	if !qualified || r.Group == "" {
		return false
	}
	return prefix == r.Group || strings.HasSuffix(prefix, "."+r.Group)
}
