package conformance

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Messages and patterns shared by the cases (spec §0.1, §1.5).
const (
	subdomainRegexMessage = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	labelNameMessage      = `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`
	labelValueMessage     = `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`
	generatedSuffix       = `[bcdfghjklmnpqrstvwxz2456789]{5}`
	rfc3339               = `\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`
	conflictModified      = `the object has been modified; please apply your changes to the latest version and try again`
)

// cases builds the table for a target. Expectations are those of a custom
// resource on kube-apiserver 1.37.2; the IDs are the spec's (§5), with a
// W, S, L or B prefix for cases the spec describes in prose (watch, status,
// list, bad requests).
type cases struct {
	t Target
}

// Cases returns every case for target.
func Cases(target Target) []Case {
	c := cases{target}
	var all []Case
	all = append(all, c.create()...)
	all = append(all, c.update()...)
	all = append(all, c.delete()...)
	all = append(all, c.watch()...)
	all = append(all, c.status()...)
	all = append(all, c.list()...)
	all = append(all, c.badRequests()...)
	all = append(all, c.namespaces()...)
	return all
}

// object is a valid object body with the given metadata.
func (c cases) object(metadata map[string]any) map[string]any {
	return map[string]any{
		"apiVersion": c.t.apiVersion(),
		"kind":       c.t.Kind,
		"metadata":   metadata,
		"spec":       c.t.Spec,
	}
}

// named is metadata with a name and optional extra fields (key, value, …).
func named(name string, kv ...any) map[string]any {
	m := map[string]any{"name": name}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func list(items ...any) []any { return items }

// post creates an object and expects 201.
func (c cases) post(metadata map[string]any) Step {
	return Step{Method: http.MethodPost, Body: c.object(metadata), Want: Want{Code: http.StatusCreated, Object: &ObjectWant{}}}
}

// postWant creates an object and expects want.
func (c cases) postWant(metadata map[string]any, want Want) Step {
	return Step{Method: http.MethodPost, Body: c.object(metadata), Want: want}
}

// invalid is a 422 for the target's kind.
func (c cases) invalid(name, message string, causes ...Cause) Want {
	return Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
		Reason:      "Invalid",
		Message:     fmt.Sprintf("%s %q is invalid: %s", c.t.qualifiedKind(), name, message),
		DetailsKind: c.t.Kind, DetailsGroup: c.t.Group,
		Causes: causes,
	}}
}

func (c cases) notFound(name string) Want {
	return Want{Code: http.StatusNotFound, Status: &StatusWant{
		Reason:      "NotFound",
		Message:     fmt.Sprintf("%s %q not found", c.t.qualifiedResource(), name),
		DetailsKind: c.t.Resource, DetailsName: name,
	}}
}

func (c cases) get(name string, want Want) Step {
	return Step{Method: http.MethodGet, Name: name, Want: want}
}

func (c cases) gone(name string) Step { return c.get(name, c.notFound(name)) }

// deleteSuccess is the Status a DELETE answers when the object is removed (§3.2 finalizeDelete).
func (c cases) deleteSuccess(name string) Want {
	return Want{Code: http.StatusOK, Status: &StatusWant{
		Status: "Success", DetailsKind: c.t.Resource, DetailsName: name, DetailsGroup: c.t.Group, NoCode: true,
	}}
}

// terminating is an object answer with deletionTimestamp set and grace 0.
func terminating(name string, fields map[string]any) *ObjectWant {
	if fields == nil {
		fields = map[string]any{}
	}
	fields["metadata.deletionGracePeriodSeconds"] = 0
	return &ObjectWant{Name: name, Terminating: Bool(true), Fields: fields}
}

func cause(reason, field, message string) Cause {
	return Cause{Reason: reason, Field: field, Message: message}
}

// repeated is a cause as many times as a custom resource reports it on
// update (§0.2); built-in types report it once.
func (c cases) repeated(times int, cs Cause) []Cause {
	if c.t.BuiltIn {
		times = 1
	}
	out := make([]Cause, times)
	for i := range out {
		out[i] = cs
	}
	return out
}

// unqualifiedFinalizers is the answer to creating finalizers that are
// neither standard nor fully qualified (§1.7): a warning for each on a
// custom resource, a 422 cause for each on a built-in type.
func (c cases) unqualifiedFinalizers(name string, finalizers ...string) Want {
	if !c.t.BuiltIn {
		warnings := []string{}
		for _, f := range finalizers {
			including := ""
			if strings.Contains(f, ".") {
				including = " including a path (/)"
			}
			warnings = append(warnings, fmt.Sprintf(`metadata.finalizers: %q: prefer a domain-qualified finalizer name%s to avoid accidental conflicts with other finalizer writers`, f, including))
		}
		return Want{Code: http.StatusCreated, Warnings: warnings, Object: &ObjectWant{Fields: map[string]any{"metadata.generation": 1}}}
	}
	var causes []Cause
	var messages []string
	for i, f := range finalizers {
		message := fmt.Sprintf(`Invalid value: %q: name is neither a standard finalizer name nor is it fully qualified`, f)
		causes = append(causes, cause("FieldValueInvalid", fmt.Sprintf("metadata.finalizers[%d]", i), message))
		messages = append(messages, fmt.Sprintf("metadata.finalizers[%d]: %s", i, message))
	}
	message := strings.Join(messages, ", ")
	if len(messages) > 1 {
		message = "[" + message + "]"
	}
	return c.invalid(name, message, causes...)
}

