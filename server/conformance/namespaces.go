package conformance

import (
	"fmt"
	"net/http"
)

// Namespaces: the core/v1 Namespace registry (kk/pkg/registry/core/namespace)
// and the NamespaceLifecycle admission plugin
// (as/pkg/admission/plugin/namespace/lifecycle) kube-apiserver enables by
// default, on a server without kube-controller-manager: a deleted namespace
// stays Terminating until its "kubernetes" finalizer is removed through
// /finalize. Admission runs before validation (§1.1), on dry runs too. The
// namespaces a case creates are ${ns}-<suffix>, removed at the end.

const (
	nsSpec        = "NamespaceLifecycle"
	registrySpec  = "namespace registry"
	dnsLabelRegex = `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`
)

// nsPath is the URL path of a namespace (templated).
func nsPath(name string) string { return "/api/v1/namespaces/" + name }

// in is the collection path of the target in namespace ns (templated).
func (c cases) in(ns string) string {
	return fmt.Sprintf("/apis/%s/%s/namespaces/%s/%s", c.t.Group, c.t.Version, ns, c.t.Resource)
}

func namespaceBody(metadata map[string]any, spec map[string]any) map[string]any {
	body := map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": metadata}
	if spec != nil {
		body["spec"] = spec
	}
	return body
}

// activeNamespace is a namespace as the registry leaves it on create.
func activeNamespace(name string) *ObjectWant {
	return &ObjectWant{Kind: "Namespace", Name: name, Terminating: Bool(false), Fields: map[string]any{
		"status.phase":    "Active",
		"spec.finalizers": list("kubernetes"),
		"metadata.labels": "map[kubernetes.io/metadata.name:" + name + "]",
	}}
}

// terminatingNamespace is a namespace after its first DELETE.
func terminatingNamespace(name string, fields map[string]any) *ObjectWant {
	want := map[string]any{"status.phase": "Terminating", "spec.finalizers": list("kubernetes")}
	for k, v := range fields {
		want[k] = v
	}
	return &ObjectWant{Kind: "Namespace", Name: name, Terminating: Bool(true), Fields: want}
}

func createNamespace(name string) Step {
	return Step{Method: http.MethodPost, Path: nsPath(""), Body: namespaceBody(named(name), nil),
		Want: Want{Code: http.StatusCreated, Object: activeNamespace(name)}}
}

func namespaceStep(method, name, subresource, query string, body any, want Want) Step {
	path := nsPath(name)
	if subresource != "" {
		path += "/" + subresource
	}
	return Step{Method: method, Path: path, Name: name, Subresource: subresource, Query: query, Body: body, Want: want}
}

func namespaceNotFound(name string) Want {
	return Want{Code: http.StatusNotFound, Status: &StatusWant{
		Reason: "NotFound", Message: fmt.Sprintf("namespaces %q not found", name), DetailsKind: "namespaces", DetailsName: name,
	}}
}

func namespaceInvalid(name, message string, causes ...Cause) Want {
	return Want{Code: http.StatusUnprocessableEntity, Status: &StatusWant{
		Reason: "Invalid", Message: fmt.Sprintf("Namespace %q is invalid: %s", name, message), DetailsKind: "Namespace", Causes: causes,
	}}
}

// finalizeNamespace empties spec.finalizers through /finalize, which removes
// a terminating namespace.
func finalizeNamespace(name string, want Want) Step {
	return namespaceStep(http.MethodPut, name, "finalize", "", namespaceBody(named(name), map[string]any{"finalizers": list()}), want)
}

