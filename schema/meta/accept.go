package meta

import (
	"strings"

	"k8s.io/apimachinery/pkg/api/validate/content"
	"k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/metagen-dev/metagen/schema/internal/quick"
)

// The accept functions are the quick pass: each reports true only when the
// full checks would find nothing, and allocates nothing on the way. When in
// doubt they report false and the full checks run. They call apimachinery's
// own predicates, so they follow its rules rather than restate them; the
// differential tests hold them to the full checks.

func (r *Rules) acceptCreate(obj *metav1.ObjectMeta) bool {
	nameFn := r.NameFormat.nameFunc()
	if r.CustomResource {
		nameFn = validation.NameIsDNSSubdomain
	}
	return obj.Name != "" && len(nameFn(obj.Name, false)) == 0 &&
		(obj.GenerateName == "" || len(nameFn(obj.GenerateName, true)) == 0) &&
		r.acceptCommon(obj) &&
		r.acceptFinalizerNames(obj.Finalizers, nil)
}

func (r *Rules) acceptUpdate(obj, old *metav1.ObjectMeta) bool {
	return obj.Name != "" && len(content.IsPathSegmentName(obj.Name)) == 0 &&
		(obj.GenerateName == "" || len(content.IsPathSegmentPrefix(obj.GenerateName)) == 0) &&
		r.acceptRevalidatedNames(obj) &&
		r.acceptCommon(obj) &&
		acceptUpdateRules(obj, old) &&
		r.acceptFinalizerNames(obj.Finalizers, old.Finalizers)
}

// acceptRevalidatedNames covers the name format checks of an update that
// runs the create checks again.
func (r *Rules) acceptRevalidatedNames(obj *metav1.ObjectMeta) bool {
	if !r.UpdateRevalidates || r.CustomResource {
		return true
	}
	nameFn := r.NameFormat.nameFunc()
	return len(nameFn(obj.Name, false)) == 0 &&
		(obj.GenerateName == "" || len(nameFn(obj.GenerateName, true)) == 0)
}

// acceptCommon covers what create and update share: namespace, generation,
// labels, annotations, owner references, the finalizer conflict and managed
// fields (any of which sends the object to the full checks).
func (r *Rules) acceptCommon(obj *metav1.ObjectMeta) bool {
	if r.Namespaced != (obj.Namespace != "") {
		return false
	}
	if obj.Namespace != "" && len(validation.ValidateNamespaceName(obj.Namespace, false)) != 0 {
		return false
	}
	return obj.Generation >= 0 &&
		acceptLabels(obj.Labels) &&
		acceptAnnotations(obj.Annotations) &&
		acceptOwnerReferences(obj.OwnerReferences) &&
		!hasOrphanAndForeground(obj.Finalizers) &&
		len(obj.ManagedFields) == 0
}

// acceptUpdateRules covers ValidateObjectMetaAccessorUpdate.
func acceptUpdateRules(obj, old *metav1.ObjectMeta) bool {
	if old.DeletionTimestamp != nil && !isSubset(obj.Finalizers, old.Finalizers) {
		return false
	}
	return obj.ResourceVersion != "" &&
		obj.Generation >= old.Generation &&
		obj.Name == old.Name && obj.Namespace == old.Namespace && obj.UID == old.UID &&
		obj.CreationTimestamp.UTC() == old.CreationTimestamp.UTC() &&
		sameTime(obj.DeletionTimestamp, old.DeletionTimestamp) &&
		sameInt64(obj.DeletionGracePeriodSeconds, old.DeletionGracePeriodSeconds)
}

// acceptFinalizerNames covers the qualified-name rule, the built-in rule and
// the owned finalizers.
func (r *Rules) acceptFinalizerNames(finalizers, old []string) bool {
	for _, name := range finalizers {
		if !isQualifiedName(name) || !r.ownedFinalizerOK(name, old) {
			return false
		}
		if !r.CustomResource && !isStandardOrFullyQualified(name) {
			return false
		}
	}
	return true
}

// isQualifiedName reports whether IsQualifiedName(value) finds nothing,
// without allocating.
func isQualifiedName(value string) bool { return quick.QualifiedName(value) }

func acceptLabels(labels map[string]string) bool {
	for key, value := range labels {
		if !isQualifiedName(key) || len(content.IsLabelValue(value)) != 0 {
			return false
		}
	}
	return true
}

func acceptAnnotations(annotations map[string]string) bool {
	total := 0
	for key, value := range annotations {
		if !isQualifiedName(strings.ToLower(key)) {
			return false
		}
		total += len(key) + len(value)
	}
	return total <= validation.TotalAnnotationSizeLimitB
}

func acceptOwnerReferences(refs []metav1.OwnerReference) bool {
	controllers := 0
	for i := range refs {
		ref := &refs[i]
		if ref.APIVersion == "" || ref.Kind == "" || ref.Name == "" || ref.UID == "" {
			return false
		}
		gv, err := schema.ParseGroupVersion(ref.APIVersion)
		if err != nil || gv.Version == "" {
			return false
		}
		if _, banned := validation.BannedOwners[gv.WithKind(ref.Kind)]; banned {
			return false
		}
		if ref.Controller != nil && *ref.Controller {
			controllers++
		}
	}
	return controllers <= 1
}

func hasOrphanAndForeground(finalizers []string) bool {
	var orphan, foreground bool
	for _, name := range finalizers {
		orphan = orphan || name == metav1.FinalizerOrphanDependents
		foreground = foreground || name == metav1.FinalizerDeleteDependents
	}
	return orphan && foreground
}

// isSubset compares as sets: order and duplicates do not matter.
func isSubset(items, of []string) bool {
	for _, item := range items {
		found := false
		for _, candidate := range of {
			if item == candidate {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func sameTime(a, b *metav1.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.UTC() == b.UTC()
}

func sameInt64(a, b *int64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