func (c cases) create() []Case {
	long := func(n int) string { return strings.Repeat("a", n) }
	return []Case{
		{ID: "C1", Spec: "§1.2", Title: "no name and no generateName", Steps: []Step{
			c.postWant(map[string]any{}, c.invalid("", "metadata.name: Required value: name or generateName is required",
				cause("FieldValueRequired", "metadata.name", "Required value: name or generateName is required"))),
		}},
		{ID: "C2", Spec: "§1.2", Title: "name that is not a DNS subdomain", Steps: []Step{
			c.postWant(named("Upper_Case"), c.invalid("Upper_Case", `metadata.name: Invalid value: "Upper_Case": `+subdomainRegexMessage,
				cause("FieldValueInvalid", "metadata.name", `Invalid value: "Upper_Case": `+subdomainRegexMessage))),
		}},
		{ID: "C3", Spec: "§1.2", Title: "name longer than 253", Steps: []Step{
			c.postWant(named(long(254)), c.invalid(long(254), `metadata.name: Invalid value: "`+long(254)+`": must be no more than 253 characters`,
				cause("FieldValueInvalid", "metadata.name", `Invalid value: "`+long(254)+`": must be no more than 253 characters`))),
		}},
		{ID: "C4", Spec: "§1.2", Title: "dotted name", Steps: []Step{c.post(named("c4.b"))}},
		{ID: "C5", Spec: "§1.3", Title: "generateName", Steps: []Step{
			c.postWant(map[string]any{"generateName": "gen-"}, Want{Code: http.StatusCreated, Object: &ObjectWant{
				Name: "/^gen-" + generatedSuffix + "$/", Fields: map[string]any{"metadata.generateName": "gen-"}}}),
		}},
		{ID: "C6", Spec: "§1.3", Title: "generateName cut to 58 characters", Steps: []Step{
			c.postWant(map[string]any{"generateName": long(250)}, Want{Code: http.StatusCreated, Object: &ObjectWant{
				Name: "/^" + long(58) + generatedSuffix + "$/"}}),
		}},
		{ID: "C7", Spec: "§1.3", Title: "generateName longer than 253", Steps: []Step{
			c.postWant(map[string]any{"generateName": long(300)}, Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
				Reason:      "Invalid",
				DetailsName: "/^" + long(58) + generatedSuffix + "$/",
				Causes: []Cause{cause("FieldValueInvalid", "metadata.generateName",
					`Invalid value: "`+long(300)+`": must be no more than 253 characters`)},
			}}),
		}},
		{ID: "C8", Spec: "§1.3", Title: "invalid generateName: prefix and generated name", Steps: []Step{
			c.postWant(map[string]any{"generateName": "Bad_"}, Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
				Reason: "Invalid",
				Causes: []Cause{
					cause("FieldValueInvalid", "metadata.generateName", `Invalid value: "Bad_": `+subdomainRegexMessage),
					cause("FieldValueInvalid", "metadata.name", `/^Invalid value: "Bad_`+generatedSuffix+`": a lowercase RFC 1123 subdomain/`),
				},
			}}),
		}},
		{ID: "C9", Spec: "§1.3", Title: "maskTrailingDash lets ab.- pass as a prefix", Steps: []Step{
			c.postWant(map[string]any{"generateName": "ab.-"}, Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
				Reason: "Invalid",
				Causes: []Cause{cause("FieldValueInvalid", "metadata.name", `/^Invalid value: "ab\.-`+generatedSuffix+`": a lowercase RFC 1123 subdomain/`)},
			}}),
		}},
		{ID: "C10", Spec: "§1.3", Title: "generateName validated even with a name", Steps: []Step{
			c.postWant(named("explicit", "generateName", "Bad_"), c.invalid("explicit", `metadata.generateName: Invalid value: "Bad_": `+subdomainRegexMessage,
				cause("FieldValueInvalid", "metadata.generateName", `Invalid value: "Bad_": `+subdomainRegexMessage))),
		}},
		{ID: "C12", Spec: "§1.3", Title: "explicit name collision", Steps: []Step{
			c.post(named("c12")),
			c.postWant(named("c12"), Want{Code: http.StatusConflict, Status: &StatusWant{
				Reason: "AlreadyExists", Message: c.t.qualifiedResource() + ` "c12" already exists`,
				DetailsKind: c.t.Resource, DetailsName: "c12",
			}}),
		}},
		{ID: "C13", Spec: "§1.3", Title: "collision with a terminating object", Steps: []Step{
			c.post(named("c13", "finalizers", list("example.com/x"))),
			{Method: http.MethodDelete, Name: "c13", Want: Want{Code: http.StatusOK, Object: terminating("c13", nil)}},
			c.postWant(named("c13"), Want{Code: http.StatusConflict, Status: &StatusWant{
				Reason: "AlreadyExists", Message: `object is being deleted: ` + c.t.qualifiedResource() + ` "c13" already exists`,
			}}),
		}},
		{ID: "C14", Spec: "§1.4", Title: "namespace mismatch", Steps: []Step{
			c.postWant(named("c14", "namespace", "other"), Want{Code: http.StatusBadRequest, Status: &StatusWant{
				Reason: "BadRequest", Message: "the namespace of the provided object does not match the namespace sent on the request",
			}}),
		}},
		{ID: "C15", Spec: "§1.4", Title: "namespace taken from the URL", Steps: []Step{
			c.postWant(named("c15"), Want{Code: http.StatusCreated, Object: &ObjectWant{Fields: map[string]any{"metadata.namespace": "${ns}"}}}),
		}},
		{ID: "C16", Spec: "§1.10", Title: "resourceVersion on create is a 500", Steps: []Step{
			c.postWant(named("c16", "resourceVersion", "5"), Want{Code: http.StatusInternalServerError, Status: &StatusWant{
				Message: "resourceVersion should not be set on objects to be created",
			}}),
		}},
		{ID: "C17", Spec: "§1.10", Title: "system fields wiped on create", Steps: []Step{
			c.postWant(named("c17", "uid", "client-uid", "creationTimestamp", "2001-01-01T00:00:00Z",
				"deletionTimestamp", "2001-01-01T00:00:00Z", "deletionGracePeriodSeconds", 30, "selfLink", "/x"),
				Want{Code: http.StatusCreated, Object: &ObjectWant{Terminating: Bool(false), Fields: map[string]any{
					"metadata.uid":                        "/^[0-9a-f-]{36}$/",
					"metadata.creationTimestamp":          "/^20[2-9]/",
					"metadata.deletionGracePeriodSeconds": Absent,
					"metadata.selfLink":                   Absent,
				}}}),
		}},
		{ID: "C18", Spec: "§1.10, §2.4", Title: "generation 1 on create whatever the client sent", Steps: []Step{
			c.postWant(named("c18", "generation", 7), Want{Code: http.StatusCreated, Object: &ObjectWant{Fields: map[string]any{"metadata.generation": 1}}}),
		}},
		{ID: "C19", Spec: "§1.10", Title: "negative generation is overwritten for custom resources", Steps: []Step{
			c.postWant(named("c19", "generation", -1), Want{Code: http.StatusCreated, Object: &ObjectWant{Fields: map[string]any{"metadata.generation": 1}}}),
		}},
		{ID: "C20", Spec: "§2.5", Title: "status dropped on create (status subresource)", Steps: []Step{
			{Method: http.MethodPost, Body: map[string]any{
				"apiVersion": c.t.apiVersion(), "kind": c.t.Kind, "metadata": named("c20"), "spec": c.t.Spec,
				"status": map[string]any{"observedGeneration": 5},
			}, Want: Want{Code: http.StatusCreated, Object: &ObjectWant{Fields: map[string]any{"status": Absent}}}},
		}},
		{ID: "C21", Spec: "§1.5", Title: "bad label key", Steps: []Step{
			c.postWant(named("c21", "labels", map[string]any{"-bad": "v"}), c.invalid("c21", `metadata.labels: Invalid value: "-bad": `+labelNameMessage,
				cause("FieldValueInvalid", "metadata.labels", `Invalid value: "-bad": `+labelNameMessage))),
		}},
		{ID: "C22", Spec: "§1.5", Title: "bad label value", Steps: []Step{
			c.postWant(named("c22", "labels", map[string]any{"good": "-bad"}), c.invalid("c22", `metadata.labels: Invalid value: "-bad": `+labelValueMessage,
				cause("FieldValueInvalid", "metadata.labels", `Invalid value: "-bad": `+labelValueMessage))),
		}},
		{ID: "C23", Spec: "§1.5", Title: "label value longer than 63", Steps: []Step{
			c.postWant(named("c23", "labels", map[string]any{"k": long(64)}), c.invalid("c23", `metadata.labels: Invalid value: "`+long(64)+`": must be no more than 63 bytes`,
				cause("FieldValueInvalid", "metadata.labels", `Invalid value: "`+long(64)+`": must be no more than 63 bytes`))),
		}},
		{ID: "C24", Spec: "§1.5", Title: "upper-case label prefix", Steps: []Step{
			c.postWant(named("c24", "labels", map[string]any{"Example.com/x": "v"}), Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
				Reason: "Invalid",
				Causes: []Cause{cause("FieldValueInvalid", "metadata.labels", `Invalid value: "Example.com/x": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`)},
			}}),
		}},
		{ID: "C25", Spec: "§1.5", Title: "label key with two slashes", Steps: []Step{
			c.postWant(named("c25", "labels", map[string]any{"a/b/c": "v"}), Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
				Reason: "Invalid",
				Causes: []Cause{cause("FieldValueInvalid", "metadata.labels", `Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`)},
			}}),
		}},
		{ID: "C26", Spec: "§1.6", Title: "annotation keys are case-insensitive", Steps: []Step{
			c.post(named("c26", "annotations", map[string]any{"Example.COM/Key": "v"})),
		}},
		{ID: "C27", Spec: "§1.6", Title: "bad annotation key", Steps: []Step{
			c.postWant(named("c27", "annotations", map[string]any{"bad key": "v"}), c.invalid("c27", `metadata.annotations: Invalid value: "bad key": `+labelNameMessage,
				cause("FieldValueInvalid", "metadata.annotations", `Invalid value: "bad key": `+labelNameMessage))),
		}},
		{ID: "C28", Spec: "§1.6", Title: "annotations of exactly 256 KiB", Steps: []Step{
			c.post(named("c28", "annotations", map[string]any{"k": strings.Repeat("x", 262143)})),
		}},
		{ID: "C29", Spec: "§1.6", Title: "annotations over 256 KiB", Steps: []Step{
			c.postWant(named("c29", "annotations", map[string]any{"k": strings.Repeat("x", 262144)}), c.invalid("c29", `metadata.annotations: Too long: may not be more than 262144 bytes`,
				cause("FieldValueTooLong", "metadata.annotations", `Too long: may not be more than 262144 bytes`))),
		}},
		{ID: "C30", Spec: "§1.7", Title: "unqualified finalizer: a warning for custom resources, an error for built-in types", Steps: []Step{
			c.postWant(named("c30", "finalizers", list("foo")), c.unqualifiedFinalizers("c30", "foo")),
		}},
		{ID: "C31", Spec: "§1.7", Title: "a domain without a path is not fully qualified", Steps: []Step{
			c.postWant(named("c31", "finalizers", list("example.com")), c.unqualifiedFinalizers("c31", "example.com")),
		}},
		{ID: "C32", Spec: "§1.7", Title: "standard and duplicate finalizers stored as sent", Steps: []Step{
			c.postWant(named("c32", "finalizers", list("kubernetes", "orphan", "example.com/x", "example.com/x")), Want{Code: http.StatusCreated, Warnings: []string{},
				Object: &ObjectWant{Fields: map[string]any{"metadata.finalizers": list("kubernetes", "orphan", "example.com/x", "example.com/x")}}}),
		}},
		{ID: "C33", Spec: "§1.7", Title: "orphan and foregroundDeletion together", Steps: []Step{
			c.postWant(named("c33", "finalizers", list("orphan", "foregroundDeletion")), c.invalid("c33",
				`metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set`,
				cause("FieldValueInvalid", "metadata.finalizers", `Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set`))),
		}},
		{ID: "C34", Spec: "§1.7", Title: "finalizer that is not a qualified name", Steps: []Step{
			c.postWant(named("c34", "finalizers", list("ok.com/x", "example.com/-x")), c.invalid("c34", `metadata.finalizers: Invalid value: "example.com/-x": `+labelNameMessage,
				cause("FieldValueInvalid", "metadata.finalizers", `Invalid value: "example.com/-x": `+labelNameMessage))),
		}},
		{ID: "C35", Spec: "§1.8", Title: "empty ownerReference", Steps: []Step{
			c.postWant(named("c35", "ownerReferences", list(map[string]any{})), Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
				Reason: "Invalid",
				Causes: []Cause{
					cause("FieldValueRequired", "metadata.ownerReferences[0].apiVersion", "Required value: must not be empty"),
					cause("FieldValueRequired", "metadata.ownerReferences[0].kind", "Required value: must not be empty"),
					cause("FieldValueRequired", "metadata.ownerReferences[0].name", "Required value: must not be empty"),
					cause("FieldValueRequired", "metadata.ownerReferences[0].uid", "Required value: must not be empty"),
				},
			}}),
		}},
		{ID: "C36", Spec: "§1.8", Title: "unparsable ownerReference apiVersion", Steps: []Step{
			c.postWant(named("c36", "ownerReferences", list(map[string]any{"apiVersion": "a/b/c", "kind": "K", "name": "n", "uid": "u"})),
				c.invalid("c36", `metadata.ownerReferences[0].apiVersion: Invalid value: "a/b/c": must be <group>/<version> or <version>`,
					cause("FieldValueInvalid", "metadata.ownerReferences[0].apiVersion", `Invalid value: "a/b/c": must be <group>/<version> or <version>`))),
		}},
		{ID: "C37", Spec: "§1.8", Title: "core Event as owner", Steps: []Step{
			c.postWant(named("c37", "ownerReferences", list(map[string]any{"apiVersion": "v1", "kind": "Event", "name": "n", "uid": "u"})),
				c.invalid("c37", `metadata.ownerReferences[0]: Invalid value: {"apiVersion":"v1","kind":"Event","name":"n","uid":"u"}: /v1, Kind=Event is disallowed from being an owner`,
					cause("FieldValueInvalid", "metadata.ownerReferences[0]", `Invalid value: {"apiVersion":"v1","kind":"Event","name":"n","uid":"u"}: /v1, Kind=Event is disallowed from being an owner`))),
		}},
		{ID: "C38", Spec: "§1.8", Title: "two controller references", Steps: []Step{
			c.postWant(named("c38", "ownerReferences", list(
				map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "a", "uid": "ua", "controller": true},
				map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "b", "uid": "ub", "controller": true},
			)), Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
				Reason: "Invalid",
				Causes: []Cause{cause("FieldValueInvalid", "metadata.ownerReferences",
					`/Only one reference can have Controller set to true. Found "true" in references for Pod\/a and Pod\/b$/`)},
			}}),
		}},
		{ID: "C39", Spec: "§1.8", Title: "duplicate ownerReferences deduplicated with a warning", Steps: []Step{
			c.postWant(named("c39", "ownerReferences", list(
				map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "a", "uid": "u1"},
				map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "a", "uid": "u1"},
			)), Want{Code: http.StatusCreated,
				Warnings: []string{".metadata.ownerReferences contains duplicate entries; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: u1"},
				Object:   &ObjectWant{Fields: map[string]any{"metadata.ownerReferences": list(map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "a", "uid": "u1"})}}}),
		}},
		{ID: "C40", Spec: "§1.8", Title: "ownerReference to itself or anything", Steps: []Step{
			c.post(named("c40", "ownerReferences", list(map[string]any{"apiVersion": c.t.apiVersion(), "kind": c.t.Kind, "name": "c40", "uid": "any"}))),
		}},
		{ID: "C41", Spec: "§1.10", Title: "dry-run create", Steps: []Step{
			{Method: http.MethodPost, Query: "dryRun=All", Body: c.object(named("c41")), Want: Want{Code: http.StatusCreated,
				Object: &ObjectWant{ResourceVersion: NoRV, Fields: map[string]any{"metadata.uid": "/^[0-9a-f-]{36}$/"}}}},
			c.gone("c41"),
		}},
		{ID: "C43", Spec: "§1.7", Title: "finalizer warnings and generation reset", Steps: []Step{
			c.postWant(named("c43", "finalizers", list("foo", "foo.bar", "example.com/ok"), "generation", 9), c.unqualifiedFinalizers("c43", "foo", "foo.bar")),
		}},
		{ID: "C44", Spec: "§1.2", Title: "upper-case name", Steps: []Step{
			c.postWant(named("Upper"), c.invalid("Upper", `metadata.name: Invalid value: "Upper": `+subdomainRegexMessage,
				cause("FieldValueInvalid", "metadata.name", `Invalid value: "Upper": `+subdomainRegexMessage))),
		}},
	}
}

