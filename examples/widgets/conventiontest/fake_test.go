package conventiontest_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	acwidgetsv1 "github.com/metagen-dev/metagen/examples/widgets/client/applyconfiguration/widgets/v1"
	"github.com/metagen-dev/metagen/examples/widgets/client/clientset/fake"
	"github.com/metagen-dev/metagen/examples/widgets/conventiontest"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/schema/lifecycle"
)

func widget(name string, finalizers ...string) *widgetsv1.Widget {
	return &widgetsv1.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns", Finalizers: finalizers},
		Spec:       widgetsv1.WidgetSpec{Color: "red"},
	}
}

// The generated fake keeps an object with finalizers on DELETE and removes
// it with its last finalizer, as kube-apiserver does; client-go's fake
// deletes at once (kubernetes/kubernetes#122460).
func TestFakeClientsetHonoursFinalizers(t *testing.T) {
	ctx := context.Background()
	c := fake.NewSimpleClientset(widget("w", "example.com/a", "example.com/b")).WidgetsV1().Widgets("ns")

	outcome, err := c.DeleteWithOutcome(ctx, "w", metav1.DeleteOptions{})
	if err != nil || outcome.Result != lifecycle.Terminating || !slices.Equal(outcome.Pending, []string{"example.com/a", "example.com/b"}) {
		t.Fatalf("delete: %v, %v; want Terminating with both finalizers", outcome, err)
	}
	if _, err := c.AddFinalizer(ctx, "w", "example.com/c"); !errors.As(err, new(*lifecycle.TerminatingError)) {
		t.Errorf("adding to a terminating object: %v, want *lifecycle.TerminatingError", err)
	}
	_, err = c.Patch(ctx, "w", types.MergePatchType, []byte(`{"metadata":{"finalizers":["example.com/a","example.com/b","example.com/c"]}}`), metav1.PatchOptions{})
	if !apierrors.IsInvalid(err) {
		t.Errorf("patching in a new finalizer while terminating: %v, want 422", err)
	}
	if _, gone, err := c.RemoveFinalizer(ctx, "w", "example.com/a"); err != nil || gone {
		t.Fatalf("first removal: gone %v, %v", gone, err)
	}
	// An update (PUT) that removes the last finalizer deletes the object and
	// answers with it, as the server does.
	w, err := c.Get(ctx, "w", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w.Finalizers = nil
	if _, err := c.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("update removing the last finalizer: %v", err)
	}
	if _, err := c.Get(ctx, "w", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("GET after the last finalizer went: %v, want NotFound", err)
	}
	if outcome, _ := c.DeleteWithOutcome(ctx, "w", metav1.DeleteOptions{}); outcome.Result != lifecycle.NotFound {
		t.Errorf("deleting again: %v, want NotFound", outcome)
	}
}

func TestFakeDeleteAndWait(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := fake.NewSimpleClientset(widget("w", "example.com/a")).WidgetsV1().Widgets("ns")
	go func() {
		time.Sleep(100 * time.Millisecond)
		_, _, _ = c.RemoveFinalizer(ctx, "w", "example.com/a")
	}()
	outcome, err := c.DeleteAndWait(ctx, "w", metav1.DeleteOptions{})
	if err != nil || outcome.Result != lifecycle.Gone {
		t.Fatalf("DeleteAndWait: %v, %v; want Gone", outcome, err)
	}
	plain := fake.NewSimpleClientset(widget("p")).WidgetsV1().Widgets("ns")
	if outcome, err := plain.DeleteWithOutcome(ctx, "p", metav1.DeleteOptions{}); err != nil || outcome.Result != lifecycle.Gone {
		t.Errorf("without finalizers: %v, %v; want Gone", outcome, err)
	}
}

func TestFakeInformersAndListers(t *testing.T) {
	conventiontest.RunInformerTest(t, fake.NewSimpleClientset(), "ns")
}

// Widget has the method set of controller-runtime's client.Object
// (metav1.Object and runtime.Object), which lifecycle.Object spells out.
var _ lifecycle.Object = (*widgetsv1.Widget)(nil)

// The fake clientset of NewClientset serves server-side apply through a
// field-managed tracker with the apply configurations' schema: the same
// apply tests as on a server.
func TestFakeApply(t *testing.T) {
	for _, tc := range conventiontest.ApplyTests {
		t.Run(tc.Name, func(t *testing.T) {
			tc.Run(t, fake.NewClientset().WidgetsV1().Widgets("ns"), "ns")
		})
	}
}

// ApplyStatus on the fake sets the status; the fake's tracker records the
// owner without the subresource, so ExtractWidget finds it.
func TestFakeApplyStatus(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientset(widget("w")).WidgetsV1().Widgets("ns")
	status := acwidgetsv1.Widget("w", "ns").WithStatus(acwidgetsv1.WidgetStatus().WithObservedGeneration(4))
	got, err := c.ApplyStatus(ctx, status, metav1.ApplyOptions{FieldManager: "status"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Status.ObservedGeneration != 4 || got.Spec.Color != "red" {
		t.Errorf("after ApplyStatus: %+v, want observedGeneration 4 and the spec kept", got)
	}
	owned, err := acwidgetsv1.ExtractWidget(got, "status")
	if err != nil || owned.Status == nil || *owned.Status.ObservedGeneration != 4 || owned.Spec != nil {
		t.Errorf("extract: %+v, %v; want the status alone", owned, err)
	}
}

// NewClientset keeps the finalizer semantics of NewSimpleClientset.
func TestFakeClientsetWithFieldManagementHonoursFinalizers(t *testing.T) {
	ctx := context.Background()
	c := fake.NewClientset(widget("w", "example.com/a")).WidgetsV1().Widgets("ns")
	if outcome, err := c.DeleteWithOutcome(ctx, "w", metav1.DeleteOptions{}); err != nil || outcome.Result != lifecycle.Terminating {
		t.Fatalf("delete: %v, %v; want Terminating", outcome, err)
	}
	if _, gone, err := c.RemoveFinalizer(ctx, "w", "example.com/a"); err != nil || !gone {
		t.Errorf("removing the last finalizer: gone %v, %v; want gone", gone, err)
	}
}
