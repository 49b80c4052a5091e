//go:build e2e

package suites

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/examples/gizmos"
	"github.com/metagen-dev/metagen/examples/gizmos/install"
	gizmosv1 "github.com/metagen-dev/metagen/examples/gizmos/v1"
	gizmosv1beta1 "github.com/metagen-dev/metagen/examples/gizmos/v1beta1"
	"github.com/metagen-dev/metagen/examples/gizmos/webhook"
	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/server"
)

// TestGizmosConversion round-trips examples/gizmos (an internal version,
// v1 and v1beta1, whose spec.count is v1's spec.replicas, with metagen's
// generated conversions and v1's +default=1) on both servers: on the real
// kube-apiserver as a CRD with both versions and conversion strategy
// Webhook, the webhook (HTTPS on loopback, a throwaway CA in its caBundle)
// converting through the scheme's generated conversions; in process, the
// Go types from the same scheme (suite gizmos). Objects are created in one
// version and read, listed and patched in the other.
func TestGizmosConversion(t *testing.T) {
	t.Parallel()
	scheme := gizmosScheme(t)
	real := e2eenv.RESTConfig(t)
	applyGizmoCRD(t, real, startConversionWebhook(t, scheme))
	want := runGizmos(t, real)
	// The real server's answers must show the conversions at work, or the
	// two sides could agree on objects that never went through them.
	for _, check := range []struct{ id, has string }{
		{"create-v1beta1/get-v1", `"replicas":3`},
		{"create-v1-defaulted/get-v1beta1", `"count":1`},
		{"patch-v1beta1/get-v1", `"replicas":7`},
	} {
		if answer := stepAnswer(want, check.id); !strings.Contains(answer, check.has) {
			t.Errorf("real server, %s: %s, want %s", check.id, answer, check.has)
		}
	}
	got := runGizmos(t, server.StartForTest(t, server.Options{Scheme: scheme}).RESTConfig())
	tallySteps(t, "gizmos", want, got)
}

func stepAnswer(steps []mvStep, id string) string {
	for _, s := range steps {
		if s.id == id {
			return s.answer
		}
	}
	return "(no step " + id + ")"
}

var (
	gizmoV1GV      = gizmosv1.SchemeGroupVersion
	gizmoV1beta1GV = gizmosv1beta1.SchemeGroupVersion
)

func gizmosScheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	scheme, err := install.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	return scheme
}

// startConversionWebhook serves the scheme's conversions over HTTPS on
// loopback and returns the CRD's webhook client configuration.
func startConversionWebhook(t *testing.T, scheme *runtime.Scheme) *apiextensionsv1.WebhookClientConfig {
	t.Helper()
	caPEM, config, err := server.LoopbackTLS()
	if err != nil {
		t.Fatal(err)
	}
	config.NextProtos = []string{"http/1.1"} // httptest serves HTTP/1.1 over its TLS listener
	srv := httptest.NewUnstartedServer(webhook.Handler(scheme))
	srv.TLS = config
	srv.StartTLS()
	t.Cleanup(srv.Close)
	url := srv.URL + "/convert"
	return &apiextensionsv1.WebhookClientConfig{URL: &url, CABundle: caPEM}
}

// applyGizmoCRD creates the CRD of the Go types, v1 stored, with the
// webhook, and waits until both versions are served.
func applyGizmoCRD(t *testing.T, cfg *rest.Config, hook *apiextensionsv1.WebhookClientConfig) {
	t.Helper()
	versionSchema := func(count string, countProps apiextensionsv1.JSONSchemaProps) *apiextensionsv1.CustomResourceValidation {
		return &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
			Type: "object",
			Properties: map[string]apiextensionsv1.JSONSchemaProps{
				"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
					"color":  {Type: "string"},
					count:    countProps,
					"labels": {Type: "object", AdditionalProperties: &apiextensionsv1.JSONSchemaPropsOrBool{Schema: &apiextensionsv1.JSONSchemaProps{Type: "string"}}},
				}},
			},
			Required: []string{"spec"},
		}}
	}
	integer := apiextensionsv1.JSONSchemaProps{Type: "integer", Format: "int32"}
	defaultOne := integer
	defaultOne.Default = &apiextensionsv1.JSON{Raw: []byte("1")} // v1's +default=1
	crd := &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "gizmos." + gizmos.GroupName},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: gizmos.GroupName,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: "gizmos", Singular: "gizmo", Kind: "Gizmo", ListKind: "GizmoList"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{
				{Name: "v1beta1", Served: true, Schema: versionSchema("count", integer)},
				{Name: "v1", Served: true, Storage: true, Schema: versionSchema("replicas", defaultOne)},
			},
			Conversion: &apiextensionsv1.CustomResourceConversion{
				Strategy: apiextensionsv1.WebhookConverter,
				Webhook:  &apiextensionsv1.WebhookConversion{ClientConfig: hook, ConversionReviewVersions: []string{"v1"}},
			},
		},
	}
	client := apiextensionsclient.NewForConfigOrDie(cfg).ApiextensionsV1().CustomResourceDefinitions()
	_ = client.Delete(t.Context(), crd.Name, metav1.DeleteOptions{}) // a kept run's CRD points at a stopped webhook
	err := wait.PollUntilContextTimeout(t.Context(), 200*time.Millisecond, 60*time.Second, true, func(ctx context.Context) (bool, error) {
		_, err := client.Create(ctx, crd, metav1.CreateOptions{})
		return err == nil, nil // AlreadyExists while the old one terminates
	})
	if err != nil {
		t.Fatalf("creating the gizmos CRD: %v", err)
	}
	t.Cleanup(func() { _ = client.Delete(context.Background(), crd.Name, metav1.DeleteOptions{}) })
	waitServed(t, cfg, "gizmos", gizmoV1beta1GV, gizmoV1GV)
}