// put replaces an object: the last seen state with changes applied.
func (c cases) put(name string, metadata map[string]any, want Want) Step {
	return Step{Method: http.MethodPut, Name: name, Body: c.object(metadata), Want: want}
}

// withRV is metadata for a PUT that carries the last seen resourceVersion.
func withRV(name string, kv ...any) map[string]any {
	return named(name, append([]any{"resourceVersion", "${rv:" + name + "}"}, kv...)...)
}

func (c cases) update() []Case {
	ok := func(fields map[string]any, rv RVCheck) Want {
		return Want{Code: http.StatusOK, Object: &ObjectWant{Fields: fields, ResourceVersion: rv}}
	}
	badLabel := `Invalid value: "-bad": ` + labelNameMessage
	return []Case{
		{ID: "U1", Spec: "§2.1", Title: "body name differs from the URL", Steps: []Step{
			c.post(named("u1")),
			c.put("u1", named("other", "resourceVersion", "${rv:u1}"), Want{Code: http.StatusBadRequest, Status: &StatusWant{
				Reason: "BadRequest", Message: "the name of the object (other) does not match the name on the URL (u1)",
			}}),
		}},
		{ID: "U2", Spec: "§2.1", Title: "body uid becomes a precondition", Steps: []Step{
			c.post(named("u2")),
			c.put("u2", withRV("u2", "uid", "changed"), Want{Code: http.StatusConflict, Status: &StatusWant{
				Reason: "Conflict",
				Message: fmt.Sprintf(`Operation cannot be fulfilled on %s "u2": StorageError: invalid object, Code: 4, Key: /registry/%s/%s/${ns}/u2, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: changed, UID in object meta: ${uid:u2}`,
					c.t.qualifiedResource(), c.t.Group, c.t.Resource),
			}}),
		}},
		{ID: "U3", Spec: "§2.2", Title: "update without resourceVersion", Steps: []Step{
			c.post(named("u3")),
			c.put("u3", named("u3"), Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
				Reason:      "Invalid",
				Message:     fmt.Sprintf(`%s "u3" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update`, c.t.qualifiedResource()),
				DetailsKind: c.t.Resource,
				Causes:      []Cause{cause("FieldValueInvalid", "metadata.resourceVersion", "Invalid value: 0: must be specified for an update")},
			}}),
		}},
		{ID: "U4", Spec: "§2.2", Title: "stale resourceVersion", Steps: []Step{
			c.post(named("u4")),
			c.put("u4", withRV("u4", "labels", map[string]any{"a": "1"}), ok(nil, NewRV("u4"))),
			c.put("u4", named("u4", "resourceVersion", "1"), Want{Code: http.StatusConflict, Status: &StatusWant{
				Reason:  "Conflict",
				Message: fmt.Sprintf(`Operation cannot be fulfilled on %s "u4": %s`, c.t.qualifiedResource(), conflictModified),
			}}),
		}},
		{ID: "U5", Spec: "§2.2", Title: "creationTimestamp restored", Steps: []Step{
			c.post(named("u5")),
			c.put("u5", withRV("u5", "creationTimestamp", "2001-01-01T00:00:00Z"), ok(map[string]any{"metadata.creationTimestamp": "/^20[2-9]/"}, SameRV("u5"))),
		}},
		{ID: "U6", Spec: "§2.2", Title: "deletionTimestamp on a live object", Steps: []Step{
			c.post(named("u6")),
			c.put("u6", withRV("u6", "deletionTimestamp", "2030-01-01T00:00:00Z"), c.invalid("u6",
				`metadata.deletionTimestamp: Invalid value: "2030-01-01T00:00:00Z": field is immutable`,
				c.repeated(2, cause("FieldValueInvalid", "metadata.deletionTimestamp", `Invalid value: "2030-01-01T00:00:00Z": field is immutable`))...)),
		}},
		{ID: "U7", Spec: "§2.2", Title: "deletionGracePeriodSeconds set by update", Steps: []Step{
			c.post(named("u7")),
			c.put("u7", withRV("u7", "deletionGracePeriodSeconds", 5), c.invalid("u7",
				`metadata.deletionGracePeriodSeconds: Invalid value: 5: field is immutable`,
				c.repeated(2, cause("FieldValueInvalid", "metadata.deletionGracePeriodSeconds", `Invalid value: 5: field is immutable`))...)),
		}},
		{ID: "U8", Spec: "§2.4", Title: "generation from the client ignored", Steps: []Step{
			c.post(named("u8")),
			c.put("u8", withRV("u8", "generation", 0), ok(map[string]any{"metadata.generation": 1}, SameRV("u8"))),
		}},
		{ID: "U12", Spec: "§2.5", Title: "status ignored on the main resource", Steps: []Step{
			c.post(named("u12")),
			{Method: http.MethodPut, Name: "u12", Body: map[string]any{
				"apiVersion": c.t.apiVersion(), "kind": c.t.Kind, "metadata": withRV("u12"), "spec": c.t.Spec,
				"status": map[string]any{"observedGeneration": 3},
			}, Want: ok(map[string]any{"status": Absent, "metadata.generation": 1}, SameRV("u12"))},
		}},
		{ID: "U13", Spec: "§2.1", Title: "identical update keeps the resourceVersion", Steps: []Step{
			c.post(named("u13", "labels", map[string]any{"a": "1"})),
			c.put("u13", withRV("u13", "labels", map[string]any{"a": "1"}), ok(nil, SameRV("u13"))),
		}},
		{ID: "U14", Spec: "§2.1", Title: "update of a missing object", Steps: []Step{
			c.put("u14", named("u14", "resourceVersion", "1"), c.notFound("u14")),
		}},
		{ID: "U16", Spec: "§0.2", Title: "custom resources repeat ObjectMeta causes on update, built-in types do not", Steps: []Step{
			c.post(named("u16")),
			c.put("u16", withRV("u16", "labels", map[string]any{"-bad": "v"}), c.invalid("u16", "metadata.labels: "+badLabel,
				c.repeated(3, cause("FieldValueInvalid", "metadata.labels", badLabel))...)),
		}},
		{ID: "U17", Spec: "§2.4", Title: "generation +1 on a spec change, not on a label change", Steps: []Step{
			c.post(named("u17")),
			{Method: http.MethodPatch, Name: "u17", Body: `{"metadata":{"labels":{"a":"1"}}}`, Want: ok(map[string]any{"metadata.generation": 1}, NewRV("u17"))},
			{Method: http.MethodPatch, Name: "u17", Body: `{"spec":{"color":"blue"}}`, Want: ok(map[string]any{"metadata.generation": 2, "spec.color": "blue"}, NewRV("u17"))},
		}},
		{ID: "U18", Spec: "§2.2", Title: "merge patch renaming the object", Steps: []Step{
			c.post(named("u18")),
			{Method: http.MethodPatch, Name: "u18", Body: `{"metadata":{"name":"other"}}`, Want: Want{Code: http.StatusBadRequest, Status: &StatusWant{
				Reason: "BadRequest", Message: "the name of the object (other) does not match the name on the URL (u18)",
			}}},
		}},
		{ID: "U19", Spec: "§2.1", Title: "JSON patch", Steps: []Step{
			c.post(named("u19")),
			{Method: http.MethodPatch, Name: "u19", ContentType: "application/json-patch+json",
				Body: `[{"op":"add","path":"/metadata/labels","value":{"a":"b"}},{"op":"replace","path":"/spec/color","value":"green"}]`,
				Want: ok(map[string]any{"metadata.labels": map[string]any{"a": "b"}, "spec.color": "green", "metadata.generation": 2}, NewRV("u19"))},
		}},
		{ID: "U21", Spec: "§3.9 (dry run on every write)", Title: "dry-run update and status update store nothing", Steps: []Step{
			c.post(named("u21")),
			c.put("u21", withRV("u21", "labels", map[string]any{"dry": "run"}), Want{Code: http.StatusOK, Object: &ObjectWant{Fields: map[string]any{"metadata.labels": map[string]any{"dry": "run"}}}}),
			{Method: http.MethodPut, Name: "u21", Query: "dryRun=All", Body: c.object(withRV("u21", "labels", map[string]any{"dry": "again"})),
				Want: Want{Code: http.StatusOK, Object: &ObjectWant{Fields: map[string]any{"metadata.labels": map[string]any{"dry": "again"}}}}},
			{Method: http.MethodPatch, Name: "u21", Subresource: "status", Query: "dryRun=All", Body: `{"status":{"observedGeneration":9}}`,
				Want: Want{Code: http.StatusOK, Object: &ObjectWant{Fields: map[string]any{"status.observedGeneration": 9}}}},
			c.get("u21", Want{Code: http.StatusOK, Object: &ObjectWant{Fields: map[string]any{"metadata.labels": map[string]any{"dry": "run"}, "status": Absent}}}),
		}},
		{ID: "U20", Spec: "§2.1", Title: "strategic merge patch: built-in types only", Steps: []Step{
			c.post(named("u20")),
			{Method: http.MethodPatch, Name: "u20", ContentType: "application/strategic-merge-patch+json", Body: `{"metadata":{"labels":{"a":"b"}}}`,
				Want: c.strategicMergePatch()},
		}},
	}
}

