// Package routestest holds the table of the routes example's rules, shared
// by the example's own test (metagentest.Rules, and the in-process server)
// and hack/e2e's rules suite (a real kube-apiserver with the generated CRD).
package routestest

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	routesv1 "github.com/metagen-dev/metagen/examples/routes/v1"
	"github.com/metagen-dev/metagen/metagentest"
)

// Scheme returns a scheme with the routes types and their generated validation.
func Scheme() *runtime.Scheme {
	scheme := runtime.NewScheme()
	if err := routesv1.AddToScheme(scheme); err != nil {
		panic(err)
	}
	return scheme
}

// Route returns a valid route named name; edit the copy a case needs.
func Route(name string, edit ...func(*routesv1.Route)) *routesv1.Route {
	r := &routesv1.Route{
		TypeMeta:   metav1.TypeMeta{APIVersion: "routes.example.com/v1", Kind: "Route"},
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: routesv1.RouteSpec{
			Host:    "a.example.com",
			Paths:   []string{"/", "/api"},
			Backend: &routesv1.Backend{Service: "web", Weight: ptr.To[int32](10)},
		},
	}
	for _, e := range edit {
		e(r)
	}
	return r
}

// Ratcheting is the name prefix of the cases whose stored object the rules
// refuse: a server stores it only if it was written before the rules (hack/e2e
// seeds it with the CRD's rules removed); the local validation and the fake
// clientset take it as given.
const Ratcheting = "ratcheting: "

// Cases is the table: every rule, valid and invalid, on create and on
// update (changing the guarded value or not), with message,
// messageExpression, reason and fieldPath.
var Cases = []metagentest.RuleCase{
	{Name: "valid", Object: Route("valid")},
	{Name: "valid from YAML", YAML: `
apiVersion: routes.example.com/v1
kind: Route
metadata:
  name: yaml
spec:
  host: b.example.com
  redirect: https://example.com/
`},
	{Name: "fieldPath: minPort above maxPort", Object: Route("ports", func(r *routesv1.Route) {
		r.Spec.MinPort, r.Spec.MaxPort = ptr.To[int32](9000), ptr.To[int32](8000)
	}), Want: []string{`spec.minPort: Invalid value: minPort must not exceed maxPort`}},
	{Name: "reason: backend and redirect", Object: Route("both", func(r *routesv1.Route) {
		r.Spec.Redirect = ptr.To("https://example.com/")
	}), Want: []string{`spec: Forbidden: exactly one of backend and redirect must be set`}},
	{Name: "reason: neither backend nor redirect", Object: Route("neither", func(r *routesv1.Route) {
		r.Spec.Backend = nil
	}), Want: []string{`spec: Forbidden: exactly one of backend and redirect must be set`}},
	{Name: "message on a string", Object: Route("http", func(r *routesv1.Route) {
		r.Spec.Backend, r.Spec.Redirect = nil, ptr.To("http://example.com/")
	}), Want: []string{`spec.redirect: Invalid value: "http://example.com/": a redirect must use https`}},
	{Name: "messageExpression", Object: Route("paths", func(r *routesv1.Route) {
		r.Spec.Paths = []string{"/a", "b", "c"}
	}), Want: []string{`spec.paths: Invalid value: paths must start with a slash: b`}},
	{Name: "transition: host changed", Old: Route("host"), Object: Route("host", func(r *routesv1.Route) {
		r.Spec.Host = "b.example.com"
	}), Want: []string{`spec.host: Invalid value: "b.example.com": host is immutable`}},
	{Name: "transition: host kept, paths changed", Old: Route("paths2"), Object: Route("paths2", func(r *routesv1.Route) {
		r.Spec.Paths = []string{"/b"}
	})},
	{Name: "transition: weight shrinks", Old: Route("weight"), Object: Route("weight", func(r *routesv1.Route) {
		r.Spec.Backend.Weight = ptr.To[int32](5)
	}), Want: []string{`spec.backend.weight: Invalid value: 5: weight may only grow`}},
	{Name: "transition: weight grows", Old: Route("weight2"), Object: Route("weight2", func(r *routesv1.Route) {
		r.Spec.Backend.Weight = ptr.To[int32](20)
	})},
	{Name: "transition: weight set where there was none", Old: Route("weight3", func(r *routesv1.Route) {
		r.Spec.Backend.Weight = nil
	}), Object: Route("weight3", func(r *routesv1.Route) {
		r.Spec.Backend.Weight = ptr.To[int32](1)
	})},
	{Name: "update to an invalid value", Old: Route("upd"), Object: Route("upd", func(r *routesv1.Route) {
		r.Spec.Paths = []string{"x"}
	}), Want: []string{`spec.paths: Invalid value: paths must start with a slash: x`}},
	{Name: "status: invalid", Subresource: "status", Old: Route("status"), Object: Route("status", func(r *routesv1.Route) {
		r.Status.ObservedGeneration = -1
	}), Want: []string{`status: Invalid value: observedGeneration must not be negative`}},
	{Name: "status: valid", Subresource: "status", Old: Route("status2"), Object: Route("status2", func(r *routesv1.Route) {
		r.Status.ObservedGeneration = 3
	})},
	{Name: Ratcheting + "unchanged invalid paths, host kept", Old: Route("ratchet", func(r *routesv1.Route) {
		r.Spec.Paths = []string{"x"}
	}), Object: Route("ratchet", func(r *routesv1.Route) {
		r.Spec.Paths = []string{"x"}
		r.Spec.Backend.Weight = ptr.To[int32](11)
	})},
	{Name: Ratcheting + "changed invalid paths", Old: Route("ratchet2", func(r *routesv1.Route) {
		r.Spec.Paths = []string{"x"}
	}), Object: Route("ratchet2", func(r *routesv1.Route) {
		r.Spec.Paths = []string{"y"}
	}), Want: []string{`spec.paths: Invalid value: paths must start with a slash: y`}},
}
