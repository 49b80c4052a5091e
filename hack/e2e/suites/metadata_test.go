//go:build e2e

package suites

import (
	"fmt"
	"testing"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/hack/e2e/metadata"
	"github.com/metagen-dev/metagen/internal/metacorpus"
)

// corpusResources maps the kinds of type in the corpus to a resource of
// the real server that validates metadata that way. The other kinds
// (cluster-scoped, other name formats) have no resource here yet.
var corpusResources = map[bool]flows.Resource{
	false: flows.ConfigMaps, // namespaced built-in type, DNS-subdomain names
	true:  flows.Widgets,    // namespaced custom resource
}

// TestMetadata sends the validation corpus to the real server as creates
// and updates of ConfigMaps and Widgets, and compares each answer with
// schema/meta.Rules: the outcome, the causes, and the warnings.
func TestMetadata(t *testing.T) {
	t.Parallel()
	target := newFlowsTarget(t, e2eenv.RESTConfig(t))
	if err := target.client.CreateNamespace(t.Context(), metadata.Namespace); err != nil {
		t.Fatal(err)
	}
	byResource := map[bool][]metacorpus.Case{}
	for _, c := range metacorpus.Corpus(400) {
		if c.Rules.Namespaced && c.Rules.NameFormat == 0 && c.Rules.Group == "" && len(c.Rules.OwnedFinalizers) == 0 {
			byResource[c.Rules.CustomResource] = append(byResource[c.Rules.CustomResource], c)
		}
	}
	tally := e2eenv.NewTally(t, "metadata")
	unsent, early := 0, map[int]int{}
	for _, custom := range []bool{false, true} {
		r := corpusResources[custom]
		outcomes, err := metadata.Run(t.Context(), target.client, r, byResource[custom])
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
