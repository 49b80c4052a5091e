//go:build e2e

// Package suites runs metagen's conformance tables against the real
// kube-apiserver that hack/e2e/run.sh starts.
package suites

import (
	"testing"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/server"
)

// TestFlows runs the deletion and finalizer flows of spec §5.3 on the real
// server, on a built-in type (ConfigMaps) and a custom resource (Widgets),
// and compares each answer and the watch events with the spec
// (suite flows-spec). Then it runs the same flows on the in-process server
// and compares its answers with the real server's (suite flows). The
// in-process server serves custom resources, not ConfigMaps.
func TestFlows(t *testing.T) {
	t.Parallel()
	real := newFlowsTarget(t, e2eenv.RESTConfig(t))
	inProcess := newFlowsTarget(t, server.StartForTest(t, server.Options{}).RESTConfig())

	spec := e2eenv.NewTally(t, "flows-spec")
	diff := e2eenv.NewTally(t, "flows-diff")
	for _, r := range []flows.Resource{flows.ConfigMaps, flows.Widgets} {
		want := real.run(t, r)
		for _, res := range want {
			spec.Case(r.Plural+"/"+res.Flow.ID, res.Diff())
		}
		if r != flows.Widgets {
			continue
		}
		for i, res := range inProcess.run(t, r) {
			diff.Case(r.Plural+"/"+res.Flow.ID, flows.Compare(want[i], res))
		}
	}
	spec.Report()
	diff.Report()
}