// runGizmos runs the steps on one server and renders each answer.
func runGizmos(t *testing.T, cfg *rest.Config) []mvStep {
	ctx := t.Context()
	dyn := dynamic.NewForConfigOrDie(cfg)
	ns := testNamespace(t, dyn, "metagen-gizmos-")
	beta := dyn.Resource(gizmoV1beta1GV.WithResource("gizmos")).Namespace(ns)
	v1 := dyn.Resource(gizmoV1GV.WithResource("gizmos")).Namespace(ns)

	var steps []mvStep
	record := func(id string, obj *unstructured.Unstructured, err error) {
		steps = append(steps, mvStep{id, renderGadget(obj, err)})
	}
	gizmo := func(gv schema.GroupVersion, name string, spec map[string]any) *unstructured.Unstructured {
		return labelledObject(gv, "Gizmo", name, spec)
	}

	obj, err := beta.Create(ctx, gizmo(gizmoV1beta1GV, "a", map[string]any{"color": "red", "count": int64(3), "labels": map[string]any{"tier": "web"}}), metav1.CreateOptions{})
	record("create-v1beta1", obj, err)
	obj, err = v1.Get(ctx, "a", metav1.GetOptions{})
	record("create-v1beta1/get-v1", obj, err)
	obj, err = beta.Get(ctx, "a", metav1.GetOptions{})
	record("create-v1beta1/get-v1beta1", obj, err)

	obj, err = v1.Create(ctx, gizmo(gizmoV1GV, "b", map[string]any{"color": "blue"}), metav1.CreateOptions{})
	record("create-v1-defaulted", obj, err)
	obj, err = beta.Get(ctx, "b", metav1.GetOptions{})
	record("create-v1-defaulted/get-v1beta1", obj, err)

	obj, err = v1.Create(ctx, gizmo(gizmoV1GV, "c", map[string]any{"color": "green", "replicas": int64(5)}), metav1.CreateOptions{})
	record("create-v1", obj, err)
	obj, err = beta.Get(ctx, "c", metav1.GetOptions{})
	record("create-v1/get-v1beta1", obj, err)

	obj, err = beta.Create(ctx, gizmo(gizmoV1beta1GV, "d", map[string]any{"color": "black"}), metav1.CreateOptions{})
	record("create-v1beta1-no-count", obj, err)
	obj, err = v1.Get(ctx, "d", metav1.GetOptions{})
	record("create-v1beta1-no-count/get-v1", obj, err)

	obj, err = beta.Patch(ctx, "c", types.MergePatchType, []byte(`{"spec":{"count":7}}`), metav1.PatchOptions{})
	record("patch-v1beta1", obj, err)
	obj, err = v1.Get(ctx, "c", metav1.GetOptions{})
	record("patch-v1beta1/get-v1", obj, err)

	if obj, err = beta.Get(ctx, "a", metav1.GetOptions{}); err == nil {
		unstructured.SetNestedField(obj.Object, int64(9), "spec", "count")
		obj, err = beta.Update(ctx, obj, metav1.UpdateOptions{})
	}
	record("update-v1beta1", obj, err)
	obj, err = v1.Get(ctx, "a", metav1.GetOptions{})
	record("update-v1beta1/get-v1", obj, err)

	for _, list := range []struct {
		id     string
		client dynamic.ResourceInterface
	}{{"list-v1beta1", beta}, {"list-v1", v1}} {
		items, err := list.client.List(ctx, metav1.ListOptions{})
		if err != nil {
			record(list.id, nil, err)
			continue
		}
		for _, item := range items.Items {
			record(list.id+"/"+item.GetName(), &item, nil)
		}
	}
	return steps
}
