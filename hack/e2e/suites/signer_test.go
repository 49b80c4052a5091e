//go:build e2e

package suites

import (
	"testing"

	"github.com/metagen-dev/metagen/examples/pcr-signer/signertest"
	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/metagentest/leastprivilege"
)

// TestSigner runs the example PodCertificateRequest signer's tests
// (examples/pcr-signer/signertest, the code its unit test runs on the
// in-process server) against the real kube-apiserver (suite signer). The
// signer acts as a user that has exactly the ClusterRole metagen generated
// from its RBAC markers (examples/pcr-signer/config/rbac/role.yaml): RBAC on
// the real server checks that role is complete, "sign" on the signer name
// included, as the in-process least-privilege check does.
func TestSigner(t *testing.T) {
	t.Parallel()
	cfg := e2eenv.RESTConfig(t)
	target := newFlowsTarget(t, cfg)
	const user = "metagen-pcr-signer"
	// The ClusterRole generated from the signer's RBAC markers, which its
	// in-process least-privilege test checks against what it does (and
	// finds equal to signer.Rules).
	role, err := leastprivilege.ReadManifest("../../../examples/pcr-signer/config/rbac/role.yaml", "pcr-signer")
	if err != nil || len(role.Cluster) == 0 {
		t.Fatalf("the signer's generated ClusterRole: %v (%d rules)", err, len(role.Cluster))
	}
	grant(t, target, user, true, role.Cluster)

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
