package rules

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/schema/internal/quick"
)

// LabelKey is validate.LabelKey (+k8s:format=k8s-label-key) with a quick
// pass: a valid key costs no allocation, an invalid one gets validate's
// errors.
func LabelKey[T ~string](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *T) field.ErrorList {
	if value == nil || quick.QualifiedName(string(*value)) {
		return nil
	}
	return validate.LabelKey(ctx, op, fldPath, value, oldValue)
}
