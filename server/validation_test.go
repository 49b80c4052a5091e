package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/dynamic"

	"github.com/metagen-dev/metagen/examples/routes/routestest"
	routesv1 "github.com/metagen-dev/metagen/examples/routes/v1"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/server"
)

// Every write of a Go type runs the scheme's validation, as the request's
// operation (create, or update against the stored object) and subresource
// ("" or status), and answers its errors as kube-apiserver's 422: create,
// update, merge and JSON patch, server-side apply (creating and updating),
// and the /status update, patch and apply. Each answer is checked against
// the scheme's own answer for the object the server would have stored.
func TestSchemeValidationOnEveryWrite(t *testing.T) {
	scheme := widgetsScheme(t)
	s := server.StartForTest(t, server.Options{Scheme: scheme, OpenAPIDefinitions: widgetsv1.GetOpenAPIDefinitions})
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
	ctx := context.Background()
	stored, err := widgets.Create(ctx, widget("w", nil), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	withSpec := func(u *unstructured.Unstructured) *unstructured.Unstructured {
		u = u.DeepCopy()
		_ = unstructured.SetNestedField(u.Object, "Not Valid", "spec", "color")
		_ = unstructured.SetNestedField(u.Object, int64(101), "spec", "replicas")
		return u
	}
	withStatus := func(u *unstructured.Unstructured) *unstructured.Unstructured {
		u = u.DeepCopy()
		_ = unstructured.SetNestedField(u.Object, int64(-1), "status", "observedGeneration")
		return u
	}
	asUpdate := func(u *unstructured.Unstructured, sub ...string) field.ErrorList {
		return scheme.ValidateUpdate(ctx, nil, typedWidget(t, u), typedWidget(t, stored), sub...)
	}
	badApply := widget("w", map[string]any{"color": "Not Valid", "replicas": int64(101)})
	badStatusApply := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "widgets.example.com/v1", "kind": "Widget", "metadata": map[string]any{"name": "w"},
		"status": map[string]any{"observedGeneration": int64(-1)},
	}}
	apply := metav1.ApplyOptions{FieldManager: "tester", Force: true}

	for _, tc := range []struct {
		name  string
		write func() error
		want  field.ErrorList
	}{
		{"create", func() error {
			_, err := widgets.Create(ctx, withSpec(widget("c", nil)), metav1.CreateOptions{})
			return err
		}, scheme.Validate(ctx, nil, typedWidget(t, withSpec(widget("c", nil))))},
		{"update", func() error {
			_, err := widgets.Update(ctx, withSpec(stored), metav1.UpdateOptions{})
			return err
		}, asUpdate(withSpec(stored))},
		{"merge patch", func() error {
			_, err := widgets.Patch(ctx, "w", types.MergePatchType, []byte(`{"spec":{"color":"Not Valid","replicas":101}}`), metav1.PatchOptions{})
			return err
		}, asUpdate(withSpec(stored))},
		{"JSON patch", func() error {
			_, err := widgets.Patch(ctx, "w", types.JSONPatchType, []byte(`[{"op":"replace","path":"/spec/color","value":"Not Valid"},{"op":"add","path":"/spec/replicas","value":101}]`), metav1.PatchOptions{})
			return err
		}, asUpdate(withSpec(stored))},
		{"apply", func() error {
			_, err := widgets.Apply(ctx, "w", badApply, apply)
			return err
		}, asUpdate(withSpec(stored))},
		{"apply that creates", func() error {
			u := badApply.DeepCopy()
			u.SetName("a")
			_, err := widgets.Apply(ctx, "a", u, apply)
			return err
		}, scheme.Validate(ctx, nil, typedWidget(t, withSpec(widget("a", nil))))},
		{"status update", func() error {
			_, err := widgets.UpdateStatus(ctx, withStatus(stored), metav1.UpdateOptions{})
			return err
		}, asUpdate(withStatus(stored), "status")},
		{"status patch", func() error {
			_, err := widgets.Patch(ctx, "w", types.MergePatchType, []byte(`{"status":{"observedGeneration":-1}}`), metav1.PatchOptions{}, "status")
			return err
		}, asUpdate(withStatus(stored), "status")},
		{"status apply", func() error {
			_, err := widgets.ApplyStatus(ctx, "w", badStatusApply, apply)
			return err
		}, asUpdate(withStatus(stored), "status")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := "w"
			switch tc.name {
			case "create":
				name = "c"
			case "apply that creates":
				name = "a"
			}
			expectInvalid(t, tc.write(), name, tc.want)
		})
	}
	// Nothing was stored by the refused writes.
	got, err := widgets.Get(ctx, "w", metav1.GetOptions{})
	if err != nil || got.GetResourceVersion() != stored.GetResourceVersion() {
		t.Errorf("after the refused writes: resourceVersion %s (%v), want %s", got.GetResourceVersion(), err, stored.GetResourceVersion())
	}
}