// strategicMergePatch is the answer to a strategic merge patch adding a
// label: 415 for custom resources, which only take JSON, merge and apply
// patches.
func (c cases) strategicMergePatch() Want {
	if c.t.BuiltIn {
		return Want{Code: http.StatusOK, Object: &ObjectWant{Fields: map[string]any{"metadata.labels": map[string]any{"a": "b"}}}}
	}
	return Want{Code: http.StatusUnsupportedMediaType, Status: &StatusWant{
		Reason:  "UnsupportedMediaType",
		Message: "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
	}}
}

// del is a DELETE with an optional body (DeleteOptions) and query.
func del(name, query string, body any, want Want) Step {
	return Step{Method: http.MethodDelete, Name: name, Query: query, Body: body, Want: want}
}

func (c cases) delete() []Case {
	withFinalizer := func(name string) Step { return c.post(named(name, "finalizers", list("example.com/x"))) }
	terminatingWant := func(name string, fields map[string]any) Want {
		return Want{Code: http.StatusOK, Object: terminating(name, fields)}
	}
	deleteOptionsInvalid := func(message string, causes ...Cause) Want {
		return Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
			Reason: "Invalid", Message: `DeleteOptions.meta.k8s.io "" is invalid: ` + message,
			DetailsKind: "DeleteOptions", DetailsGroup: "meta.k8s.io", Causes: causes,
		}}
	}
	return []Case{
		{ID: "D1", Spec: "§3.2", Title: "delete without finalizers answers a Status", Steps: []Step{
			c.post(named("d1")),
			del("d1", "", nil, c.deleteSuccess("d1")),
			c.gone("d1"),
		}},
		{ID: "D2", Spec: "§3.5", Title: "delete with finalizers answers 200 with the object", Steps: []Step{
			withFinalizer("d2"),
			del("d2", "", nil, terminatingWant("d2", map[string]any{"metadata.finalizers": list("example.com/x"), "metadata.generation": 2})),
			c.get("d2", Want{Code: http.StatusOK, Object: terminating("d2", nil)}),
		}},
		{ID: "D3", Spec: "§3.5", Title: "gracePeriodSeconds ignored for non-graceful types", Steps: []Step{
			withFinalizer("d3"),
			del("d3", "", `{"gracePeriodSeconds":30}`, terminatingWant("d3", nil)),
		}},
		{ID: "D5", Spec: "§3.6", Title: "repeated delete changes nothing", Steps: []Step{
			withFinalizer("d5"),
			del("d5", "", nil, terminatingWant("d5", nil)),
			del("d5", "", nil, Want{Code: http.StatusOK, Object: &ObjectWant{Terminating: Bool(true), ResourceVersion: SameRV("d5"),
				Fields: map[string]any{"metadata.generation": 2}}}),
		}},
		{ID: "D6", Spec: "§3.4", Title: "repeated delete with Foreground adds foregroundDeletion", Steps: []Step{
			withFinalizer("d6"),
			del("d6", "", nil, terminatingWant("d6", nil)),
			del("d6", "", `{"propagationPolicy":"Foreground"}`, Want{Code: http.StatusOK, Object: &ObjectWant{ResourceVersion: NewRV("d6"),
				Fields: map[string]any{"metadata.finalizers": list("example.com/x", "foregroundDeletion")}}}),
			del("d6", "", `{"propagationPolicy":"Orphan"}`, Want{Code: http.StatusOK, Object: &ObjectWant{ResourceVersion: NewRV("d6"),
				Fields: map[string]any{"metadata.finalizers": list("example.com/x", "orphan")}}}),
		}},
		{ID: "D8", Spec: "§2.3", Title: "no new finalizers while terminating", Steps: []Step{
			withFinalizer("d8"),
			del("d8", "", nil, terminatingWant("d8", nil)),
			{Method: http.MethodPatch, Name: "d8", Body: `{"metadata":{"finalizers":["example.com/x","example.com/new"]}}`, Want: c.invalid("d8",
				`metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}`,
				c.repeated(2, cause("FieldValueForbidden", "metadata.finalizers", `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}`))...)},
		}},
		{ID: "D9", Spec: "§2.3", Title: "reordering and duplicating finalizers while terminating", Steps: []Step{
			c.post(named("d9", "finalizers", list("example.com/a", "example.com/b"))),
			del("d9", "", nil, terminatingWant("d9", nil)),
			{Method: http.MethodPatch, Name: "d9", Body: `{"metadata":{"finalizers":["example.com/b","example.com/a","example.com/a"]}}`,
				Want: Want{Code: http.StatusOK, Object: &ObjectWant{Fields: map[string]any{"metadata.finalizers": list("example.com/b", "example.com/a", "example.com/a")}}}},
		}},
		{ID: "D10", Spec: "§2.2", Title: "merge patch nulling deletionTimestamp is ignored", Steps: []Step{
			withFinalizer("d10"),
			del("d10", "", nil, terminatingWant("d10", nil)),
			{Method: http.MethodPatch, Name: "d10", Body: `{"metadata":{"deletionTimestamp":null}}`,
				Want: Want{Code: http.StatusOK, Object: &ObjectWant{Terminating: Bool(true), ResourceVersion: SameRV("d10")}}},
		}},
		// Over HTTP the field manager records the sent deletionTimestamp in
		// managedFields, so the write is not a no-op (the spec's R mark is
		// registry level, where there is no field manager).
		{ID: "D11", Spec: "§2.2", Title: "moving deletionTimestamp is silently undone", Steps: []Step{
			withFinalizer("d11"),
			del("d11", "", nil, terminatingWant("d11", nil)),
			c.put("d11", withRV("d11", "finalizers", list("example.com/x"), "deletionTimestamp", "2099-01-01T00:00:00Z", "deletionGracePeriodSeconds", 0),
				Want{Code: http.StatusOK, Object: &ObjectWant{Fields: map[string]any{"metadata.deletionTimestamp": "/^20[2-8]/"}}}),
		}},
		{ID: "D12", Spec: "§2.2", Title: "deletionGracePeriodSeconds cannot change by update", Steps: []Step{
			withFinalizer("d12"),
			del("d12", "", nil, terminatingWant("d12", nil)),
			{Method: http.MethodPatch, Name: "d12", Body: `{"metadata":{"deletionGracePeriodSeconds":10}}`, Want: c.invalid("d12",
				`metadata.deletionGracePeriodSeconds: Invalid value: 10: field is immutable`,
				c.repeated(2, cause("FieldValueInvalid", "metadata.deletionGracePeriodSeconds", `Invalid value: 10: field is immutable`))...)},
		}},
		{ID: "D13", Spec: "§2.4", Title: "labels and spec can change while terminating", Steps: []Step{
			withFinalizer("d13"),
			del("d13", "", nil, terminatingWant("d13", nil)),
			{Method: http.MethodPatch, Name: "d13", Body: `{"metadata":{"labels":{"a":"1"}}}`, Want: Want{Code: http.StatusOK, Object: &ObjectWant{
				ResourceVersion: NewRV("d13"), Fields: map[string]any{"metadata.generation": 2}}}},
			{Method: http.MethodPatch, Name: "d13", Body: `{"spec":{"color":"blue"}}`, Want: Want{Code: http.StatusOK, Object: &ObjectWant{
				ResourceVersion: NewRV("d13"), Fields: map[string]any{"metadata.generation": 3}}}},
		}},
		{ID: "D14", Spec: "§3.7", Title: "removing the last finalizer answers the object, then it is gone", Steps: []Step{
			withFinalizer("d14"),
			del("d14", "", nil, terminatingWant("d14", nil)),
			{Method: http.MethodPatch, Name: "d14", Body: `{"metadata":{"finalizers":null}}`, Want: Want{Code: http.StatusOK, Object: &ObjectWant{
				Terminating: Bool(true), ResourceVersion: SameRV("d14"), Fields: map[string]any{"metadata.finalizers": Absent}}}},
			c.gone("d14"),
		}},
		{ID: "D15", Spec: "§3.7", Title: "dry-run removal of the last finalizer deletes nothing", Steps: []Step{
			withFinalizer("d15"),
			del("d15", "", nil, terminatingWant("d15", nil)),
			{Method: http.MethodPatch, Name: "d15", Query: "dryRun=All", Body: `{"metadata":{"finalizers":null}}`, Want: Want{Code: http.StatusOK, Object: &ObjectWant{}}},
			c.get("d15", Want{Code: http.StatusOK, Object: terminating("d15", map[string]any{"metadata.finalizers": list("example.com/x")})}),
		}},
		{ID: "D16", Spec: "§3.7", Title: "removing finalizers with the resourceVersion from before the delete", Steps: []Step{
			{Method: http.MethodPost, Body: c.object(named("d16", "finalizers", list("example.com/x"))), SaveAs: "before-delete",
				Want: Want{Code: http.StatusCreated, Object: &ObjectWant{}}},
			del("d16", "", nil, terminatingWant("d16", nil)),
			c.put("d16", named("d16", "resourceVersion", "${rv:before-delete}"), Want{Code: http.StatusConflict, Status: &StatusWant{
				Reason:  "Conflict",
				Message: fmt.Sprintf(`Operation cannot be fulfilled on %s "d16": %s`, c.t.qualifiedResource(), conflictModified),
			}}),
			c.get("d16", Want{Code: http.StatusOK, Object: terminating("d16", nil)}),
		}},
		{ID: "D17", Spec: "§3.4", Title: "Foreground on an object without finalizers", Steps: []Step{
			c.post(named("d17")),
			del("d17", "", `{"propagationPolicy":"Foreground"}`, terminatingWant("d17", map[string]any{"metadata.finalizers": list("foregroundDeletion")})),
		}},
		{ID: "D18", Spec: "§3.1", Title: "orphanDependents=false with finalizers answers 202", Steps: []Step{
			withFinalizer("d18"),
			del("d18", "", `{"orphanDependents":false}`, Want{Code: http.StatusAccepted, Object: terminating("d18", nil)}),
		}},
		{ID: "D19", Spec: "§3.1", Title: "orphanDependents=false without finalizers deletes at once", Steps: []Step{
			c.post(named("d19")),
			del("d19", "", `{"orphanDependents":false}`, c.deleteSuccess("d19")),
		}},
		{ID: "D20", Spec: "§3.4", Title: "propagationPolicy=Orphan in the query", Steps: []Step{
			c.post(named("d20")),
			del("d20", "propagationPolicy=Orphan", nil, terminatingWant("d20", map[string]any{"metadata.finalizers": list("orphan")})),
		}},
		{ID: "D21", Spec: "§3.4", Title: "orphanDependents=true", Steps: []Step{
			c.post(named("d21")),
			del("d21", "", `{"orphanDependents":true}`, terminatingWant("d21", map[string]any{"metadata.finalizers": list("orphan")})),
		}},
		{ID: "D22", Spec: "§3.4", Title: "an existing orphan finalizer decides the policy", Steps: []Step{
			c.post(named("d22", "finalizers", list("orphan"))),
			del("d22", "", nil, terminatingWant("d22", map[string]any{"metadata.finalizers": list("orphan")})),
		}},
		{ID: "D23", Spec: "§3.4", Title: "Background strips orphan and deletes", Steps: []Step{
			c.post(named("d23", "finalizers", list("orphan"))),
			del("d23", "", `{"propagationPolicy":"Background"}`, c.deleteSuccess("d23")),
			c.gone("d23"),
		}},
		{ID: "D24", Spec: "§3.4", Title: "Orphan replaces foregroundDeletion", Steps: []Step{
			c.post(named("d24", "finalizers", list("foregroundDeletion"))),
			del("d24", "", `{"propagationPolicy":"Orphan"}`, terminatingWant("d24", map[string]any{"metadata.finalizers": list("orphan")})),
		}},
		{ID: "D25", Spec: "§3.2", Title: "UID precondition", Steps: []Step{
			c.post(named("d25")),
			del("d25", "", `{"preconditions":{"uid":"nope"}}`, Want{Code: http.StatusConflict, Status: &StatusWant{
				Reason: "Conflict", DetailsKind: c.t.Kind,
				Message: fmt.Sprintf(`Operation cannot be fulfilled on %s "d25": the UID in the precondition (nope) does not match the UID in record (${uid:d25}). The object might have been deleted and then recreated`, c.t.qualifiedKind()),
			}}),
		}},
		{ID: "D26", Spec: "§3.2", Title: "resourceVersion precondition", Steps: []Step{
			c.post(named("d26")),
			del("d26", "", `{"preconditions":{"resourceVersion":"1"}}`, Want{Code: http.StatusConflict, Status: &StatusWant{
				Reason:  "Conflict",
				Message: fmt.Sprintf(`Operation cannot be fulfilled on %s "d26": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${rv:d26}). The object might have been modified`, c.t.qualifiedKind()),
			}}),
		}},
		{ID: "D27", Spec: "§3.2", Title: "matching preconditions", Steps: []Step{
			c.post(named("d27")),
			del("d27", "", `{"preconditions":{"uid":"${uid:d27}","resourceVersion":"${rv:d27}"}}`, c.deleteSuccess("d27")),
		}},
		{ID: "D28", Spec: "§3.1", Title: "unknown propagation policy", Steps: []Step{
			c.post(named("d28")),
			del("d28", "", `{"propagationPolicy":"Sideways"}`, deleteOptionsInvalid(
				`propagationPolicy: Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"`,
				cause("FieldValueNotSupported", "propagationPolicy", `Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"`))),
		}},
		{ID: "D29", Spec: "§3.1", Title: "orphanDependents with propagationPolicy", Steps: []Step{
			c.post(named("d29")),
			del("d29", "", `{"orphanDependents":true,"propagationPolicy":"Orphan"}`, deleteOptionsInvalid(
				`propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set`,
				cause("FieldValueInvalid", "propagationPolicy", `Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set`))),
		}},
		{ID: "D30", Spec: "§3.1", Title: "unknown dryRun value", Steps: []Step{
			c.post(named("d30")),
			del("d30", "", `{"dryRun":["Bogus"]}`, deleteOptionsInvalid(
				`dryRun: Unsupported value: ["Bogus"]: supported values: "All"`,
				cause("FieldValueNotSupported", "dryRun", `Unsupported value: ["Bogus"]: supported values: "All"`))),
		}},
		{ID: "D31", Spec: "§3.9", Title: "dry-run delete without finalizers", Steps: []Step{
			c.post(named("d31")),
			del("d31", "dryRun=All", nil, c.deleteSuccess("d31")),
			c.get("d31", Want{Code: http.StatusOK, Object: &ObjectWant{Terminating: Bool(false)}}),
		}},
		{ID: "D32", Spec: "§3.9", Title: "dry-run delete with finalizers", Steps: []Step{
			withFinalizer("d32"),
			del("d32", "dryRun=All", nil, terminatingWant("d32", nil)),
			c.get("d32", Want{Code: http.StatusOK, Object: &ObjectWant{Terminating: Bool(false)}}),
		}},
		{ID: "D33", Spec: "§3.3", Title: "grace periods do not delay non-graceful types", Steps: []Step{
			c.post(named("d33a")),
			del("d33a", "", `{"gracePeriodSeconds":-5}`, c.deleteSuccess("d33a")),
			c.post(named("d33b")),
			del("d33b", "gracePeriodSeconds=30", nil, c.deleteSuccess("d33b")),
		}},
		{ID: "D34", Spec: "§3.2", Title: "delete of a missing object", Steps: []Step{
			del("d34", "", nil, c.notFound("d34")),
		}},
		{ID: "D45", Spec: "§3.1", Title: "query ignored when the body has options", Steps: []Step{
			c.post(named("d45")),
			del("d45", "dryRun=All", `{"propagationPolicy":"Foreground"}`, terminatingWant("d45", map[string]any{"metadata.finalizers": list("foregroundDeletion")})),
			c.get("d45", Want{Code: http.StatusOK, Object: terminating("d45", nil)}),
		}},
	}
}

