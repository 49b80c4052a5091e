package meta

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	v1validation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateCondition validates one condition with apimachinery's handwritten
// rules (metav1validation.ValidateCondition), the ones kube-apiserver applies
// to the conditions of built-in types: type a qualified name, status True,
// False or Unknown, observedGeneration not negative, lastTransitionTime set,
// reason set and well formed, reason and message not too long. Its signature
// is that of the validators generated code calls.
func ValidateCondition(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *metav1.Condition) field.ErrorList {
	if obj == nil || acceptCondition(obj) {
		return nil
	}
	return v1validation.ValidateCondition(*obj, fldPath)
}

// The limits of ValidateCondition, which apimachinery does not export. The
// quick pass sends anything longer to the full check.
const (
	maxConditionReasonBytes  = 1024
	maxConditionMessageBytes = 32 * 1024
)

func acceptCondition(c *metav1.Condition) bool {
	switch c.Status {
	case metav1.ConditionTrue, metav1.ConditionFalse, metav1.ConditionUnknown:
	default:
		return false
	}
	return c.Type != "" && isQualifiedName(c.Type) &&
		c.ObservedGeneration >= 0 &&
		!c.LastTransitionTime.IsZero() &&
		c.Reason != "" && len(c.Reason) <= maxConditionReasonBytes &&
		len(v1validation.IsValidConditionReason(c.Reason)) == 0 &&
		len(c.Message) <= maxConditionMessageBytes
}
