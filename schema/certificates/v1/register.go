package certificatesv1

import (
	"context"
	"errors"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type clockKey struct{}

// WithClock returns a context whose server clock, used by the /status
// notBefore check, is now. Without it, the scheme uses time.Now.
func WithClock(ctx context.Context, now func() time.Time) context.Context {
	return context.WithValue(ctx, clockKey{}, now)
}

func clockFrom(ctx context.Context) time.Time {
	if now, ok := ctx.Value(clockKey{}).(func() time.Time); ok {
		return now()
	}
	return time.Now()
}

// RegisterValidations registers PodCertificateRequest create, update and
// /status update validation in scheme, so that scheme.Validate and
// scheme.ValidateUpdate (with subresource "status") apply them.
func RegisterValidations(scheme *runtime.Scheme) error {
	scheme.AddValidationFunc(&certificatesv1.PodCertificateRequest{}, validate)
	return nil
}

// validate dispatches on the operation and subresource.
func validate(ctx context.Context, op operation.Operation, obj, oldObj any) field.ErrorList {
	pcr, ok := obj.(*certificatesv1.PodCertificateRequest)
	if !ok {
		return field.ErrorList{field.InternalError(nil, errors.New("not a PodCertificateRequest"))}
	}
	if op.Type != operation.Update {
		return ValidateCreate(pcr)
	}
	old, ok := oldObj.(*certificatesv1.PodCertificateRequest)
	if !ok {
		return field.ErrorList{field.InternalError(nil, errors.New("update without the old PodCertificateRequest"))}
	}
	switch subresources := op.Request.Subresources; {
	case len(subresources) == 0:
		return ValidateUpdate(pcr, old)
	case len(subresources) == 1 && subresources[0] == "status":
		return ValidateStatusUpdate(pcr, old, clockFrom(ctx))
	}
	// Other subresources do not exist; there is nothing to validate.
	return nil
}