func (c cases) watch() []Case {
	return []Case{
		{ID: "W1", Spec: "§3.8", Title: "watch events of finalization: MODIFIED, then DELETED with the last stored state", Steps: []Step{
			c.post(named("w1", "finalizers", list("example.com/x"))),
			{Method: "WATCH", Name: "w1", Events: []Event{
				{Type: "MODIFIED", Object: *terminating("w1", map[string]any{"metadata.finalizers": list("example.com/x")})},
				{Type: "MODIFIED", Object: ObjectWant{Fields: map[string]any{"metadata.finalizers": list("example.com/x", "foregroundDeletion")}}},
				{Type: "DELETED", Object: ObjectWant{ResourceVersion: NewRV("w1"), Fields: map[string]any{
					"metadata.finalizers": list("example.com/x", "foregroundDeletion")}}},
			}},
			del("w1", "", nil, Want{Code: http.StatusOK, Object: &ObjectWant{}}),
			del("w1", "", nil, Want{Code: http.StatusOK, Object: &ObjectWant{ResourceVersion: SameRV("w1")}}),
			del("w1", "", `{"propagationPolicy":"Foreground"}`, Want{Code: http.StatusOK, Object: &ObjectWant{}}),
			{Method: http.MethodPatch, Name: "w1", Body: `{"metadata":{"deletionTimestamp":null}}`, Want: Want{Code: http.StatusOK, Object: &ObjectWant{ResourceVersion: SameRV("w1")}}},
			{Method: http.MethodPatch, Name: "w1", Body: `{"metadata":{"finalizers":null}}`, Want: Want{Code: http.StatusOK, Object: &ObjectWant{ResourceVersion: SameRV("w1")}}},
			c.gone("w1"),
		}},
		{ID: "W2", Spec: "§3.8", Title: "an immediate delete is one DELETED event", Steps: []Step{
			c.post(named("w2")),
			{Method: "WATCH", Name: "w2", Events: []Event{{Type: "DELETED", Object: ObjectWant{Name: "w2", ResourceVersion: NewRV("w2")}}}},
			del("w2", "", nil, c.deleteSuccess("w2")),
		}},
		{ID: "W3", Spec: "§3.9", Title: "dry runs emit no events", Steps: []Step{
			c.post(named("w3", "finalizers", list("example.com/x"))),
			{Method: "WATCH", Name: "w3", Events: []Event{{Type: "MODIFIED", Object: ObjectWant{Fields: map[string]any{"metadata.labels": map[string]any{"a": "1"}}}}}},
			del("w3", "dryRun=All", nil, Want{Code: http.StatusOK, Object: &ObjectWant{}}),
			{Method: http.MethodPatch, Name: "w3", Query: "dryRun=All", Body: `{"metadata":{"labels":{"dry":"run"}}}`, Want: Want{Code: http.StatusOK, Object: &ObjectWant{}}},
			{Method: http.MethodPatch, Name: "w3", Body: `{"metadata":{"labels":{"a":"1"}}}`, Want: Want{Code: http.StatusOK, Object: &ObjectWant{}}},
		}},
	}
}

