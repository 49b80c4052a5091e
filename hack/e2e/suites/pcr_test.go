//go:build e2e

package suites

import (
	"testing"
	"time"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/hack/e2e/pcr"
)

// TestPCR runs the PodCertificateRequest table of spec §5.4-§5.5 on the
// real certificates.k8s.io/v1 API, as the admin (who may sign for any
// signer), and compares each answer with the spec (suite pcr-spec).
func TestPCR(t *testing.T) {
	t.Parallel()
	target := newFlowsTarget(t, e2eenv.RESTConfig(t))
	fx, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	r := fx.Resource()
	tally := e2eenv.NewTally(t, "pcr-spec")
	for _, res := range flows.Run(t.Context(), target.client, r, target.ns, fx.Table()) {
		tally.Case(res.Flow.ID, res.Diff())
	}
	tally.Report()
}
