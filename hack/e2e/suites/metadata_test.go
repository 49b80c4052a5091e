//go:build e2e

package suites

import (
	"fmt"
	"testing"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/e2e/metadata"
	"github.com/metagen-dev/metagen/internal/metacorpus"
)

// TestMetadata sends the validation corpus to the real server as creates
// and updates of ConfigMaps and Widgets (metadata.Targets), and compares
// each answer with schema/meta.Rules: the outcome, the causes, and the
// warnings. The kinds of type of the corpus without a resource here
// (cluster-scoped, other name formats) are left out.
func TestMetadata(t *testing.T) {
	t.Parallel()
	target := newFlowsTarget(t, e2eenv.RESTConfig(t))
	if err := target.client.CreateNamespace(t.Context(), metadata.Namespace); err != nil {
		t.Fatal(err)
	}
	corpus := metacorpus.Corpus(400)
	tally := e2eenv.NewTally(t, "metadata")
	unsent, early := 0, map[int]int{}
	for _, r := range metadata.Targets {
		var cases []metacorpus.Case
		for _, c := range corpus {
			if r.Fits(c) {
				cases = append(cases, c)
			}
		}
		outcomes, err := metadata.Run(t.Context(), target.client, r, cases)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outcomes {
			switch {
			case o.Unsent != "":
				unsent++
			case o.Early != 0:
				early[o.Early]++
			default:
				tally.Case(r.Plural+"/"+o.Case.Name, o.Diff)
			}
		}
	}
	t.Logf("not compared: %d cases whose old object the server refuses; answered before validation, by code: %v", unsent, early)
	tally.Report()
	e2eenv.Record(t, fmt.Sprintf("metadata: not compared: unsent=%d before-validation=%v", unsent, early))
}
