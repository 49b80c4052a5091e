package certificatesv1

import (
	"context"
	"time"
)

type clockKey struct{}

// RegisterValidations (zz_generated.validations.go) registers the
// validation of PodCertificateRequest creates, updates and /status updates
// in a scheme, so that scheme.Validate and scheme.ValidateUpdate (with
// subresource "status") apply it.

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
