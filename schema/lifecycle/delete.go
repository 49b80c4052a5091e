package lifecycle

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
)

// Deleter sends one DELETE and keeps what the server answered, which a
// client-gen Delete throws away.
type Deleter interface {
	// DeleteWithAnswer deletes the object called name. A non-2xx answer is
	// an error, as client-go reports it.
	DeleteWithAnswer(ctx context.Context, name string, opts metav1.DeleteOptions) (Answer, error)
	// GroupResource names the resource, for messages.
	GroupResource() schema.GroupResource
}

// Answer is a successful DELETE response.
type Answer struct {
	// Code is the HTTP status code: 200 or 202.
	Code int
	// Body is a *metav1.Status or the object.
	Body runtime.Object
}

// RESTDeleter deletes through a REST client, as client-gen's typed clients do.
type RESTDeleter struct {
	Client rest.Interface
	// Namespace is "" for cluster-scoped resources.
	Namespace string
	Resource  string
}

// DeleteWithAnswer implements Deleter.
func (d RESTDeleter) DeleteWithAnswer(ctx context.Context, name string, opts metav1.DeleteOptions) (Answer, error) {
	var code int
	body, err := d.Client.Delete().
		NamespaceIfScoped(d.Namespace, d.Namespace != "").
		Resource(d.Resource).
		Name(name).
		Body(&opts).
		Do(ctx).
		StatusCode(&code).
		Get()
	return Answer{Code: code, Body: body}, err
}

// GroupResource implements Deleter.
func (d RESTDeleter) GroupResource() schema.GroupResource {
	return schema.GroupResource{Group: d.Client.APIVersion().Group, Resource: d.Resource}
}

// Result is what a DELETE did.
type Result string

const (
	// Gone: the server removed the object.
	Gone Result = "Gone"
	// Terminating: the object has a deletionTimestamp and stays until its
	// finalizers are removed (or, for graceful types, its grace period ends).
	Terminating Result = "Terminating"
	// NotFound: there was no such object (404).
	NotFound Result = "NotFound"
)

// Outcome is what Delete learnt from the server's answer.
type Outcome[T Object] struct {
	Result Result
	// Object is the object as the server answered with it (terminating, or,
	// for stores that return deleted objects, as it was removed); nil when
	// the server answered with a Status or 404.
	Object T
	// Pending are the finalizers that keep a terminating object.
	Pending []string
	// Code is the HTTP status code of the answer: 200, 202 or 404.
	Code int
	// DryRun is set when nothing was stored (dryRun=All): the outcome is the
	// one the server would have had.
	DryRun bool
}

// String describes the outcome, e.g. `Terminating (pending finalizers "example.com/x")`.
func (o Outcome[T]) String() string {
	if o.Result == Terminating && len(o.Pending) > 0 {
		return fmt.Sprintf("%s (pending finalizers %s)", o.Result, quoted(o.Pending))
	}
	return string(o.Result)
}

// Delete deletes the object called name and reports what the server did:
// Gone, Terminating with the pending finalizers, or NotFound (which is not
// an error). Every DeleteOptions field is sent as given: gracePeriodSeconds,
// propagationPolicy, preconditions and dryRun. A failed precondition (409)
// is a *PreconditionFailedError.
//
// A Status answer means the object was removed: kube-apiserver sends one
// only then, except when a repeated DELETE finds a graceful deletion (a pod's)
// still pending in a store that does not return objects, which no built-in
// type has.
func Delete[T Object](ctx context.Context, d Deleter, name string, opts metav1.DeleteOptions) (Outcome[T], error) {
	dryRun := slices.Contains(opts.DryRun, metav1.DryRunAll)
	answer, err := d.DeleteWithAnswer(ctx, name, opts)
	switch {
	case apierrors.IsNotFound(err):
		return Outcome[T]{Result: NotFound, Code: http.StatusNotFound, DryRun: dryRun}, nil
	case apierrors.IsConflict(err) && opts.Preconditions != nil:
		return Outcome[T]{}, &PreconditionFailedError{Name: name, Preconditions: *opts.Preconditions, Err: err}
	case err != nil:
		return Outcome[T]{}, err
	}
	outcome, err := outcomeOf[T](answer)
	outcome.DryRun = dryRun
	return outcome, err
}

func outcomeOf[T Object](answer Answer) (Outcome[T], error) {
	switch body := answer.Body.(type) {
	case *metav1.Status:
		return Outcome[T]{Result: Gone, Code: answer.Code}, nil
	case T:
		outcome := Outcome[T]{Result: Gone, Object: body, Code: answer.Code}
		if stillThere(body) {
			outcome.Result, outcome.Pending = Terminating, body.GetFinalizers()
		}
		return outcome, nil
	}
	return Outcome[T]{}, fmt.Errorf("unexpected DELETE answer %d with a %T", answer.Code, answer.Body)
}

// stillThere reports whether an object in a DELETE answer was kept: it is
// terminating and waits on finalizers or a grace period. Stores that return
// deleted objects (pods, for one) answer with the removed object otherwise.
func stillThere(obj metav1.Object) bool {
	return IsTerminating(obj) && (len(obj.GetFinalizers()) > 0 || gracePending(obj))
}