func (c cases) status() []Case {
	return []Case{
		{ID: "S-reset", Spec: "§2.5", Title: "status writes change only the status", Steps: []Step{
			c.post(named("st1", "labels", map[string]any{"a": "1"})),
			{Method: http.MethodPut, Name: "st1", Subresource: "status", Body: map[string]any{
				"apiVersion": c.t.apiVersion(), "kind": c.t.Kind,
				"metadata": withRV("st1", "labels", map[string]any{"a": "2"}, "finalizers", list("example.com/x")),
				"spec":     map[string]any{"color": "blue"},
				"status":   map[string]any{"observedGeneration": 1},
			}, Want: Want{Code: http.StatusOK, Object: &ObjectWant{ResourceVersion: NewRV("st1"), Fields: map[string]any{
				"metadata.labels": map[string]any{"a": "1"}, "metadata.finalizers": Absent, "metadata.generation": 1,
				"spec.color": "red", "status.observedGeneration": 1,
			}}}},
			{Method: http.MethodPatch, Name: "st1", Subresource: "status", Body: `{"status":{"observedGeneration":2}}`,
				Want: Want{Code: http.StatusOK, Object: &ObjectWant{Fields: map[string]any{"status.observedGeneration": 2, "metadata.generation": 1}}}},
		}},
		{ID: "S-missing", Spec: "§2.1", Title: "status write of a missing object", Steps: []Step{
			{Method: http.MethodPatch, Name: "st2", Subresource: "status", Body: `{"status":{"observedGeneration":2}}`, Want: c.notFound("st2")},
		}},
	}
}

