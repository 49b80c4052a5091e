package lifecycle

import (
	"context"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/testing"
)

// FakeDeleter deletes through client-go's fake (testing.Fake), as a
// client-gen fake typed client does. The fake's DELETE returns no object, so
// the answer is made up from a GET that follows it (recorded as an action).
type FakeDeleter struct {
	Fake      *testing.Fake
	Resource  schema.GroupVersionResource
	Namespace string
}

// DeleteWithAnswer implements Deleter.
func (d FakeDeleter) DeleteWithAnswer(_ context.Context, name string, opts metav1.DeleteOptions) (Answer, error) {
	if _, err := d.Fake.Invokes(testing.NewDeleteActionWithOptions(d.Resource, d.Namespace, name, opts), nil); err != nil {
		return Answer{}, err
	}
	obj, err := d.Fake.Invokes(testing.NewGetAction(d.Resource, d.Namespace, name), nil)
	switch {
	case apierrors.IsNotFound(err) || err == nil && obj == nil:
		return Answer{Code: 200, Body: &metav1.Status{Status: metav1.StatusSuccess}}, nil
	case err != nil:
		return Answer{}, err
	}
	return Answer{Code: 200, Body: obj}, nil
}

// GroupResource implements Deleter.
func (d FakeDeleter) GroupResource() schema.GroupResource { return d.Resource.GroupResource() }

// NewFinalizingTracker wraps a fake clientset's object tracker so that it
// treats finalizers as kube-apiserver does for types without graceful
// deletion, which client-go's tracker does not (it deletes at once):
//
//   - DELETE of an object with finalizers sets its deletionTimestamp (grace
//     period 0, generation+1) and keeps it; a repeated DELETE changes nothing;
//     dryRun=All changes nothing.
//   - An update or patch of a terminating object may not add finalizers
//     (422 Forbidden, the server's message), cannot clear the
//     deletionTimestamp, and deletes the object when it leaves no finalizers.
//
// Propagation policies are not emulated: there is no garbage collector.
// Use it with ObjectReaction, which answers updates that delete as the server does.
func NewFinalizingTracker(tracker testing.ObjectTracker) testing.ObjectTracker {
	return &finalizingTracker{ObjectTracker: tracker}
}

type finalizingTracker struct {
	testing.ObjectTracker
}

// Delete implements testing.ObjectTracker.
func (t *finalizingTracker) Delete(gvr schema.GroupVersionResource, ns, name string, opts ...metav1.DeleteOptions) error {
	obj, err := t.Get(gvr, ns, name)
	if err != nil {
		return err
	}
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return err
	}
	switch {
	case len(opts) > 0 && slices.Contains(opts[0].DryRun, metav1.DryRunAll):
		return nil
	case len(accessor.GetFinalizers()) == 0:
		return t.ObjectTracker.Delete(gvr, ns, name, opts...)
	case IsTerminating(accessor):
		return nil
	}
	markAsDeleting(accessor)
	return t.ObjectTracker.Update(gvr, obj, ns)
}

// markAsDeleting does what kube-apiserver's store does to a non-graceful
// object that has finalizers.
func markAsDeleting(obj metav1.Object) {
	now := metav1.Now()
	zero := int64(0)
	if obj.GetGeneration() > 0 {
		obj.SetGeneration(obj.GetGeneration() + 1)
	}
	obj.SetDeletionTimestamp(&now)
	obj.SetDeletionGracePeriodSeconds(&zero)
}

// Update implements testing.ObjectTracker.
func (t *finalizingTracker) Update(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.UpdateOptions) error {
	deleted, err := t.finalize(gvr, obj, ns)
	if deleted || err != nil {
		return err
	}
	return t.ObjectTracker.Update(gvr, obj, ns, opts...)
}

// Patch implements testing.ObjectTracker; obj is the patched object.
func (t *finalizingTracker) Patch(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.PatchOptions) error {
	deleted, err := t.finalize(gvr, obj, ns)
	if deleted || err != nil {
		return err
	}
	return t.ObjectTracker.Patch(gvr, obj, ns, opts...)
}

// finalize applies the rules for writes to a terminating object, and
// deletes it when the write leaves it without finalizers.
func (t *finalizingTracker) finalize(gvr schema.GroupVersionResource, obj runtime.Object, ns string) (bool, error) {
	updated, err := meta.Accessor(obj)
	if err != nil {
		return false, err
	}
	stored, err := t.Get(gvr, ns, updated.GetName())
	if err != nil {
		return false, nil // the tracker reports it
	}
	old, err := meta.Accessor(stored)
	if err != nil || !IsTerminating(old) {
		return false, err
	}
	if errs := apivalidation.ValidateNoNewFinalizers(updated.GetFinalizers(), old.GetFinalizers(), finalizersPath); len(errs) > 0 {
		return false, apierrors.NewInvalid(kindOf(obj, gvr), updated.GetName(), errs)
	}
	updated.SetDeletionTimestamp(old.GetDeletionTimestamp())
	updated.SetDeletionGracePeriodSeconds(old.GetDeletionGracePeriodSeconds())
	if len(updated.GetFinalizers()) > 0 || gracePending(old) {
		return false, nil
	}
	return true, t.ObjectTracker.Delete(gvr, ns, updated.GetName())
}

func kindOf(obj runtime.Object, gvr schema.GroupVersionResource) schema.GroupKind {
	if gvk := obj.GetObjectKind().GroupVersionKind(); gvk.Kind != "" {
		return gvk.GroupKind()
	}
	return schema.GroupKind{Group: gvr.Group, Kind: gvr.Resource}
}

// ObjectReaction is testing.ObjectReaction over tracker, except that an
// update which deletes the object (it removed the last finalizer of a
// terminating object) answers with the submitted object, as kube-apiserver
// does, rather than with the fake's NotFound.
func ObjectReaction(tracker testing.ObjectTracker) testing.ReactionFunc {
	react := testing.ObjectReaction(tracker)
	return func(action testing.Action) (bool, runtime.Object, error) {
		update, ok := action.(testing.UpdateActionImpl)
		if !ok {
			return react(action)
		}
		handled, obj, err := react(action)
		if apierrors.IsNotFound(err) && deletedByUpdate(update.GetObject()) {
			return true, update.GetObject(), nil
		}
		return handled, obj, err
	}
}

func deletedByUpdate(obj runtime.Object) bool {
	accessor, err := meta.Accessor(obj)
	return err == nil && isGoneAfterUpdate(accessor)
}
