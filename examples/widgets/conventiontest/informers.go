package conventiontest

import (
	"context"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"

	"github.com/metagen-dev/metagen/examples/widgets/client/clientset"
	"github.com/metagen-dev/metagen/examples/widgets/client/informers"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// testInformers runs a shared informer factory over the generated
// clientset: its handlers see a create, an update and a delete, and the
// lister follows.
func testInformers(t *testing.T, e *env) {
	RunInformerTest(t, e.clientset(t), e.namespace)
}

// RunInformerTest checks the informers and listers of cs in namespace; it
// runs on a real clientset and on the fake one alike.
func RunInformerTest(t *testing.T, cs clientset.Interface, namespace string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	factory := informers.NewSharedInformerFactoryWithOptions(cs, 0, informers.WithNamespace(namespace))
	widgets := factory.Widgets().V1().Widgets()
	events := make(chan string, 16)
	_, err := widgets.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj any) { events <- "add " + obj.(*widgetsv1.Widget).Name },
		UpdateFunc: func(_, obj any) { events <- "update " + obj.(*widgetsv1.Widget).Name },
		DeleteFunc: func(obj any) { events <- "delete " + nameOf(obj) },
	})
	if err != nil {
		t.Fatal(err)
	}
	factory.StartWithContext(ctx)
	defer factory.Shutdown() // after cancel, which stops the informers
	defer cancel()
	if err := factory.WaitForCacheSyncWithContext(ctx).AsError(); err != nil {
		t.Fatal(err)
	}

	c := cs.WidgetsV1().Widgets(namespace)
	w, err := c.Create(ctx, &widgetsv1.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: "informed", Labels: map[string]string{"app": "x"}},
		Spec:       widgetsv1.WidgetSpec{Color: "red"},
	}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	expectEvent(ctx, t, events, "add informed")
	lister := widgets.Lister().Widgets(namespace)
	if got, err := lister.Get("informed"); err != nil || got.UID != w.UID {
		t.Fatalf("lister Get after create: %v, %v", got, err)
	}
	if got, err := lister.List(labels.SelectorFromSet(labels.Set{"app": "x"})); err != nil || len(got) != 1 {
		t.Fatalf("lister List by label: %d items, %v; want 1", len(got), err)
	}

	w.Spec.Color = "blue"
	if _, err := c.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	expectEvent(ctx, t, events, "update informed")
	if got, _ := lister.Get("informed"); got == nil || got.Spec.Color != "blue" {
		t.Errorf("lister after update: %v, want color blue", got)
	}

	if err := c.Delete(ctx, "informed", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	expectEvent(ctx, t, events, "delete informed")
	if _, err := lister.Get("informed"); !apierrors.IsNotFound(err) {
		t.Errorf("lister Get after delete: %v, want NotFound", err)
	}
	generic, err := factory.ForResource(widgetsv1.SchemeGroupVersion.WithResource("widgets"))
	if err != nil || generic.Informer().GetIndexer() != widgets.Informer().GetIndexer() {
		t.Errorf("ForResource: %v; want the same shared informer", err)
	}
}

func nameOf(obj any) string {
	if tombstone, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = tombstone.Obj
	}
	return obj.(*widgetsv1.Widget).Name
}

func expectEvent(ctx context.Context, t *testing.T, events <-chan string, want string) {
	t.Helper()
	for {
		select {
		case got := <-events:
			if got == want {
				return
			}
			t.Logf("event %q while waiting for %q", got, want)
		case <-ctx.Done():
			t.Fatalf("no %q event", want)
		}
	}
}
