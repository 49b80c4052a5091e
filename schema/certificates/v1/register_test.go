package certificatesv1_test

import (
	"context"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

func TestRegisterValidations(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := pcrvalidation.RegisterValidations(scheme); err != nil {
		t.Fatal(err)
	}
	ctx := pcrvalidation.WithClock(context.Background(), func() time.Time { return testNow })
	old := stored(t)

	bad := validPCR(t)
	bad.Spec.PodUID = ""
	assertErrors(t, scheme.Validate(ctx, nil, bad), pcrvalidation.ValidateCreate(bad))
	if len(scheme.Validate(ctx, nil, bad)) != 1 {
		t.Error("create validation did not run")
	}

	changed := old.DeepCopy()
	changed.Spec.PodName = "pod-2"
	assertErrors(t, scheme.ValidateUpdate(ctx, nil, changed, old), pcrvalidation.ValidateUpdate(changed, old))
	if len(scheme.ValidateUpdate(ctx, nil, changed, old)) != 1 {
		t.Error("update validation did not run")
	}

	issuedPCR := withStatus(old, issuance(t, testNow, 24*time.Hour, 20*time.Hour))
	assertErrors(t, scheme.ValidateUpdate(ctx, nil, issuedPCR, old, "status"), nil)
	// Without the injected clock the leaf's notBefore is far from time.Now.
	if errs := scheme.ValidateUpdate(context.Background(), nil, issuedPCR, old, "status"); len(errs) != 1 {
		t.Errorf("status validation with the real clock: %v", errs)
	}
}
