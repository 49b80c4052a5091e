//go:build e2e

package suites

import (
	"os"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/examples/widgets/conventiontest"
	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// generatedWidgetCRD is the CRD metagen generates for the example.
const generatedWidgetCRD = "../../../examples/widgets/config/crd/widgets.example.com_widgets.yaml"

// TestClients installs the generated Widget CRD on the real server (so the
// real apiextensions validation accepts it: suite crd) and runs the
// generated clientset's convention tests against it, the same code the unit
// tests run on the in-process server (suite clients). It is not parallel:
// it runs before the parallel suites, which then find this CRD installed.
func TestClients(t *testing.T) {
	cfg := e2eenv.RESTConfig(t)
	target := newFlowsTarget(t, cfg)
	manifest, err := os.ReadFile(generatedWidgetCRD)
	if err != nil {
		t.Fatal(err)
	}
	crd, err := yaml.YAMLToJSON(manifest)
	if err != nil {
		t.Fatal(err)
	}
	widgets := flows.Resource{Group: "widgets.example.com", Version: "v1", Kind: "Widget", Plural: "widgets"}
	crdTally := e2eenv.NewTally(t, "crd")
	crdErr := ""
	if err := target.client.ApplyCRD(t.Context(), string(crd), widgets, target.ns); err != nil {
		crdErr = err.Error()
	}
	crdTally.Case("examples/widgets/"+widgets.Plural, crdErr)
	crdTally.Report()
	if crdErr != "" {
		t.Fatalf("the generated CRD was not served: %s", crdErr)
	}

	tally := e2eenv.NewTally(t, "clients")
	passed := t.Run("conventions", func(t *testing.T) { conventiontest.RunConventionTests(t, cfg) })
	diff := ""
	if !passed {
		diff = "see the failures above"
	}
	tally.Case("widgets/conventions", diff)
	tally.Report()
}
