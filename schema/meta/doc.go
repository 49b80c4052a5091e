// Package meta validates metav1.ObjectMeta the way kube-apiserver v1.37 does,
// for the code metagen generates and for hand-written strategies.
//
// A Rules value describes one API type: its scope, the format of its names,
// whether kube-apiserver treats it as a built-in type or as a custom resource,
// and which finalizers of its own API group its controllers own. Its Validate
// method returns the field errors the real server returns as the causes of a
// 422, with the same types, paths, messages and order:
//
//   - on create, what the type's strategy reports (apimachinery's
//     ValidateObjectMetaAccessor with the type's name format, plus, for
//     built-in types, the "standard or fully qualified" finalizer rule at
//     metadata.finalizers[i]);
//   - on update, the generic checks every update runs (the create checks with
//     path-segment names, then ValidateObjectMetaAccessorUpdate, which holds
//     the immutability rules and "no new finalizers can be added if the object
//     is being deleted"), then the strategy's own update checks (which, for
//     types with UpdateRevalidates, include the create checks again). Built-in
//     strategies pass their causes through declarative validation, which drops
//     identical ones; custom resources do not, so an update with a bad label
//     reports it three times, as the real server does.
//
// The checks themselves are apimachinery's: this package decides which of them
// run, in which order, and over which paths. Valid metadata is accepted by a
// quick pass that allocates nothing; only metadata that may be invalid goes
// through apimachinery's functions, which then produce the exact errors.
//
// Custom resources get warnings where built-in types get errors (finalizer
// names that are neither standard nor fully qualified); WithWarningRecorder
// lets a server collect them while it validates, as kube-apiserver does for
// its Warning headers.
//
// WipeSystemFields and PrepareForUpdate are silent changes kube-apiserver
// makes to metadata before it validates (system fields wiped on create;
// generation, uid, creationTimestamp, deletionTimestamp and
// deletionGracePeriodSeconds carried over on update). The others happen
// elsewhere on the request path and stay out of this package, as they stay
// out of kube-apiserver's validation: the field manager replaces the
// managedFields a client sends unless it can decode them, the store answers
// an update without resourceVersion itself (or takes the stored one, for
// types that allow unconditional updates), and strategies such as the custom
// resource one set generation to 1 on create. Rules validates what remains,
// as apimachinery does; internal/metacorpus models the rest for the tests
// against a real server.
package meta