// The CEL rules of a type (examples/routes: XValidation, enforced by its
// generated validation) run on every write too: a transition rule on a
// merge patch, an apply and a JSON patch, and a rule of the status on a
// /status patch, each answered as the scheme answers.
func TestSchemeCELRulesOnEveryWrite(t *testing.T) {
	scheme := routestest.Scheme()
	s := server.StartForTest(t, server.Options{Scheme: scheme})
	gvr := schema.GroupVersionResource{Group: "routes.example.com", Version: "v1", Resource: "routes"}
	routes := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(gvr).Namespace(createNamespace(t, s, "t1"))
	ctx := context.Background()
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(routestest.Route("r"))
	if err != nil {
		t.Fatal(err)
	}
	stored, err := routes.Create(ctx, &unstructured.Unstructured{Object: m}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	typed := func(u *unstructured.Unstructured) *routesv1.Route {
		r := &routesv1.Route{}
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	edited := func(edit func(*routesv1.Route)) *routesv1.Route {
		r := typed(stored)
		edit(r)
		return r
	}
	newHost := edited(func(r *routesv1.Route) { r.Spec.Host = "b.example.com" })
	badStatus := edited(func(r *routesv1.Route) { r.Status.ObservedGeneration = -1 })
	apply := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "routes.example.com/v1", "kind": "Route", "metadata": map[string]any{"name": "r"},
		"spec": map[string]any{"host": "b.example.com"},
	}}
	for _, tc := range []struct {
		name  string
		write func() error
		want  field.ErrorList
	}{
		{"merge patch", func() error {
			_, err := routes.Patch(ctx, "r", types.MergePatchType, []byte(`{"spec":{"host":"b.example.com"}}`), metav1.PatchOptions{})
			return err
		}, scheme.ValidateUpdate(ctx, nil, newHost, typed(stored))},
		{"JSON patch", func() error {
			_, err := routes.Patch(ctx, "r", types.JSONPatchType, []byte(`[{"op":"replace","path":"/spec/host","value":"b.example.com"}]`), metav1.PatchOptions{})
			return err
		}, scheme.ValidateUpdate(ctx, nil, newHost, typed(stored))},
		{"apply", func() error {
			_, err := routes.Apply(ctx, "r", apply, metav1.ApplyOptions{FieldManager: "tester", Force: true})
			return err
		}, scheme.ValidateUpdate(ctx, nil, newHost, typed(stored))},
		{"status patch", func() error {
			_, err := routes.Patch(ctx, "r", types.MergePatchType, []byte(`{"status":{"observedGeneration":-1}}`), metav1.PatchOptions{}, "status")
			return err
		}, scheme.ValidateUpdate(ctx, nil, badStatus, typed(stored), "status")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.want) == 0 {
				t.Fatal("the scheme finds nothing wrong: the test's write is not invalid")
			}
			err := tc.write()
			status, ok := err.(apierrors.APIStatus)
			if !ok || status.Status().Code != http.StatusUnprocessableEntity {
				t.Fatalf("%v, want a 422", err)
			}
			want := fmt.Sprintf(`Route.routes.example.com "r" is invalid: %v`, tc.want.ToAggregate())
			if status.Status().Message != want {
				t.Errorf("message\n%s\nwant\n%s", status.Status().Message, want)
			}
		})
	}
}
