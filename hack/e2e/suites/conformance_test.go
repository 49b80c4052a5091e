//go:build e2e

package suites

import (
	"os"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/server/conformance"
)

// widgetCRD is the CRD the harness's Widget target is served from.
const widgetCRD = "../../../server/testdata/crds/widgets.yaml"

// TestConformance runs the in-process server's differential harness
// (server/conformance, issue 7) unchanged against the real server: each
// case is one subtest, and it agrees when its subtest passes. Allow-listed
// cases are skipped, with their reason, because a failing subtest would
// fail the run.
func TestConformance(t *testing.T) {
	t.Parallel()
	cfg := e2eenv.RESTConfig(t)
	target := newFlowsTarget(t, cfg)
	manifest, err := os.ReadFile(widgetCRD)
	if err != nil {
		t.Fatal(err)
	}
	crd, err := yaml.YAMLToJSON(manifest)
	if err != nil {
		t.Fatal(err)
	}
	widgets := flows.Resource{Group: "widgets.example.com", Version: "v1", Kind: "Widget", Plural: "widgets"}
	if err := target.client.ApplyCRD(t.Context(), string(crd), widgets, target.ns); err != nil {
		t.Fatal(err)
	}

	tally := e2eenv.NewTally(t, "flows")
	widget := conformance.WidgetTarget()
	for _, c := range conformance.Cases(widget) {
		id := widget.Resource + "/" + c.ID
		if reason := tally.Allowed(id); reason != "" {
			tally.Case(id, "not run: "+reason)
			continue
		}
		passed := t.Run(c.ID, func(t *testing.T) {
			conformance.Run(t, cfg, widget, []conformance.Case{c}, conformance.Options{})
		})
		diff := ""
		if !passed {
			diff = "see the subtest's failure above"
		}
		tally.Case(id, diff)
	}
	tally.Report()
}
