//go:build e2e

package suites

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	clienttesting "k8s.io/client-go/testing"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/examples/routes/routestest"
	routesv1 "github.com/metagen-dev/metagen/examples/routes/v1"
	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/gatewaycorpus"
	"github.com/metagen-dev/metagen/metagentest"
	"github.com/metagen-dev/metagen/schema/lifecycle"
	"github.com/metagen-dev/metagen/server"
)

// TestRules is the rules differential (suite rules): the table of
// examples/routes (routestest.Cases: every rule valid and invalid, create
// and update, transition rules, messageExpression, reason, fieldPath,
// ratcheting) sent to the real kube-apiserver with the CRD metagen wrote,
// and the same writes through metagen's Go validation (metagentest.Validate),
// the fake clientset's validation (lifecycle.FakeValidator, as the generated
// fake wires it) and the in-process server serving the Go types: the same
// verdict, paths and messages, case by case. The real server's answers must
// also be the table's Want. Ratcheting cases need a stored object the rules
// refuse: the real server gets it with the CRD's rules removed, then the
// rules back; the in-process server cannot store it (counted apart).
func TestRules(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	real := e2eenv.RESTConfig(t)
	scheme := routestest.Scheme()
	crd := readRoutesCRD(t)
	const ns = "rules-e2e"

	// The ratcheting cases' stored objects, written before the rules.
	applyRoutesCRD(t, real, withoutRules(crd))
	createNamespaceOn(t, real, ns)
	realClient := dynamic.NewForConfigOrDie(real)
	routes := realClient.Resource(routesResource).Namespace(ns)
	for _, c := range routestest.Cases {
		if !strings.HasPrefix(c.Name, routestest.Ratcheting) {
			continue
		}
		old := toUnstructured(t, scheme, c.Old)
		old.SetNamespace(ns)
		_ = routes.Delete(ctx, old.GetName(), metav1.DeleteOptions{})
		if _, err := routes.Create(ctx, old, metav1.CreateOptions{}); err != nil {
			t.Fatalf("seeding %s without the rules: %v", c.Name, err)
		}
	}
	applyRoutesCRD(t, real, crd)

	inProcess := server.StartForTest(t, server.Options{Scheme: scheme}).RESTConfig()
	createNamespaceOn(t, inProcess, ns)
	inProcessClient := dynamic.NewForConfigOrDie(inProcess)

	tally := e2eenv.NewTally(t, "rules")
	apart := 0
	for _, c := range routestest.Cases {
		want, err := metagentest.ServerErrors(ctx, realClient, scheme, ns, c)
		if err != nil {
			t.Errorf("%s: the real server: %v", c.Name, err)
			continue
		}
		var diffs []string
		if d := describe("the table's Want", normalize(c.Want), want); d != "" {
			diffs = append(diffs, d)
		}
		goErrs, err := metagentest.Validate(scheme, c)
		if err != nil {
			t.Fatal(err)
		}
		diffs = appendDiff(diffs, describe("Go validation", metagentest.ErrorStrings(goErrs), want))
		diffs = appendDiff(diffs, describe("fake clientset", fakeErrors(t, scheme, ns, c), want))
		if strings.HasPrefix(c.Name, routestest.Ratcheting) {
			apart++
		} else {
			got, err := metagentest.ServerErrors(ctx, inProcessClient, scheme, ns, c)
			if err != nil {
				got = []string{err.Error()}
			}
			diffs = appendDiff(diffs, describe("in-process server", got, want))
		}
		tally.Case(c.Name, strings.Join(diffs, "\n"))
	}
	t.Logf("rules: %d ratcheting cases not sent to the in-process server (it cannot store an object its rules refuse)", apart)
	tally.Report()
}

var routesResource = schema.GroupVersionResource{Group: "routes.example.com", Version: "v1", Resource: "routes"}

func appendDiff(diffs []string, d string) []string {
	if d != "" {
		diffs = append(diffs, d)
	}
	return diffs
}

func normalize(errs []string) []string {
	if errs == nil {
		return []string{}
	}
	return errs
}

// describe says how side's errors differ from the real server's, or "".
func describe(side string, got, real []string) string {
	if slices.Equal(got, real) {
		return ""
	}
	return fmt.Sprintf("  %s: %q\n  kube-apiserver: %q", side, got, real)
}

