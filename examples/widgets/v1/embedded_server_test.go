package v1_test

import (
	"context"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/server"
)

// The example's types on metagen's embedded API server: the generated
// validation answers 422 over HTTP, and finalizers hold a deleted widget
// until they are removed, as on kube-apiserver.
func TestWidgetLifecycleOnTheEmbeddedServer(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	s := server.StartForTest(t, server.Options{Scheme: scheme})
	client := dynamic.NewForConfigOrDie(s.RESTConfig())
	widgets := client.Resource(schema.GroupVersionResource{Group: widgetsv1.GroupName, Version: "v1", Resource: "widgets"}).Namespace("default")
	ctx := context.Background()

	bad := &widgetsv1.Widget{
		TypeMeta:   metav1.TypeMeta{APIVersion: widgetsv1.SchemeGroupVersion.String(), Kind: "Widget"},
		ObjectMeta: metav1.ObjectMeta{Name: "w"},
		Spec:       widgetsv1.WidgetSpec{Color: "Not A Color"},
	}
	if _, err := widgets.Create(ctx, toUnstructured(t, bad), metav1.CreateOptions{}); !apierrors.IsInvalid(err) {
		t.Fatalf("creating a widget with a bad color: %v, want 422 Invalid", err)
	}

	good := bad.DeepCopy()
	good.Spec.Color = "red"
	good.Finalizers = []string{"widgets.example.com/cleanup"}
	if _, err := widgets.Create(ctx, toUnstructured(t, good), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := widgets.Delete(ctx, "w", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	held, err := widgets.Get(ctx, "w", metav1.GetOptions{})
	if err != nil || held.GetDeletionTimestamp() == nil {
		t.Fatalf("after delete: %v, %v; want the widget held by its finalizer", held, err)
	}
	if _, err := widgets.Patch(ctx, "w", types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := widgets.Get(ctx, "w", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("after the last finalizer: %v, want NotFound", err)
	}
}

func toUnstructured(t *testing.T, obj runtime.Object) *unstructured.Unstructured {
	t.Helper()
	content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		t.Fatal(err)
	}
	return &unstructured.Unstructured{Object: content}
}
