package server_test

import (
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/schema/resources"
	"github.com/metagen-dev/metagen/server"
)

var personGVK = schema.GroupVersionKind{Group: "names.example.com", Version: "v1", Kind: "Person"}

// personScheme serves a Go type as the kind Person, with the names
// generated code registers for it when named is set.
func personScheme(named bool) *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(personGVK, &widgetsv1.Widget{})
	s.AddKnownTypeWithName(personGVK.GroupVersion().WithKind("PersonList"), &widgetsv1.WidgetList{})
	metav1.AddToGroupVersion(s, personGVK.GroupVersion())
	if named {
		resources.Register(s, personGVK, resources.Names{
			Plural: "people", Singular: "person", ShortNames: []string{"ppl"}, Categories: []string{"humans"}, ClusterScoped: true,
		})
	}
	return s
}

// servedNames lists discovery's resources of names.example.com/v1.
func servedNames(t *testing.T, opts server.Options) map[string]metav1.APIResource {
	t.Helper()
	opts.NoPodCertificateRequests = true
	s := server.StartForTest(t, opts)
	list, err := discovery.NewDiscoveryClientForConfigOrDie(s.RESTConfig()).ServerResourcesForGroupVersion(personGVK.GroupVersion().String())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]metav1.APIResource{}
	for _, r := range list.APIResources {
		out[r.Name] = r
	}
	return out
}

// Without CRDs, a kind is served as the scheme's generated code registers
// it (schema/resources): a Person is "people", cluster-scoped, with the
// layer's singular, short names and categories and no /status, not the
// "persons" guessed from the kind.
func TestResourceNamesRegisteredInTheScheme(t *testing.T) {
	served := servedNames(t, server.Options{Scheme: personScheme(true)})
	if len(served) != 1 {
		t.Fatalf("served %v, want people only (no /status: the registration says none)", served)
	}
	r, ok := served["people"]
	if !ok {
		t.Fatalf("served %v, want people", served)
	}
	if r.Kind != "Person" || r.SingularName != "person" || r.Namespaced || !slices.Equal(r.ShortNames, []string{"ppl"}) || !slices.Equal(r.Categories, []string{"humans"}) {
		t.Errorf("people: %+v; want kind Person, singular person, cluster-scoped, [ppl], [humans]", r)
	}
}

// Without a registration the name is still the guess from the kind, and a
// Resource given for the kind wins over the registration.
func TestResourceNamesRegisteredYieldToGivenResources(t *testing.T) {
	if served := servedNames(t, server.Options{Scheme: personScheme(false)}); served["persons"].Kind != "Person" {
		t.Errorf("unregistered: served %v, want the guess persons", served)
	}
	given := server.Resource{Kind: personGVK, Plural: "humans", Singular: "human"}
	served := servedNames(t, server.Options{Scheme: personScheme(true), Resources: []server.Resource{given}})
	if r, ok := served["humans"]; !ok || r.SingularName != "human" || !r.Namespaced {
		t.Errorf("given humans: served %v, want humans (namespaced, as the given Resource says)", served)
	}
	if _, ok := served["people"]; ok {
		t.Errorf("given humans: people is served too")
	}
}

// A kind in a *.k8s.io group with a dot (a protected group, which
// kube-apiserver serves as a CRD with the api-approved annotation, as
// gateway-api's gateway.networking.k8s.io) is served when its resource is
// named (registered by generated code, or given), and not otherwise (the
// types of k8s.io/api, which register none, in a client-go scheme).
func TestProtectedGroupServedWhenNamed(t *testing.T) {
	gvk := schema.GroupVersionKind{Group: "gateway.networking.k8s.io", Version: "v1", Kind: "Gateway"}
	scheme := func(named bool) *runtime.Scheme {
		s := runtime.NewScheme()
		s.AddKnownTypeWithName(gvk, &widgetsv1.Widget{})
		s.AddKnownTypeWithName(gvk.GroupVersion().WithKind("GatewayList"), &widgetsv1.WidgetList{})
		metav1.AddToGroupVersion(s, gvk.GroupVersion())
		if named {
			resources.Register(s, gvk, resources.Names{Plural: "gateways", Singular: "gateway"})
		}
		return s
	}
	served := func(s *runtime.Scheme) bool {
		srv := server.StartForTest(t, server.Options{Scheme: s, NoPodCertificateRequests: true})
		list, err := discovery.NewDiscoveryClientForConfigOrDie(srv.RESTConfig()).ServerResourcesForGroupVersion(gvk.GroupVersion().String())
		if err != nil {
			return false
		}
		for _, r := range list.APIResources {
			if r.Name == "gateways" && r.Kind == "Gateway" {
				return true
			}
		}
		return false
	}
	if !served(scheme(true)) {
		t.Error("a Gateway whose resource the scheme registers is not served")
	}
	if served(scheme(false)) {
		t.Error("a Gateway in a *.k8s.io group that nothing names is served")
	}
}
