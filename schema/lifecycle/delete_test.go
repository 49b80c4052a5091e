package lifecycle

import (
	"context"
	"errors"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// answering is a Deleter that returns a fixed answer.
type answering struct {
	answer Answer
	err    error
}

func (a answering) DeleteWithAnswer(context.Context, string, metav1.DeleteOptions) (Answer, error) {
	return a.answer, a.err
}

func (a answering) GroupResource() schema.GroupResource { return testResource }

func object(finalizers []string, deleting bool, grace int64) *metav1.PartialObjectMetadata {
	obj := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Name: "o1", Finalizers: finalizers}}
	if deleting {
		now := metav1.Now()
		obj.DeletionTimestamp, obj.DeletionGracePeriodSeconds = &now, &grace
	}
	return obj
}

// Every answer kube-apiserver gives to DELETE (spec/conventions.md §3),
// including those of stores that return deleted objects (pods) and of
// graceful deletion, which the in-process tests cannot produce.
func TestDeleteOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		answer  Answer
		want    Result
		pending int
	}{
		{"200 Status: removed", Answer{200, &metav1.Status{Status: metav1.StatusSuccess}}, Gone, 0},
		{"200 object with finalizers", Answer{200, object([]string{"example.com/a"}, true, 0)}, Terminating, 1},
		{"202 object (orphanDependents=false)", Answer{202, object([]string{"example.com/a"}, true, 0)}, Terminating, 1},
		{"200 object removed at once (ReturnDeletedObject)", Answer{200, object(nil, false, 0)}, Gone, 0},
		{"200 pod deleted with grace 0", Answer{200, object(nil, true, 0)}, Gone, 0},
		{"200 pod in its grace period", Answer{200, object(nil, true, 30)}, Terminating, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outcome, err := Delete[*metav1.PartialObjectMetadata](context.Background(), answering{answer: tc.answer}, "o1", metav1.DeleteOptions{})
			if err != nil || outcome.Result != tc.want || len(outcome.Pending) != tc.pending || outcome.Code != tc.answer.Code {
				t.Errorf("got %v (code %d, pending %q), %v; want %s", outcome, outcome.Code, outcome.Pending, err, tc.want)
			}
		})
	}
}

func TestDeleteErrors(t *testing.T) {
	ctx := context.Background()
	notFound := answering{err: apierrors.NewNotFound(testResource, "o1")}
	if outcome, err := Delete[*metav1.PartialObjectMetadata](ctx, notFound, "o1", metav1.DeleteOptions{}); err != nil || outcome.Result != NotFound || outcome.Code != 404 {
		t.Errorf("404: %v, %v; want NotFound", outcome, err)
	}
	uid := types.UID("u1")
	conflict := answering{err: apierrors.NewConflict(testResource, "o1", errors.New("the UID in the precondition (u1) does not match"))}
	_, err := Delete[*metav1.PartialObjectMetadata](ctx, conflict, "o1", metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &uid}})
	var failed *PreconditionFailedError
	if !errors.As(err, &failed) || !apierrors.IsConflict(err) {
		t.Errorf("409 with preconditions: %v, want *PreconditionFailedError that is a conflict", err)
	}
	wrongType := answering{answer: Answer{200, &runtime.Unknown{}}}
	if _, err := Delete[*metav1.PartialObjectMetadata](ctx, wrongType, "o1", metav1.DeleteOptions{}); err == nil {
		t.Error("an answer of another type should be an error")
	}
}

func TestStillTerminatingError(t *testing.T) {
	grace := int64(30)
	err := &StillTerminatingError{
		Resource: testResource, Name: "o1",
		Finalizers: []string{"example.com/a", "orphan"}, Components: Components([]string{"example.com/a", "orphan"}),
		GracePeriodSeconds: &grace, Err: context.DeadlineExceeded,
	}
	const want = `things.example.com "o1" is still terminating: waiting on finalizers "example.com/a", "orphan" (from example.com, garbage collector); grace period 30s: context deadline exceeded`
	if err.Error() != want || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %q, want %q", err, want)
	}
}
