//go:build e2e

package suites

import (
	"testing"

	"github.com/metagen-dev/metagen/examples/pcr-signer/signer"
	"github.com/metagen-dev/metagen/examples/pcr-signer/signertest"
	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
)

// TestSigner runs the example PodCertificateRequest signer's tests
// (examples/pcr-signer/signertest, the code its unit test runs on the
// in-process server) against the real kube-apiserver (suite signer). The
// signer acts as a user that has exactly what its README grants, through a
// ClusterRole of signer.Rules: RBAC on the real server checks that list is
// complete, "sign" on the signer name included.
func TestSigner(t *testing.T) {
	t.Parallel()
	cfg := e2eenv.RESTConfig(t)
	target := newFlowsTarget(t, cfg)
	const user = "metagen-pcr-signer"
	grant(t, target, user, true, signer.Rules(signer.DefaultSignerName))

	tally := e2eenv.NewTally(t, "signer")
	passed := t.Run("signer", func(t *testing.T) {
		signertest.Run(t, signertest.Env{Admin: cfg, Signer: impersonating(cfg, user), Namespace: target.ns})
	})
	diff := ""
	if !passed {
		diff = "see the failures above"
	}
	tally.Case("examples/pcr-signer", diff)
	tally.Report()
}
