// Package conventiontest checks the finalizer and deletion conventions of
// the generated widgets clientset against an API server, whichever serves
// widgets.example.com/v1: the in-process server in unit tests, a real
// kube-apiserver (with the Widget CRD installed) in e2e. The same code runs
// on both.
package conventiontest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/examples/widgets/client/clientset"
	typedwidgetsv1 "github.com/metagen-dev/metagen/examples/widgets/client/clientset/typed/widgets/v1"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// Finalizers the tests write; two domains, so components can be told apart.
const (
	finalizerA = "example.com/a"
	finalizerB = "other.example.org/b"
)

// RunConventionTests runs every convention test, and the server-side apply
// tests of the generated apply configurations, against the server cfg
// points at, in a namespace of its own that it creates when the server has
// namespaces and deletes at the end.
func RunConventionTests(t *testing.T, cfg *rest.Config) {
	t.Helper()
	e := newEnv(t, cfg)
	type test struct {
		name string
		run  func(*testing.T, *env)
	}
	tests := []test{
		{"AddFinalizerIsIdempotent", testAddIdempotent},
		{"AddFinalizerRefusesUnqualifiedNameBeforeSending", testAddRefusesUnqualified},
		{"AddFinalizerRefusesTerminatingObject", testAddRefusesTerminating},
		{"ConcurrentWritersLoseNoFinalizer", testConcurrentWriters},
		{"RemoveFinalizerReportsGone", testRemoveReportsGone},
		{"DeleteStatusAnswerIsGone", testDeleteGone},
		{"DeleteObjectAnswerIsTerminating", testDeleteTerminating},
		{"DeleteAcceptedAnswerIsTerminating", testDeleteAccepted},
		{"DeleteMissingIsNotFound", testDeleteNotFound},
		{"DeletePropagationPolicy", testDeletePropagation},
		{"DeletePreconditions", testDeletePreconditions},
		{"DeleteDryRun", testDeleteDryRun},
		{"DeleteAndWaitUsesAWatch", testDeleteAndWaitWatches},
		{"DeleteAndWaitTimeoutNamesFinalizers", testDeleteAndWaitTimeout},
		{"StatusSubresource", testStatus},
		{"InformersAndListers", testInformers},
		{"ApplyStatus", testApplyStatus},
	}
	for _, at := range ApplyTests {
		tests = append(tests, test{at.Name, func(t *testing.T, e *env) {
			c, _ := e.widgets(t)
			at.Run(t, c, e.namespace)
		}})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, e) })
	}
}

// env is one server and namespace; clients made from it count requests.
type env struct {
	cfg       *rest.Config
	namespace string
}

func newEnv(t *testing.T, cfg *rest.Config) *env {
	t.Helper()
	e := &env{cfg: rest.CopyConfig(cfg), namespace: fmt.Sprintf("conventions-%06d", rand.IntN(1_000_000))}
	e.createNamespace(t)
	return e
}

var namespaces = schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}

// createNamespace creates the namespace on servers that serve namespaces
// (kube-apiserver refuses objects in a missing one); the in-process server
// may not, which is fine.
func (e *env) createNamespace(t *testing.T) {
	dyn, err := dynamic.NewForConfig(e.cfg)
	if err != nil {
		t.Fatal(err)
	}
	ns := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": e.namespace},
	}}
	_, err = dyn.Resource(namespaces).Create(context.Background(), ns, metav1.CreateOptions{})
	switch {
	case apierrors.IsNotFound(err):
		return
	case err != nil:
		t.Fatalf("creating namespace %s: %v", e.namespace, err)
	}
	t.Cleanup(func() {
		_ = dyn.Resource(namespaces).Delete(context.Background(), e.namespace, metav1.DeleteOptions{})
	})
}

// requests counts the requests a client sends, by HTTP method.
type requests struct {
	mu     sync.Mutex
	counts map[string]int
}

func (r *requests) count(method string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.counts[method]
}

func (r *requests) total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, c := range r.counts {
		n += c
	}
	return n
}

type countingTransport struct {
	next http.RoundTripper
	r    *requests
}

func (c countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	c.r.mu.Lock()
	c.r.counts[req.Method]++
	c.r.mu.Unlock()
	return c.next.RoundTrip(req)
}

// widgets returns a widgets client for the namespace and its request counter.
func (e *env) widgets(t *testing.T) (typedwidgetsv1.WidgetInterface, *requests) {
	t.Helper()
	r := &requests{counts: map[string]int{}}
	cfg := rest.CopyConfig(e.cfg)
	cfg.Wrap(func(next http.RoundTripper) http.RoundTripper { return countingTransport{next, r} })
	cs, err := clientset.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return cs.WidgetsV1().Widgets(e.namespace), r
}

func (e *env) clientset(t *testing.T) clientset.Interface {
	t.Helper()
	cs, err := clientset.NewForConfig(e.cfg)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// create makes a widget with finalizers and removes them at the end, so
// that nothing is left terminating.
func create(t *testing.T, c typedwidgetsv1.WidgetInterface, name string, finalizers ...string) *widgetsv1.Widget {
	t.Helper()
	w := &widgetsv1.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: name, Finalizers: finalizers},
		Spec:       widgetsv1.WidgetSpec{Color: "red"},
	}
	got, err := c.Create(context.Background(), w, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating %s: %v", name, err)
	}
	t.Cleanup(func() { cleanup(c, name) })
	return got
}

// cleanup removes every finalizer, then deletes.
func cleanup(c typedwidgetsv1.WidgetInterface, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		w, err := c.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return
		}
		if len(w.Finalizers) == 0 {
			_ = c.Delete(ctx, name, metav1.DeleteOptions{})
			return
		}
		if _, _, err := c.RemoveFinalizer(ctx, name, w.Finalizers[0]); err != nil {
			return
		}
	}
}

func get(t *testing.T, c typedwidgetsv1.WidgetInterface, name string) *widgetsv1.Widget {
	t.Helper()
	w, err := c.Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatalf("getting %s: %v", name, err)
	}
	return w
}

func expectGone(t *testing.T, c typedwidgetsv1.WidgetInterface, name string) {
	t.Helper()
	if _, err := c.Get(context.Background(), name, metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("GET %s after it is gone: %v, want 404", name, err)
	}
}