func (c cases) list() []Case {
	return []Case{
		{ID: "L1", Spec: "§4 verbs", Title: "label and field selectors", Steps: []Step{
			c.post(named("l1a", "labels", map[string]any{"tier": "l1"})),
			c.post(named("l1b", "labels", map[string]any{"tier": "l1"})),
			c.post(named("l1c")),
			{Method: http.MethodGet, Query: "labelSelector=tier%3Dl1", Want: Want{Code: http.StatusOK, Names: []string{"l1a", "l1b"}}},
			{Method: http.MethodGet, Query: "labelSelector=tier%21%3Dl1", Want: Want{Code: http.StatusOK, Names: []string{"l1c"}}},
			{Method: http.MethodGet, Query: "fieldSelector=metadata.name%3Dl1c", Want: Want{Code: http.StatusOK, Names: []string{"l1c"}}},
			{Method: http.MethodGet, Query: "fieldSelector=metadata.namespace%3D${ns},metadata.name!%3Dl1c&labelSelector=tier", Want: Want{Code: http.StatusOK, Names: []string{"l1a", "l1b"}}},
			{Method: http.MethodGet, Query: "fieldSelector=spec.color%3Dred", Want: Want{Code: http.StatusBadRequest, Status: &StatusWant{
				Reason: "BadRequest", Message: `/field label not supported: spec.color/`}}},
		}},
		{ID: "L2", Spec: "§4 verbs", Title: "limit and continue", Steps: []Step{
			c.post(named("l2a", "labels", map[string]any{"tier": "l2"})),
			c.post(named("l2b", "labels", map[string]any{"tier": "l2"})),
			c.post(named("l2c", "labels", map[string]any{"tier": "l2"})),
			{Method: http.MethodGet, Query: "labelSelector=tier%3Dl2&limit=2", Want: Want{Code: http.StatusOK, Names: []string{"l2a", "l2b"}, More: Bool(true)}},
			{Method: http.MethodGet, Query: "labelSelector=tier%3Dl2&limit=2&continue=${continue}", Want: Want{Code: http.StatusOK, Names: []string{"l2c"}, More: Bool(false)}},
			{Method: http.MethodGet, Query: "limit=1&continue=garbage", Want: Want{Code: http.StatusBadRequest, Status: &StatusWant{Reason: "BadRequest", Message: "/^invalid continue token/"}}},
		}},
	}
}

