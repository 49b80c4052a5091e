package lifecycle

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Client is the part of a client-gen typed client that AddFinalizer and
// RemoveFinalizer use.
type Client[T Object] interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (T, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (T, error)
}

// Retry bounds how AddFinalizer and RemoveFinalizer retry after a 409
// Conflict: at most Attempts tries in all, sleeping between them for a random
// time up to a delay that starts at Initial and doubles up to Max.
type Retry struct {
	Attempts int
	Initial  time.Duration
	Max      time.Duration
}

// DefaultRetry copes with a few dozen writers racing on one object.
var DefaultRetry = Retry{Attempts: 30, Initial: 5 * time.Millisecond, Max: 500 * time.Millisecond}

// Option adjusts one call.
type Option func(*options)

type options struct {
	retry Retry
	patch metav1.PatchOptions
}

// WithRetry replaces DefaultRetry.
func WithRetry(r Retry) Option { return func(o *options) { o.retry = r } }

// WithFieldManager names the field manager of the patches.
func WithFieldManager(name string) Option {
	return func(o *options) { o.patch.FieldManager = name }
}

// WithDryRun sends the patches with dryRun=All: the server validates and
// answers but stores nothing.
func WithDryRun() Option {
	return func(o *options) { o.patch.DryRun = []string{metav1.DryRunAll} }
}

func newOptions(opts []Option) options {
	o := options{retry: DefaultRetry}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

var finalizersPath = field.NewPath("metadata", "finalizers")

// AddFinalizer adds finalizer to the object called name unless it is there
// already, and returns the object as the server stored it.
//
// A name the server would reject is refused before anything is sent
// (*InvalidFinalizerError), and so is an object that is being deleted
// (*TerminatingError). The list is written with a merge patch guarded by the
// resourceVersion it was computed from, so no other writer's finalizer is
// ever dropped; on 409 Conflict the object is read again and the patch
// retried, as Retry allows.
func AddFinalizer[T Object](ctx context.Context, c Client[T], name, finalizer string, opts ...Option) (T, error) {
	var zero T
	if errs := ValidateFinalizerName(finalizer, finalizersPath); len(errs) > 0 {
		return zero, &InvalidFinalizerError{Finalizer: finalizer, Errs: errs}
	}
	o := newOptions(opts)
	return retryOnConflict(ctx, o.retry, func() (T, error) {
		obj, err := c.Get(ctx, name, metav1.GetOptions{})
		switch {
		case err != nil:
			return zero, err
		case HasFinalizer(obj, finalizer):
			return obj, nil
		case IsTerminating(obj):
			return zero, &TerminatingError{Name: name, Finalizer: finalizer, DeletionTimestamp: *obj.GetDeletionTimestamp()}
		}
		finalizers := append(slices.Clone(obj.GetFinalizers()), finalizer)
		if errs := apivalidation.ValidateFinalizers(finalizers, finalizersPath); len(errs) > 0 {
			return zero, &InvalidFinalizerError{Finalizer: finalizer, Errs: errs}
		}
		return patchFinalizers(ctx, c, obj, finalizers, o.patch)
	})
}

// RemoveFinalizer removes every occurrence of finalizer from the object
// called name, with the same guarantees as AddFinalizer, and reports whether
// the object is now gone: removing the last finalizer of a terminating object
// (with no grace period left) makes the server delete it. An object that does
// not exist is reported gone; one without the finalizer is returned as it is.
func RemoveFinalizer[T Object](ctx context.Context, c Client[T], name, finalizer string, opts ...Option) (T, bool, error) {
	var zero T
	o := newOptions(opts)
	obj, err := retryOnConflict(ctx, o.retry, func() (T, error) {
		obj, err := c.Get(ctx, name, metav1.GetOptions{})
		if err != nil || !HasFinalizer(obj, finalizer) {
			return obj, err
		}
		remaining := slices.DeleteFunc(slices.Clone(obj.GetFinalizers()), func(f string) bool { return f == finalizer })
		return patchFinalizers(ctx, c, obj, remaining, o.patch)
	})
	switch {
	case apierrors.IsNotFound(err):
		return zero, true, nil
	case err != nil:
		return zero, false, err
	}
	return obj, isGoneAfterUpdate(obj), nil
}

// patchFinalizers replaces the finalizers of obj, on condition that the
// object is still at the resourceVersion they were computed from.
func patchFinalizers[T Object](ctx context.Context, c Client[T], obj T, finalizers []string, opts metav1.PatchOptions) (T, error) {
	patch, err := finalizerPatch(obj.GetResourceVersion(), finalizers)
	if err != nil {
		var zero T
		return zero, err
	}
	return c.Patch(ctx, obj.GetName(), types.MergePatchType, patch, opts)
}

// finalizerPatch is a JSON merge patch; an empty list is sent as null, which
// removes the field as the server would store it.
func finalizerPatch(resourceVersion string, finalizers []string) ([]byte, error) {
	meta := map[string]any{"resourceVersion": resourceVersion, "finalizers": nil}
	if len(finalizers) > 0 {
		meta["finalizers"] = finalizers
	}
	return json.Marshal(map[string]any{"metadata": meta})
}

// retryOnConflict runs attempt until it ends with anything but a 409
// Conflict, the attempts run out, or ctx ends.
func retryOnConflict[T any](ctx context.Context, r Retry, attempt func() (T, error)) (T, error) {
	delay := r.Initial
	for tries := 1; ; tries++ {
		result, err := attempt()
		if !apierrors.IsConflict(err) {
			return result, err
		}
		if tries >= r.Attempts {
			return result, fmt.Errorf("still conflicting after %d attempts: %w", tries, err)
		}
		timer := time.NewTimer(jitter(delay))
		select {
		case <-ctx.Done():
			timer.Stop()
			return result, fmt.Errorf("%w (after %d conflicts: %v)", ctx.Err(), tries, err)
		case <-timer.C:
		}
		delay = min(2*delay, r.Max)
	}
}

// jitter spreads writers that conflicted at the same moment: a random time
// between half of d and d.
func jitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return d/2 + rand.N(d/2+1)
}
