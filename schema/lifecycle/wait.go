package lifecycle

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
)

// WatchClient is the part of a client-gen typed client that DeleteAndWait
// uses besides a Deleter.
type WatchClient[T Object] interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (T, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
}

// DeleteAndWait deletes the object called name and, when it is kept
// terminating, waits on a watch (not by polling) until it is gone or ctx
// ends. The outcome is Gone or NotFound on success. When ctx ends first, the
// error is a *StillTerminatingError naming the finalizers that still block the
// deletion and the components they belong to, and the outcome is the last
// state seen. A dry run does not wait.
func DeleteAndWait[T Object](ctx context.Context, d Deleter, c WatchClient[T], name string, opts metav1.DeleteOptions) (Outcome[T], error) {
	outcome, err := Delete[T](ctx, d, name, opts)
	if err != nil || outcome.Result != Terminating || outcome.DryRun {
		return outcome, err
	}
	w := &waiter[T]{client: c, name: name, last: outcome.Object}
	if err := w.waitGone(ctx); err != nil {
		outcome.Object, outcome.Pending = w.last, w.last.GetFinalizers()
		if ctx.Err() != nil {
			return outcome, w.stillTerminating(d, context.Cause(ctx))
		}
		return outcome, err
	}
	outcome.Result, outcome.Pending = Gone, nil
	return outcome, nil
}

// waiter follows one object until it is gone.
type waiter[T Object] struct {
	client WatchClient[T]
	name   string
	// last is the latest state seen; its UID tells the object from a new
	// one created under the same name.
	last T
}

// waitGone returns nil once the object is gone, or ctx's error.
// Each round watches from the last resourceVersion seen, then reads the
// object, so no deletion between the two is missed (client-go's fake, for
// one, only sends events from the moment a watch starts).
func (w *waiter[T]) waitGone(ctx context.Context) error {
	resourceVersion := w.last.GetResourceVersion()
	for {
		watcher, err := w.client.Watch(ctx, metav1.ListOptions{
			FieldSelector:       fields.OneTermEqualSelector("metadata.name", w.name).String(),
			ResourceVersion:     resourceVersion,
			AllowWatchBookmarks: true,
		})
		if err != nil {
			return orContextError(ctx, err)
		}
		gone, err := w.check(ctx)
		if gone || err != nil {
			watcher.Stop()
			return err
		}
		resourceVersion, gone, err = w.follow(ctx, watcher, resourceVersion)
		watcher.Stop()
		if gone || err != nil {
			return err
		}
	}
}

// check reads the object: gone if it does not exist or was replaced.
func (w *waiter[T]) check(ctx context.Context) (bool, error) {
	obj, err := w.client.Get(ctx, w.name, metav1.GetOptions{})
	switch {
	case apierrors.IsNotFound(err):
		return true, nil
	case err != nil:
		return false, orContextError(ctx, err)
	case obj.GetUID() != w.last.GetUID():
		return true, nil
	}
	w.last = obj
	return false, nil
}

// follow reads events until the object is deleted, the watch ends (the
// caller watches again from the returned resourceVersion), or ctx ends.
func (w *waiter[T]) follow(ctx context.Context, watcher watch.Interface, resourceVersion string) (string, bool, error) {
	for {
		select {
		case <-ctx.Done():
			return resourceVersion, false, ctx.Err()
		case event, ok := <-watcher.ResultChan():
			if !ok {
				return resourceVersion, false, nil
			}
			if event.Type == watch.Error {
				err := apierrors.FromObject(event.Object)
				if apierrors.IsResourceExpired(err) || apierrors.IsGone(err) {
					return "", false, nil // history compacted: start from now
				}
				return resourceVersion, false, err
			}
			accessor, err := meta.Accessor(event.Object)
			if err != nil {
				continue
			}
			resourceVersion = accessor.GetResourceVersion()
			if w.observe(event.Type, accessor) {
				return resourceVersion, true, nil
			}
		}
	}
}

// observe records one event and reports whether it shows the object gone.
func (w *waiter[T]) observe(kind watch.EventType, obj metav1.Object) bool {
	if kind == watch.Bookmark || obj.GetName() != w.name {
		return false
	}
	sameObject := obj.GetUID() == w.last.GetUID()
	switch {
	case kind == watch.Deleted && sameObject:
		return true
	case !sameObject:
		return obj.GetUID() != types.UID("") // a new object under the name: ours is gone
	}
	if typed, ok := obj.(T); ok {
		w.last = typed
	}
	return false
}

func (w *waiter[T]) stillTerminating(d Deleter, err error) error {
	finalizers := w.last.GetFinalizers()
	e := &StillTerminatingError{
		Resource:   d.GroupResource(),
		Name:       w.name,
		Finalizers: finalizers,
		Components: Components(finalizers),
		Err:        err,
	}
	if gracePending(w.last) {
		e.GracePeriodSeconds = w.last.GetDeletionGracePeriodSeconds()
	}
	return e
}

// orContextError prefers ctx's error when ctx has ended: a request cut short
// by it fails with a transport error that says less.
func orContextError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}
