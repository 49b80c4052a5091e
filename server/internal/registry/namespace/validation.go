package namespace

import (
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	schemameta "github.com/metagen-dev/metagen/schema/meta"
)

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
