//go:build e2e

package suites

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
)

// The step runs shared by the multiversion and gizmos suites: each runs the
// same requests on both servers, renders every answer, and compares them
// in order.

type mvStep struct{ id, answer string }

// tallySteps compares the in-process steps with the real server's.
func tallySteps(t *testing.T, suite string, want, got []mvStep) {
	t.Helper()
	tally := e2eenv.NewTally(t, suite)
	for i, step := range want {
		diff := ""
		if i >= len(got) {
			diff = "missing in process"
		} else if got[i].answer != step.answer {
			diff = fmt.Sprintf("real %s\n in-process %s", step.answer, got[i].answer)
		}
		tally.Case(step.id, diff)
	}
	tally.Report()
}

// testNamespace creates a namespace named prefix plus a random suffix,
// deleted when the test ends.
func testNamespace(t *testing.T, dyn dynamic.Interface, prefix string) string {
	t.Helper()
	ns := prefix + strings.ToLower(rand.Text()[:8])
	nsObj := map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": ns}}
	namespaces := dyn.Resource(schema.GroupVersionResource{Version: "v1", Resource: "namespaces"})
	if _, err := namespaces.Create(t.Context(), &unstructured.Unstructured{Object: nsObj}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = namespaces.Delete(context.Background(), ns, metav1.DeleteOptions{}) })
	return ns
}

// labelledObject is an object of kind in gv with a label and a spec.
func labelledObject(gv schema.GroupVersion, kind, name string, spec map[string]any) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": gv.String(), "kind": kind,
		"metadata": map[string]any{"name": name, "labels": map[string]any{"kept": "yes"}},
		"spec":     spec,
	}}
}

// waitServed waits until resource lists in every version.
func waitServed(t *testing.T, cfg *rest.Config, resource string, versions ...schema.GroupVersion) {
	t.Helper()
	dyn := dynamic.NewForConfigOrDie(cfg)
	err := wait.PollUntilContextTimeout(t.Context(), 200*time.Millisecond, 60*time.Second, true, func(ctx context.Context) (bool, error) {
		for _, gv := range versions {
			if _, err := dyn.Resource(gv.WithResource(resource)).List(ctx, metav1.ListOptions{}); err != nil {
				return false, nil
			}
		}
		return true, nil
	})
	if err != nil {
		t.Fatalf("%s is not served in %v: %v", resource, versions, err)
	}
}
