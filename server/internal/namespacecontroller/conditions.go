package namespacecontroller

import (
	"fmt"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
)

// namespaceConditions is the controller's namespaceConditionUpdater: the
// conditions of one pass, then merged into the namespace's status.
type namespaceConditions struct {
	conditions    []corev1.NamespaceCondition
	contentErrors []error
}

// namespaceConditionTypes, and what each says when all is well.
var namespaceConditionTypes = []struct {
	conditionType   corev1.NamespaceConditionType
	reason, message string
}{
	{corev1.NamespaceDeletionDiscoveryFailure, "ResourcesDiscovered", "All resources successfully discovered"},
	{corev1.NamespaceDeletionGVParsingFailure, "ParsedGroupVersions", "All legacy kube types successfully parsed"},
	{corev1.NamespaceDeletionContentFailure, "ContentDeleted", "All content successfully deleted, may be waiting on finalization"},
	{corev1.NamespaceContentRemaining, "ContentRemoved", "All content successfully removed"},
	{corev1.NamespaceFinalizersRemaining, "ContentHasNoFinalizers", "All content-preserving finalizers finished"},
}

func (u *namespaceConditions) add(conditionType corev1.NamespaceConditionType, reason, message string) {
	u.conditions = append(u.conditions, corev1.NamespaceCondition{
		Type: conditionType, Status: corev1.ConditionTrue, LastTransitionTime: metav1.Now(), Reason: reason, Message: message,
	})
}

func (u *namespaceConditions) discoveryFailed(err error) {
	message := err.Error()
	if failed, ok := err.(*discovery.ErrGroupDiscoveryFailed); ok {
		message = fmt.Sprintf("Discovery failed for some groups, %d failing: %v", len(failed.Groups), err)
	}
	u.add(corev1.NamespaceDeletionDiscoveryFailure, "DiscoveryFailed", message)
}

func (u *namespaceConditions) groupVersionFailed(err error) {
	u.add(corev1.NamespaceDeletionGVParsingFailure, "GroupVersionParsingFailed", err.Error())
}

func (u *namespaceConditions) deleteContentFailed(err error) {
	u.contentErrors = append(u.contentErrors, err)
}

func (u *namespaceConditions) contentTotals(remaining map[schema.GroupVersionResource]int, finalizers map[string]int) {
	if len(remaining) > 0 {
		var parts []string
		for gvr, n := range remaining {
			parts = append(parts, fmt.Sprintf("%s.%s has %d resource instances", gvr.Resource, gvr.Group, n))
		}
		sort.Strings(parts)
		u.add(corev1.NamespaceContentRemaining, "SomeResourcesRemain", "Some resources are remaining: "+strings.Join(parts, ", "))
	}
	if len(finalizers) > 0 {
		var parts []string
		for f, n := range finalizers {
			parts = append(parts, fmt.Sprintf("%s in %d resource instances", f, n))
		}
		sort.Strings(parts)
		u.add(corev1.NamespaceFinalizersRemaining, "SomeFinalizersRemain", "Some content in the namespace has finalizers remaining: "+strings.Join(parts, ", "))
	}
}

// apply merges the pass's conditions into status, every type present (True
// for a problem, False with the all-well wording otherwise), and reports
// whether anything changed.
func (u *namespaceConditions) apply(status *corev1.NamespaceStatus) bool {
	if len(u.contentErrors) > 0 && findNamespaceCondition(u.conditions, corev1.NamespaceDeletionContentFailure) == nil {
		var messages []string
		for _, err := range u.contentErrors {
			messages = append(messages, err.Error())
		}
		sort.Strings(messages)
		u.add(corev1.NamespaceDeletionContentFailure, "ContentDeletionFailed",
			fmt.Sprintf("Failed to delete all resource types, %d remaining: %v", len(messages), strings.Join(messages, ", ")))
	}
	changed := false
	for _, t := range namespaceConditionTypes {
		next := findNamespaceCondition(u.conditions, t.conditionType)
		if next == nil {
			next = &corev1.NamespaceCondition{Type: t.conditionType, Status: corev1.ConditionFalse, LastTransitionTime: metav1.Now(), Reason: t.reason, Message: t.message}
		}
		old := findNamespaceCondition(status.Conditions, t.conditionType)
		switch {
		case old == nil:
			status.Conditions = append(status.Conditions, *next)
			changed = true
		case old.Status != next.Status || old.Reason != next.Reason || old.Message != next.Message:
			if old.Status != next.Status {
				old.LastTransitionTime = metav1.Now()
			}
			old.Status, old.Reason, old.Message = next.Status, next.Reason, next.Message
			changed = true
		}
	}
	return changed
}

func findNamespaceCondition(conditions []corev1.NamespaceCondition, t corev1.NamespaceConditionType) *corev1.NamespaceCondition {
	for i := range conditions {
		if conditions[i].Type == t {
			return &conditions[i]
		}
	}
	return nil
}
