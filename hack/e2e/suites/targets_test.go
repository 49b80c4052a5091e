//go:build e2e

package suites

import (
	"context"
	"crypto/rand"
	"strings"
	"testing"

	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// flowsTarget is one server, with a fresh namespace and the Widget CRD.
type flowsTarget struct {
	client *flows.Client
	ns     string
}

func newFlowsTarget(t *testing.T, cfg *rest.Config) flowsTarget {
	t.Helper()
	c, err := flows.NewClient(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ns := "metagen-flows-" + strings.ToLower(rand.Text()[:8])
	if err := c.CreateNamespace(t.Context(), ns); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.DeleteNamespace(context.Background(), ns) })
	if err := c.ApplyCRD(t.Context(), flows.WidgetCRD, flows.Widgets, ns); err != nil {
		t.Fatal(err)
	}
	return flowsTarget{client: c, ns: ns}
}

func (f flowsTarget) run(t *testing.T, r flows.Resource) []flows.Result {
	return flows.Run(t.Context(), f.client, r, f.ns, flows.Table())
}