func (c cases) namespaces() []Case {
	missing := "${ns}-absent"
	badLabel := named("n1b", "labels", map[string]any{"a b": "x"})
	terminatingForbidden := func(ns, name string) Want {
		return Want{Code: http.StatusForbidden, Status: &StatusWant{
			Reason: "Forbidden",
			Message: fmt.Sprintf("%s %q is forbidden: unable to create new content in namespace %s because it is being terminated",
				c.t.qualifiedResource(), name, ns),
			DetailsKind: c.t.Resource, DetailsName: name, DetailsGroup: c.t.Group,
			Causes: []Cause{cause("NamespaceTerminating", "metadata.namespace", "namespace "+ns+" is being terminated")},
		}}
	}
	immortal := func(name string) Step {
		return namespaceStep(http.MethodDelete, name, "", "dryRun=All", nil, Want{Code: http.StatusForbidden, Status: &StatusWant{
			Reason: "Forbidden", Message: fmt.Sprintf("namespaces %q is forbidden: this namespace may not be deleted", name),
			DetailsKind: "namespaces", DetailsName: name,
		}})
	}
	systemNamespace := func(name string) Step {
		want := activeNamespace(name)
		// Written by kube-apiserver's loopback client, whose user agent
		// starts with the binary's name (kube-apiserver, or the name of the
		// binary hack/e2e caches).
		want.Fields["metadata.managedFields"] = "/manager:kube-apiserver[^ ]* operation:Update/"
		return namespaceStep(http.MethodGet, name, "", "", nil, Want{Code: http.StatusOK, Object: want})
	}
	n3, n5, n6, n7, n8 := "${ns}-n3", "${ns}-n5", "${ns}-n6", "${ns}-n7", "${ns}-n8"
	return []Case{
		{ID: "N1", Spec: nsSpec, Title: "a create in a namespace that does not exist is a 404, before validation and on dry runs", Steps: []Step{
			{Method: http.MethodPost, Path: c.in(missing), Body: c.object(named("n1")), Want: namespaceNotFound(missing)},
			{Method: http.MethodPost, Path: c.in(missing), Body: c.object(badLabel), Want: namespaceNotFound(missing)},
			{Method: http.MethodPost, Path: c.in(missing), Query: "dryRun=All", Body: c.object(named("n1")), Want: namespaceNotFound(missing)},
			{Method: http.MethodGet, Path: c.in(missing) + "/n1", Want: c.notFound("n1")},
			{Method: http.MethodGet, Path: c.in(missing), Want: Want{Code: http.StatusOK, Names: []string{}}},
		}},
		{ID: "N2", Spec: nsSpec, Title: "default, kube-system, kube-public and kube-node-lease exist from the start", Steps: []Step{
			systemNamespace("default"),
			systemNamespace("kube-system"),
			systemNamespace("kube-public"),
			systemNamespace("kube-node-lease"),
		}},
		{ID: "N3", Spec: nsSpec, Title: "a deleted namespace stays Terminating; creates in it are 403, updates and deletes pass", Steps: []Step{
			createNamespace(n3),
			{Method: http.MethodPost, Path: c.in(n3), Body: c.object(named("n3w")), Want: Want{Code: http.StatusCreated, Object: &ObjectWant{Name: "n3w"}}},
			namespaceStep(http.MethodDelete, n3, "", "", nil, Want{Code: http.StatusOK, Object: terminatingNamespace(n3, map[string]any{
				"metadata.finalizers": Absent,
			})}),
			namespaceStep(http.MethodGet, n3, "", "", nil, Want{Code: http.StatusOK, Object: terminatingNamespace(n3, nil)}),
			{Method: http.MethodPost, Path: c.in(n3), Body: c.object(named("n3x")), Want: terminatingForbidden(n3, "n3x")},
			{Method: http.MethodPost, Path: c.in(n3), Query: "dryRun=All", Body: c.object(named("n3x")), Want: terminatingForbidden(n3, "n3x")},
			{Method: http.MethodPatch, Path: c.in(n3) + "/n3w", Body: map[string]any{"metadata": map[string]any{"labels": map[string]any{"a": "b"}}},
				Want: Want{Code: http.StatusOK, Object: &ObjectWant{Name: "n3w", Fields: map[string]any{"metadata.labels.a": "b"}}}},
			namespaceStep(http.MethodDelete, n3, "", "", nil, Want{Code: http.StatusOK, Object: &ObjectWant{
				Kind: "Namespace", Name: n3, Terminating: Bool(true), ResourceVersion: SameRV(n3),
			}}),
			{Method: http.MethodDelete, Path: c.in(n3) + "/n3w", Want: c.deleteSuccess("n3w")},
			finalizeNamespace(n3, Want{Code: http.StatusOK, Object: &ObjectWant{Kind: "Namespace", Name: n3, Fields: map[string]any{
				"spec.finalizers": Absent, "status.phase": "Terminating",
			}}}),
			namespaceStep(http.MethodGet, n3, "", "", nil, namespaceNotFound(n3)),
		}},
		{ID: "N4", Spec: nsSpec, Title: "default, kube-system and kube-public may not be deleted; kube-node-lease may", Steps: []Step{
			immortal("default"),
			immortal("kube-system"),
			immortal("kube-public"),
			namespaceStep(http.MethodDelete, "kube-node-lease", "", "dryRun=All", nil, Want{Code: http.StatusOK, Object: terminatingNamespace("kube-node-lease", nil)}),
			namespaceStep(http.MethodGet, "kube-node-lease", "", "", nil, Want{Code: http.StatusOK, Object: activeNamespace("kube-node-lease")}),
		}},
		{ID: "N5", Spec: registrySpec, Title: "ValidateNamespace: DNS-label names, standard or qualified spec finalizers (reported without an index)", Steps: []Step{
			{Method: http.MethodPost, Path: nsPath(""), Body: namespaceBody(named("Bad_NS"), nil), Want: namespaceInvalid("Bad_NS",
				`metadata.name: Invalid value: "Bad_NS": `+dnsLabelRegex,
				cause("FieldValueInvalid", "metadata.name", `Invalid value: "Bad_NS": `+dnsLabelRegex))},
			{Method: http.MethodPost, Path: nsPath(""), Body: namespaceBody(named(n5), map[string]any{"finalizers": list("bad")}), Want: namespaceInvalid(n5,
				`spec.finalizers: Invalid value: "bad": name is neither a standard finalizer name nor is it fully qualified`,
				cause("FieldValueInvalid", "spec.finalizers", `Invalid value: "bad": name is neither a standard finalizer name nor is it fully qualified`))},
			{Method: http.MethodPost, Path: nsPath(""), Body: namespaceBody(named(n5, "finalizers", list("bad")), map[string]any{"finalizers": list("example.com/x")}),
				Want: namespaceInvalid(n5,
					`metadata.finalizers[0]: Invalid value: "bad": name is neither a standard finalizer name nor is it fully qualified`,
					cause("FieldValueInvalid", "metadata.finalizers[0]", `Invalid value: "bad": name is neither a standard finalizer name nor is it fully qualified`))},
			{Method: http.MethodPost, Path: nsPath(""), Body: namespaceBody(named(n5), map[string]any{"finalizers": list("example.com/x")}),
				Want: Want{Code: http.StatusCreated, Object: &ObjectWant{Kind: "Namespace", Name: n5, Fields: map[string]any{
					"spec.finalizers": list("example.com/x", "kubernetes"),
				}}}},
		}},
		{ID: "N6", Spec: registrySpec, Title: "spec.finalizers change only through /finalize, the phase only through /status and with deletionTimestamp", Steps: []Step{
			createNamespace(n6),
			namespaceStep(http.MethodPatch, n6, "", "", map[string]any{"spec": map[string]any{"finalizers": list()}, "status": map[string]any{"phase": "Terminating"}},
				Want{Code: http.StatusOK, Object: activeNamespace(n6)}),
			namespaceStep(http.MethodPatch, n6, "status", "", map[string]any{"status": map[string]any{"phase": "Terminating"}}, namespaceInvalid(n6,
				"status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty",
				cause("FieldValueInvalid", "status.Phase", "Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty"))),
			namespaceStep(http.MethodPatch, n6, "finalize", "", map[string]any{"spec": map[string]any{"finalizers": list()}}, Want{Code: http.StatusMethodNotAllowed}),
			finalizeNamespace(n6, Want{Code: http.StatusOK, Object: &ObjectWant{Kind: "Namespace", Name: n6, Terminating: Bool(false), Fields: map[string]any{
				"spec.finalizers": Absent, "status.phase": "Active",
			}}}),
			namespaceStep(http.MethodDelete, n6, "", "", nil, Want{Code: http.StatusOK, Object: terminatingNamespace(n6, map[string]any{"spec.finalizers": Absent})}),
			namespaceStep(http.MethodDelete, n6, "", "", nil, Want{Code: http.StatusOK, Object: &ObjectWant{Kind: "Namespace", Name: n6, Terminating: Bool(true)}}),
			namespaceStep(http.MethodGet, n6, "", "", nil, namespaceNotFound(n6)),
		}},
		{ID: "N7", Spec: registrySpec, Title: "field selectors metadata.name and status.phase; \"name\" is not one", Steps: []Step{
			createNamespace(n7),
			{Method: http.MethodGet, Path: nsPath(""), Query: "fieldSelector=metadata.name%3D" + n7 + "%2Cstatus.phase%3DActive", Want: Want{Code: http.StatusOK, Names: []string{n7}}},
			{Method: http.MethodGet, Path: nsPath(""), Query: "fieldSelector=name%3D" + n7, Want: Want{Code: http.StatusBadRequest, Status: &StatusWant{
				Reason: "BadRequest", Message: "field label not supported: name",
			}}},
			namespaceStep(http.MethodDelete, n7, "", "", nil, Want{Code: http.StatusOK, Object: terminatingNamespace(n7, nil)}),
			{Method: http.MethodGet, Path: nsPath(""), Query: "fieldSelector=metadata.name%3D" + n7 + "%2Cstatus.phase%3DActive", Want: Want{Code: http.StatusOK, Names: []string{}}},
			{Method: http.MethodGet, Path: nsPath(""), Query: "fieldSelector=metadata.name%3D" + n7 + "%2Cstatus.phase%3DTerminating", Want: Want{Code: http.StatusOK, Names: []string{n7}}},
		}},
		{ID: "N8", Spec: registrySpec, Title: "generateName gets the metadata.name label; propagation policies set metadata finalizers on delete", Steps: []Step{
			{Method: http.MethodPost, Path: nsPath(""), Body: namespaceBody(map[string]any{"generateName": "${ns}-g-"}, nil), Want: Want{Code: http.StatusCreated, Object: &ObjectWant{
				Kind: "Namespace", Name: "/^${ns}-g-" + generatedSuffix + "$/",
				Fields: map[string]any{"metadata.labels": "/^map\\[kubernetes.io/metadata.name:${ns}-g-" + generatedSuffix + "\\]$/"},
			}}},
			createNamespace(n8),
			namespaceStep(http.MethodDelete, n8, "", "", map[string]any{"propagationPolicy": "Orphan"}, Want{Code: http.StatusOK, Object: terminatingNamespace(n8, map[string]any{
				"metadata.finalizers": list("orphan"),
			})}),
			// A terminating namespace is not updated again: the policy of a
			// second DELETE changes nothing.
			namespaceStep(http.MethodDelete, n8, "", "", map[string]any{"propagationPolicy": "Foreground"}, Want{Code: http.StatusOK, Object: &ObjectWant{
				Kind: "Namespace", Name: n8, Terminating: Bool(true), ResourceVersion: SameRV(n8),
				Fields: map[string]any{"metadata.finalizers": list("orphan")},
			}}),
		}},
	}
}
