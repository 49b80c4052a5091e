package conformance

import (
	"time"
)

// Target is the resource the cases exercise.
type Target struct {
	// Group, Version, Resource and Kind name it: widgets.example.com, v1,
	// widgets, Widget.
	Group, Version, Resource, Kind string
	// Spec is the spec of a valid object.
	Spec map[string]any
	// Namespace is the namespace the cases run in; a unique one is made
	// when empty. If the server serves namespaces it is created, and deleted
	// at the end.
	Namespace string
	// BuiltIn expects what kube-apiserver does for a built-in type rather
	// than a custom resource: finalizer names that are neither standard nor
	// fully qualified are errors (not warnings), and identical causes are
	// reported once (built-in strategies run declarative validation, which
	// deduplicates). Go types whose generated validation uses built-in
	// metadata rules behave this way.
	BuiltIn bool
}

// WidgetTarget is the example Widget (examples/widgets/v1), namespaced, with
// a status subresource.
func WidgetTarget() Target {
	return Target{
		Group: "widgets.example.com", Version: "v1", Resource: "widgets", Kind: "Widget",
		Spec: map[string]any{"color": "red"},
	}
}

// qualifiedResource is how errors name the resource: widgets.widgets.example.com.
func (t Target) qualifiedResource() string { return t.Resource + "." + t.Group }

// qualifiedKind is how validation errors name the kind: Widget.widgets.example.com.
func (t Target) qualifiedKind() string { return t.Kind + "." + t.Group }

func (t Target) apiVersion() string { return t.Group + "/" + t.Version }

// Case is one request sequence.
type Case struct {
	// ID is the case's identifier in the spec's differential table (C5, D2,
	// …) or a local one.
	ID string
	// Spec points at the rule: a section of the conventions spec.
	Spec string
	// Title says what the case checks.
	Title string
	// Steps run in order; a failed step stops the case.
	Steps []Step
}

// Step is one request and what its answer must be.
type Step struct {
	// Method is GET, POST, PUT, PATCH or DELETE; WATCH opens a watch.
	Method string
	// Name is the object the request addresses ("" for the collection);
	// Subresource is appended after it.
	Name, Subresource string
	// Path, when set, is the URL path the request goes to instead of the
	// target's (templated): another namespace, or another resource such as
	// /api/v1/namespaces. Name and Subresource then only label the step.
	Path string
	// Query is the raw query string, after templating.
	Query string
	// Body is the request body: a string is sent as is (after templating),
	// anything else is encoded as JSON (strings inside are templated).
	Body any
	// ContentType of the body; application/json by default, a merge patch
	// for PATCH.
	ContentType string
	// Want is what the answer must be.
	Want Want
	// Events are the watch events a WATCH step must see, in order, by the
	// end of the case; no other event may arrive.
	Events []Event
	// SaveAs also remembers the answered object under this name, so later
	// steps can refer to this state (${rv:SaveAs}).
	SaveAs string
}

// Want describes an answer.
type Want struct {
	// Code is the HTTP status code.
	Code int
	// Status, when set, requires a Status body with these fields.
	Status *StatusWant
	// Object, when set, requires an object of the target's kind with these
	// fields.
	Object *ObjectWant
	// Warnings are the exact Warning header texts, in order; nil does not
	// check, an empty non-nil slice requires none.
	Warnings []string
	// Names, when not nil, are the names of the items of a list answer, in
	// order (templated).
	Names []string
	// More, when set, requires a list answer with (true) or without (false)
	// a continue token.
	More *bool
}

// StatusWant describes a Status body.
type StatusWant struct {
	Status  string // Success or Failure; Failure when empty
	Reason  string
	Message string // templated; exact unless it is a /regexp/
	// DetailsKind and DetailsName check details.kind and details.name
	// (templated, /regexp/ allowed).
	DetailsKind, DetailsName string
	// DetailsGroup checks details.group.
	DetailsGroup string
	// RetryAfterSeconds checks details.retryAfterSeconds.
	RetryAfterSeconds int
	// Causes are details.causes, in order.
	Causes []Cause
	// NoCode requires the code field to be absent (a Success Status from
	// DELETE has none).
	NoCode bool
}

// Cause is one entry of details.causes.
type Cause struct {
	Reason, Field, Message string // Message templated; /regexp/ allowed
}

// ObjectWant describes an object body.
type ObjectWant struct {
	// Kind is the object's kind; the target's when empty.
	Kind string
	// Name is the object's name (/regexp/ allowed); empty does not check.
	Name string
	// Fields maps dotted paths (metadata.generation, spec.color) to values;
	// Absent requires the field to be missing.
	Fields map[string]any
	// Terminating requires deletionTimestamp set (true) or unset (false).
	Terminating *bool
	// ResourceVersion checks the object's resourceVersion against the one
	// saved for an object: SameRV("a1"), NewRV("a1"), or NoRV.
	ResourceVersion RVCheck
}

// Event is an expected watch event.
type Event struct {
	Type   string // ADDED, MODIFIED, DELETED
	Object ObjectWant
}

// At expects a timestamp field to hold a time: Offset after now (Base
// empty) or after the deletionTimestamp last seen for object Base, give or
// take two seconds.
type At struct {
	Base   string
	Offset time.Duration
}

// timeSlack is how far a timestamp may be from the one an At expects.
const timeSlack = 2 * time.Second

// absent marks a field that must not be present.
type absent struct{}

// Absent is the value of a field that must be missing.
var Absent = absent{}

// RVCheck compares a resourceVersion with a saved one.
type RVCheck struct {
	kind string // "same", "new", "none"
	name string
}

// SameRV requires the resourceVersion saved for name (templated).
func SameRV(name string) RVCheck { return RVCheck{"same", name} }

// NewRV requires a resourceVersion other than the one saved for name.
func NewRV(name string) RVCheck { return RVCheck{"new", name} }

// NoRV requires no resourceVersion (dry-run creates).
var NoRV = RVCheck{kind: "none"}

// Bool returns a pointer to b.
func Bool(b bool) *bool { return &b }
