package flows

import "strings"

// Create is a POST of a new object: the resource's payload with overlay.
func Create(overlay string) Request { return Request{Method: "POST", Overlay: overlay} }

// Put is a PUT of the last object seen with overlay.
func Put(overlay string) Request { return Request{Method: "PUT", Overlay: overlay} }

// PutStatus is a PUT to /status of the last object seen with overlay.
func PutStatus(overlay string) Request {
	return Request{Method: "PUT", Subresource: "status", Overlay: overlay}
}

// Patch is a merge patch.
func Patch(body string) Request { return Request{Method: "PATCH", Overlay: body} }

// Delete is a DELETE with body (none when empty).
func Delete(body string) Request { return Request{Method: "DELETE", Overlay: body} }

// DeleteQuery is a DELETE with query parameters and no body.
func DeleteQuery(q string) Request { return Request{Method: "DELETE", Query: q} }

// Get reads the object.
func Get() Request { return Request{Method: "GET"} }

// Zero is a pointer to 0, for Want.Grace.
func Zero() *int64 { var z int64; return &z }

// Updated is a 200 with the object, changed or not.
func Updated(rvChanged bool, finalizers ...string) Want {
	return Want{Code: 200, Kind: KindObject, Finalizers: finalizers, RVChanged: rvChanged}
}

// Invalid is the 422 that object validation gives, with its causes in
// order; the message lists them as NewInvalid does.
func Invalid(causes ...Cause) Want {
	var texts []string
	for _, c := range causes {
		texts = append(texts, c.Field+": "+c.Message)
	}
	message := strings.Join(texts, ", ")
	if len(texts) > 1 {
		message = "[" + message + "]"
	}
	return Want{Code: 422, Kind: KindStatus, Reason: "Invalid", Message: `{kind} "{name}" is invalid: ` + message,
		Details: &Details{Name: "{name}", Group: "{group}", Kind: "{bare}"}, Causes: causes}
}

// Created is a 201 with a new object.
func Created(finalizers ...string) Want {
	return Want{Code: 201, Kind: KindObject, Finalizers: finalizers, Generation: GenCreated, RVChanged: true}
}

// Live is a 200 with the unchanged, not terminating object.
func Live(finalizers ...string) Want {
	return Want{Code: 200, Kind: KindObject, Finalizers: finalizers}
}

// MarkedDeleting is the first DELETE of an object that is kept: the
// deletionTimestamp is set, the grace period is 0 whatever was asked, and
// generation is bumped (§3.5).
func MarkedDeleting(code int, finalizers ...string) Want {
	return Want{Code: code, Kind: KindObject, Deleting: true, Grace: Zero(), Finalizers: finalizers,
		Generation: GenBumped, RVChanged: true}
}

// Terminating is a 200 with an object that was already terminating.
func Terminating(rvChanged bool, finalizers ...string) Want {
	return Want{Code: 200, Kind: KindObject, Deleting: true, Grace: Zero(), Finalizers: finalizers, RVChanged: rvChanged}
}

// Deleted is the Status of an object removed at once (§3.2 finalizeDelete):
// no code, no message.
func Deleted() Want {
	return Want{Code: 200, Kind: KindStatus, Details: &Details{Name: "{name}", Group: "{group}", Kind: "{plural}"}}
}

func NotFound() Want {
	return Want{Code: 404, Kind: KindStatus, Reason: "NotFound", Message: `{resource} "{name}" not found`,
		Details: &Details{Name: "{name}", Group: "{group}", Kind: "{plural}"}}
}

// Conflict is a failed delete precondition; details.kind is the Kind.
func Conflict(message string) Want {
	return Want{Code: 409, Kind: KindStatus, Reason: "Conflict", Message: message,
		Details: &Details{Name: "{name}", Group: "{group}", Kind: "{bare}"}}
}

func BadDeleteOptions(c Cause) Want {
	return Want{Code: 422, Kind: KindStatus, Reason: "Invalid",
		Message: `DeleteOptions.meta.k8s.io "" is invalid: ` + c.Field + ": " + c.Message,
		Details: &Details{Group: "meta.k8s.io", Kind: "DeleteOptions"}, Causes: []Cause{c}}
}

// noNewFinalizers is D8's answer (§2.3). Both the generic update check and
// the strategy's metadata check find it.
var noNewFinalizers = Want{Code: 422, Kind: KindStatus, Reason: "Invalid",
	Message: `{kind} "{name}" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}`,
	Details: &Details{Name: "{name}", Group: "{group}", Kind: "{bare}"},
	Causes: []Cause{{"FieldValueForbidden", "metadata.finalizers",
		`Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}`}},
	CauseCopies: 2,
}
