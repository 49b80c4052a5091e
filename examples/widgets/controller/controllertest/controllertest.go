// Package controllertest runs the example widget controller against a
// server, for its in-process tests and for hack/e2e.
package controllertest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/examples/widgets/client/clientset"
	"github.com/metagen-dev/metagen/examples/widgets/controller"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// Run runs the controller with the client configuration cfg until the two
// widgets it has admin create in namespace (named prefix-0 and prefix-1)
// are Ready for their generation; it runs on the in-process server in the
// controller's tests and on a real kube-apiserver in hack/e2e.
func Run(t *testing.T, admin, cfg *rest.Config, namespace, prefix string) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- (&controller.Reconciler{Client: clientsetFor(t, cfg)}).Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("controller: %v", err)
		}
	}()
	widgets := clientsetFor(t, admin).WidgetsV1().Widgets(namespace)
	for i := range 2 {
		w := &widgetsv1.Widget{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("%s-%d", prefix, i)}, Spec: widgetsv1.WidgetSpec{Color: "red"}}
		if _, err := widgets.Create(ctx, w, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 2 {
		name := fmt.Sprintf("%s-%d", prefix, i)
		err := wait.PollUntilContextTimeout(ctx, 20*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
			w, err := widgets.Get(ctx, name, metav1.GetOptions{})
			return err == nil && meta.IsStatusConditionTrue(w.Status.Conditions, "Ready") && w.Status.ObservedGeneration == w.Generation, nil
		})
		if err != nil {
			t.Fatalf("widget %s never became Ready with the controller running: %v", name, err)
		}
	}
}

func clientsetFor(t *testing.T, cfg *rest.Config) clientset.Interface {
	t.Helper()
	c, err := clientset.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
