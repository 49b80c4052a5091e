package lifecycle

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// InvalidFinalizerError is returned, before anything is sent, for a
// finalizer the server would reject with 422 Invalid.
type InvalidFinalizerError struct {
	Finalizer string
	// Errs are the field errors the server would report.
	Errs field.ErrorList
}

func (e *InvalidFinalizerError) Error() string {
	return fmt.Sprintf("invalid finalizer %q: %v", e.Finalizer, e.Errs.ToAggregate())
}

// TerminatingError is returned by AddFinalizer when the object is being
// deleted: the server forbids new finalizers then (422 Forbidden).
type TerminatingError struct {
	Name      string
	Finalizer string
	// DeletionTimestamp is when deletion began.
	DeletionTimestamp metav1.Time
}

func (e *TerminatingError) Error() string {
	return fmt.Sprintf("cannot add finalizer %q to %q: it is being deleted (since %s)",
		e.Finalizer, e.Name, e.DeletionTimestamp.UTC().Format(time.RFC3339))
}

// PreconditionFailedError is returned by Delete when the server answered 409
// Conflict because a precondition (UID or resourceVersion) did not match:
// the object was replaced or modified since the caller read it. It unwraps to
// the server's error, so apierrors.IsConflict holds for it.
type PreconditionFailedError struct {
	Name          string
	Preconditions metav1.Preconditions
	Err           error
}

func (e *PreconditionFailedError) Error() string {
	var want []string
	if p := e.Preconditions.UID; p != nil {
		want = append(want, "uid "+string(*p))
	}
	if p := e.Preconditions.ResourceVersion; p != nil {
		want = append(want, "resourceVersion "+*p)
	}
	return fmt.Sprintf("deleting %q: precondition %s failed: %v", e.Name, strings.Join(want, ", "), e.Err)
}

func (e *PreconditionFailedError) Unwrap() error { return e.Err }

// StillTerminatingError is returned by DeleteAndWait when its context ends
// before the object is gone. It names what still blocks the deletion and
// unwraps to the context's error.
type StillTerminatingError struct {
	Resource schema.GroupResource
	Name     string
	// Finalizers are the finalizers the object still had when the wait
	// ended, and Components the components responsible for them.
	Finalizers []string
	Components []string
	// GracePeriodSeconds is set when a graceful deletion period was still
	// running.
	GracePeriodSeconds *int64
	Err                error
}

func (e *StillTerminatingError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %q is still terminating", e.Resource, e.Name)
	if len(e.Finalizers) > 0 {
		fmt.Fprintf(&b, ": waiting on finalizers %s (from %s)", quoted(e.Finalizers), strings.Join(e.Components, ", "))
	}
	if e.GracePeriodSeconds != nil {
		fmt.Fprintf(&b, "; grace period %ss", strconv.FormatInt(*e.GracePeriodSeconds, 10))
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

func (e *StillTerminatingError) Unwrap() error { return e.Err }

func quoted(items []string) string {
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = strconv.Quote(s)
	}
	return strings.Join(out, ", ")
}
