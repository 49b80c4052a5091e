// Package lifecycle implements the finalizer and deletion conventions of
// Kubernetes API objects on top of client-go, once, for every generated typed
// client: add and remove a finalizer safely among concurrent writers, delete
// and learn what the server did, and delete and wait until the object is gone.
//
// Each rule follows what kube-apiserver 1.37 does, not what its documentation
// says:
//
//   - A finalizer must be a qualified name, and either one of the standard
//     names (kubernetes, orphan, foregroundDeletion) or contain a "/".
//     Built-in types answer 422 otherwise; custom resources only warn. Both
//     rules are checked here before anything is sent.
//   - No finalizer may be added to an object that is being deleted (422).
//     AddFinalizer refuses with a *TerminatingError instead.
//   - The finalizer list is replaced as a whole by a merge patch that carries
//     the resourceVersion it was computed from, so a concurrent writer makes
//     the server answer 409 Conflict rather than lose its finalizer; the
//     helpers then read the object again and retry, with backoff, a bounded
//     number of times.
//   - Removing the last finalizer of a terminating object whose grace period
//     is zero deletes it: the server answers 200 with the submitted object and
//     a GET right after answers 404. RemoveFinalizer reports that as gone.
//   - DELETE answers 200 with a Status when the object was removed, 200 with
//     the object when it is kept (finalizers pending: deletionTimestamp set,
//     grace period 0), 202 with the object only when orphanDependents=false
//     was sent, and 404 when there was nothing to delete. Delete turns each
//     into an Outcome.
//
// The helpers are generic over the object type and need only the methods a
// client-gen typed client already has (Get, Patch, Watch) plus a Deleter,
// which sends the DELETE and keeps the answer. RESTDeleter does that for real
// clients and FakeDeleter for client-go's fake clientsets.
package lifecycle