func (c cases) badRequests() []Case {
	return []Case{
		{ID: "B1", Spec: "issue 7 §9", Title: "malformed JSON", Steps: []Step{
			{Method: http.MethodPost, Body: `{"apiVersion":`, Want: Want{Code: http.StatusBadRequest, Status: &StatusWant{Reason: "BadRequest"}}},
		}},
		{ID: "B2", Spec: "§1.1", Title: "unknown field with fieldValidation=Strict", Steps: []Step{
			{Method: http.MethodPost, Query: "fieldValidation=Strict", Body: map[string]any{
				"apiVersion": c.t.apiVersion(), "kind": c.t.Kind, "metadata": named("b2"),
				"spec": map[string]any{"color": "red", "bogus": 1},
			}, Want: Want{Code: http.StatusBadRequest, Status: &StatusWant{Reason: "BadRequest", Message: `/strict decoding error: unknown field "spec.bogus"/`}}},
		}},
		{ID: "B3", Spec: "§1.1", Title: "unknown field warns by default", Steps: []Step{
			{Method: http.MethodPost, Body: map[string]any{
				"apiVersion": c.t.apiVersion(), "kind": c.t.Kind, "metadata": named("b3"),
				"spec": map[string]any{"color": "red", "bogus": 1},
			}, Want: Want{Code: http.StatusCreated, Warnings: []string{`unknown field "spec.bogus"`}, Object: &ObjectWant{Fields: map[string]any{"spec.bogus": Absent}}}},
		}},
		{ID: "B4", Spec: "issue 7 §9", Title: "unsupported content type", Steps: []Step{
			{Method: http.MethodPost, ContentType: "text/plain", Body: `hello`, Want: Want{Code: http.StatusUnsupportedMediaType, Status: &StatusWant{Reason: "UnsupportedMediaType"}}},
		}},
		{ID: "B5", Spec: "issue 7 §9", Title: "body over the 3 MiB limit", Steps: []Step{
			{Method: http.MethodPost, Body: `{"x":"` + strings.Repeat("a", 3*1024*1024+10) + `"}`, Want: Want{Code: http.StatusRequestEntityTooLarge, Status: &StatusWant{Reason: "RequestEntityTooLarge"}}},
		}},
		{ID: "B6", Spec: "issue 7 §9", Title: "kind of another type in the body", Steps: []Step{
			{Method: http.MethodPost, Body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b6"}}`, Want: Want{Code: http.StatusBadRequest, Status: &StatusWant{Reason: "BadRequest"}}},
		}},
	}
}

// GracefulCases are the cases of §3.3 for a target whose deletion is
// graceful with a default grace period of 30 seconds (as a scheduled pod's
// is). kube-apiserver's custom resources are never graceful: run these only
// against such a resource.
func GracefulCases(target Target) []Case {
	c := cases{target}
	graceful := func(name string, fields map[string]any) *ObjectWant {
		return &ObjectWant{Name: name, Terminating: Bool(true), Fields: fields}
	}
	return []Case{
		{ID: "D35", Spec: "§3.3", Title: "first delete of a graceful object", Steps: []Step{
			c.post(named("d35")),
			del("d35", "", nil, Want{Code: http.StatusOK, Object: graceful("d35", map[string]any{
				"metadata.deletionGracePeriodSeconds": 30, "metadata.deletionTimestamp": At{Offset: 30 * time.Second}, "metadata.generation": 2})}),
			c.get("d35", Want{Code: http.StatusOK, Object: graceful("d35", nil)}),
		}},
		{ID: "D36", Spec: "§3.3", Title: "a repeated delete that does not shorten the period changes nothing", Steps: []Step{
			c.post(named("d36")),
			del("d36", "", nil, Want{Code: http.StatusOK, Object: graceful("d36", nil)}),
			del("d36", "", nil, Want{Code: http.StatusOK, Status: &StatusWant{Status: "Success", DetailsName: "d36", NoCode: true}}),
			del("d36", "gracePeriodSeconds=60", nil, Want{Code: http.StatusOK, Status: &StatusWant{Status: "Success", DetailsName: "d36", NoCode: true}}),
			c.get("d36", Want{Code: http.StatusOK, Object: &ObjectWant{ResourceVersion: SameRV("d36"), Fields: map[string]any{"metadata.deletionGracePeriodSeconds": 30}}}),
		}},
		{ID: "D37", Spec: "§3.3", Title: "a shorter period moves deletionTimestamp earlier", Steps: []Step{
			c.post(named("d37")),
			del("d37", "", nil, Want{Code: http.StatusOK, Object: graceful("d37", nil)}),
			del("d37", "gracePeriodSeconds=10", nil, Want{Code: http.StatusOK, Object: graceful("d37", map[string]any{
				"metadata.deletionGracePeriodSeconds": 10, "metadata.deletionTimestamp": At{Base: "d37", Offset: -20 * time.Second}})}),
		}},
		{ID: "D38", Spec: "§3.3", Title: "period 0 deletes", Steps: []Step{
			c.post(named("d38")),
			del("d38", "", nil, Want{Code: http.StatusOK, Object: graceful("d38", nil)}),
			del("d38", "gracePeriodSeconds=0", nil, c.deleteSuccess("d38")),
			c.gone("d38"),
		}},
		{ID: "D39", Spec: "§3.3, §3.7", Title: "removing finalizers does not delete while the grace period runs", Steps: []Step{
			c.post(named("d39", "finalizers", list("example.com/x"))),
			del("d39", "gracePeriodSeconds=20", nil, Want{Code: http.StatusOK, Object: graceful("d39", map[string]any{"metadata.deletionGracePeriodSeconds": 20})}),
			{Method: http.MethodPatch, Name: "d39", Body: `{"metadata":{"finalizers":null}}`, Want: Want{Code: http.StatusOK, Object: graceful("d39", nil)}},
			c.get("d39", Want{Code: http.StatusOK, Object: graceful("d39", map[string]any{"metadata.finalizers": Absent})}),
			del("d39", "gracePeriodSeconds=0", nil, c.deleteSuccess("d39")),
			c.gone("d39"),
		}},
	}
}
