package v1_test

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/metagen-dev/metagen/examples/routes/routestest"
	v1 "github.com/metagen-dev/metagen/examples/routes/v1"
	"github.com/metagen-dev/metagen/metagentest"
	"github.com/metagen-dev/metagen/server"
)

// The rules of Route, as a table: the errors are kube-apiserver's for the
// CRD (hack/e2e's rules suite checks them there).
func TestRules(t *testing.T) {
	metagentest.Rules(t, routestest.Scheme(), routestest.Cases)
}

// The same table on the in-process server serving the Go types (but the
// ratcheting cases, whose stored object it refuses to store).
func TestRulesOnTheInProcessServer(t *testing.T) {
	scheme := routestest.Scheme()
	s := server.StartForTest(t, server.Options{Scheme: scheme})
	var cases []metagentest.RuleCase
	for _, c := range routestest.Cases {
		if !strings.HasPrefix(c.Name, routestest.Ratcheting) {
			cases = append(cases, c)
		}
	}
	metagentest.RulesOnServer(t, s.RESTConfig(), scheme, "default", cases)
}

// A resource that serves /status has its status dropped by kube-apiserver
// on create, before validation: a create's status is never checked (a Go
// value cannot leave a struct out), a /status update's is.
func TestCreateIgnoresStatus(t *testing.T) {
	route := &v1.Route{
		ObjectMeta: metav1.ObjectMeta{Name: "r", Namespace: "default", ResourceVersion: "1"},
		Spec:       v1.RouteSpec{Host: "a.example.com", Redirect: new("https://b.example.com")},
		Status:     v1.RouteStatus{ObservedGeneration: -1},
	}
	ctx := context.Background()
	create := operation.Operation{Type: operation.Create}
	if errs := v1.Validate_Route(ctx, create, nil, route, nil); len(errs) != 0 {
		t.Errorf("create: %v, want no error (the status is dropped)", errs)
	}
	update := operation.Operation{Type: operation.Update, Request: operation.Request{Subresources: []string{"status"}}}
	old := route.DeepCopy()
	old.Status.ObservedGeneration = 1
	errs := v1.Validate_Route(ctx, update, nil, route, old)
	if len(errs) != 1 || errs[0].Error() != "status: Invalid value: observedGeneration must not be negative" {
		t.Errorf("/status update: %v, want the status rule's error", errs)
	}
}
