//go:build e2e

package suites

import (
	"testing"

	"github.com/metagen-dev/metagen/examples/widgets/controller"
	"github.com/metagen-dev/metagen/examples/widgets/controller/controllertest"
	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/metagentest/leastprivilege"
)

// TestWidgetController runs the example widget controller's test
// (examples/widgets/controller/controllertest, which its least-privilege
// test runs on the in-process server) on the real kube-apiserver as a user
// with exactly the ClusterRole metagen generated from its RBAC markers
// (suite controller): the real server's RBAC must let it do its job, as
// the in-process check found. The widgets CRD is TestClients' (it runs
// first).
func TestWidgetController(t *testing.T) {
	t.Parallel()
	cfg := e2eenv.RESTConfig(t)
	target := newFlowsTarget(t, cfg)
	role, err := leastprivilege.ReadManifest("../../../examples/widgets/config/rbac/role.yaml", controller.RoleName)
	if err != nil || len(role.Cluster) == 0 {
		t.Fatalf("the controller's generated ClusterRole: %v (%d rules)", err, len(role.Cluster))
	}
	const user = "metagen-widget-controller"
	grant(t, target, user, true, role.Cluster)
	tally := e2eenv.NewTally(t, "controller")
	passed := t.Run("controller", func(t *testing.T) {
		controllertest.Run(t, cfg, impersonating(cfg, user), target.ns, "controller")
	})
	diff := ""
	if !passed {
		diff = "see the failures above"
	}
	tally.Case("examples/widgets/controller", diff)
	tally.Report()
}