// fakeErrors sends the case's write to a fake clientset wired as metagen
// generates it (the FakeValidator before client-go's object reaction), the
// stored object added to the tracker unvalidated.
func fakeErrors(t *testing.T, scheme *runtime.Scheme, ns string, c metagentest.RuleCase) []string {
	t.Helper()
	obj, old := decodeCase(t, scheme, c)
	tracker := clienttesting.NewObjectTracker(scheme, serializer.NewCodecFactory(scheme).UniversalDecoder())
	fake := &clienttesting.Fake{}
	fake.AddReactor("*", "*", lifecycle.NewFakeValidator(scheme, nil).Reaction(tracker))
	fake.AddReactor("*", "*", lifecycle.ObjectReaction(tracker))
	gvr := routesResource
	var action clienttesting.Action
	setNamespace(obj, ns)
	if old == nil {
		action = clienttesting.NewCreateAction(gvr, ns, obj)
	} else {
		setNamespace(old, ns)
		if err := tracker.Add(old); err != nil {
			t.Fatal(err)
		}
		action = clienttesting.NewUpdateSubresourceAction(gvr, c.Subresource, ns, obj)
	}
	_, err := fake.Invokes(action, nil)
	return metagentest.ErrorsOf(err)
}

func setNamespace(obj runtime.Object, ns string) {
	if accessor, err := meta.Accessor(obj); err == nil {
		accessor.SetNamespace(ns)
	}
}

func decodeCase(t *testing.T, scheme *runtime.Scheme, c metagentest.RuleCase) (obj, old runtime.Object) {
	t.Helper()
	decode := func(o runtime.Object, text string) runtime.Object {
		if o != nil {
			return o.DeepCopyObject()
		}
		if text == "" {
			return nil
		}
		decoded, _, err := serializer.NewCodecFactory(scheme).UniversalDeserializer().Decode([]byte(text), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		return decoded
	}
	return decode(c.Object, c.YAML), decode(c.Old, c.OldYAML)
}

func toUnstructured(t *testing.T, scheme *runtime.Scheme, obj runtime.Object) *unstructured.Unstructured {
	t.Helper()
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		t.Fatal(err)
	}
	u := &unstructured.Unstructured{Object: m}
	kinds, _, err := scheme.ObjectKinds(obj)
	if err != nil {
		t.Fatal(err)
	}
	u.SetGroupVersionKind(kinds[0])
	return u
}

// readRoutesCRD reads the CRD metagen generated for the example.
func readRoutesCRD(t *testing.T) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	data, err := os.ReadFile("../../../examples/routes/config/crd/routes.example.com_routes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(data, crd); err != nil {
		t.Fatal(err)
	}
	return crd
}

// withoutRules is crd without any x-kubernetes-validations.
func withoutRules(crd *apiextensionsv1.CustomResourceDefinition) *apiextensionsv1.CustomResourceDefinition {
	crd = crd.DeepCopy()
	gatewaycorpus.EachSchema(crd, func(s *apiextensionsv1.JSONSchemaProps) { s.XValidations = nil })
	return crd
}

// applyRoutesCRD creates or replaces the CRD and waits until its schema is
// the one served: a dry-run create of an object only the rules refuse
// answers as the CRD says.
func applyRoutesCRD(t *testing.T, cfg *rest.Config, crd *apiextensionsv1.CustomResourceDefinition) {
	t.Helper()
	client := apiextensionsclient.NewForConfigOrDie(cfg).ApiextensionsV1().CustomResourceDefinitions()
	if err := gatewaycorpus.CreateOrReplaceCRD(t.Context(), client, crd); err != nil {
		t.Fatal(err)
	}
	ruled := len(crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].XValidations) > 0
	probe := toUnstructured(t, routestest.Scheme(), routestest.Route("probe", func(r *routesv1.Route) { r.Spec.Backend = nil }))
	probe.SetNamespace("default")
	routes := dynamic.NewForConfigOrDie(cfg).Resource(routesResource).Namespace("default")
	err := wait.PollUntilContextTimeout(t.Context(), 200*time.Millisecond, 60*time.Second, true, func(ctx context.Context) (bool, error) {
		_, err := routes.Create(ctx, probe, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
		return ruled == apierrors.IsInvalid(err) && (err == nil || apierrors.IsInvalid(err)), nil
	})
	if err != nil {
		t.Fatalf("%s: the served schema did not become the applied one (rules: %v): %v", crd.Name, ruled, err)
	}
}

func createNamespaceOn(t *testing.T, cfg *rest.Config, name string) {
	t.Helper()
	_, err := kubernetes.NewForConfigOrDie(cfg).CoreV1().Namespaces().Create(t.Context(),
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatal(err)
	}
}
