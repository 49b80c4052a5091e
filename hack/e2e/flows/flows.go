// Package flows is a table of request sequences about finalizers and
// deletion (spec/conventions.md §3 and §5.3), each request's answer reduced
// to what the conventions promise: the code, whether the body is an object
// or a Status, the Status fields and causes, and the metadata that deletion
// touches. It runs against any rest.Config, so the same table checks a real
// kube-apiserver against the spec and, later, the in-process server against
// the real one.
package flows

// A Flow is a sequence of requests on one object, plus the watch events the
// object must produce, in order.
type Flow struct {
	// ID names the spec rows the flow covers, e.g. "D2+D5".
	ID    string
	Steps []Step
	// Watch lists the events of a watch on the object, opened before the
	// first step, each rendered by Event.String.
	Watch []string
}

// A Step is one request and the answer the spec gives for it.
type Step struct {
	Do   Request
	Want Want
}

// Request describes one HTTP request on the flow's object. String fields
// may hold the placeholders {name}, {ns}, {uid} and {rv}, which the runner
// fills from the object's current state.
type Request struct {
	Method string
	// Name overrides the flow's object name, e.g. for a missing object.
	Name string
	// Subresource, e.g. "status", is appended to the object's path.
	Subresource string
	Query       string
	// Overlay is JSON merged into the body: into a fresh object for POST,
	// into the last object seen for PUT. For PATCH and DELETE it is the body.
	Overlay string
	// ContentType for PATCH; merge patch when empty.
	ContentType string
}

// Want is the expected answer. Every field is compared; zero values mean
// "absent" (no reason, no finalizers, ...).
type Want struct {
	Code int
	// Kind is KindObject or KindStatus.
	Kind    string
	Reason  string
	Message string
	Details *Details
	Causes  []Cause
	// CauseCopies is how many checks find each cause. Built-in types
	// collapse identical causes into one; custom resources list one copy
	// per check (spec §0.2). Zero means one.
	CauseCopies int
	// Object fields.
	Deleting   bool
	Grace      *int64
	Finalizers []string
	Generation GenerationChange
	RVChanged  bool
	Warnings   []string
}

// GenerationChange says how metadata.generation should move, relative to
// the last object seen, because resources differ: custom resources start at
// 1, ConfigMaps at 0, and deletion bumps only a generation above 0.
type GenerationChange int

const (
	// GenSame: unchanged (or absent in a Status).
	GenSame GenerationChange = iota
	// GenCreated: the resource's generation for a new object.
	GenCreated
	// GenBumped: +1 when the generation is tracked (> 0), as markAsDeleting does.
	GenBumped
)

// Response kinds.
const (
	KindObject = "Object"
	KindStatus = "Status"
)

// Cause is one entry of a Status's details.causes.
type Cause struct {
	Reason  string `json:"reason,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message,omitempty"`
}

// Details is a Status's details, without the uid (compared as a placeholder
// in Message instead) and the causes.
type Details struct {
	Name              string `json:"name,omitempty"`
	Group             string `json:"group,omitempty"`
	Kind              string `json:"kind,omitempty"`
	RetryAfterSeconds int32  `json:"retryAfterSeconds,omitempty"`
}
