//go:build e2e

package suites

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/gatewaycorpus"
)

// RecordVar set to 1 makes TestGatewayAPIRecording write the recording
// instead of comparing with it.
const RecordVar = "METAGEN_E2E_RECORD"

// TestGatewayAPIRecording (suite gateway-api-recording) sends the
// gateway-api v1.6.3 corpus (hack/gatewaycorpus: gateway-api's example
// objects, their mutations, updates and ratcheting cases) to the real
// kube-apiserver with the CRDs metagen writes for gateway-api's apis/v1,
// generated here in a module fetched from the Go module proxy. With
// METAGEN_E2E_RECORD=1 it builds the corpus afresh and writes the answers
// to hack/gatewaycorpus/testdata (what TestGatewayAPICorpus replays without
// a cluster); otherwise it sends the recorded cases and fails on each
// answer that is not the recorded one, so a drift of the recording shows.
// The ratcheting cases' stored objects are written while the CRDs are
// gatewaycorpus.Permissive, then the CRDs metagen wrote come back.
func TestGatewayAPIRecording(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	real := e2eenv.RESTConfig(t)
	record := os.Getenv(RecordVar) == "1"

	dir := gatewaycorpus.Prepare(t, gatewaycorpus.Root())
	crds, err := gatewaycorpus.CRDs(filepath.Join(dir, gatewaycorpus.CRDDir))
	if err != nil {
		t.Fatal(err)
	}
	resources := gatewaycorpus.Resources(crds)
	var recorded *gatewaycorpus.Recording
	var cases []gatewaycorpus.Case
	if record {
		if cases, err = gatewaycorpus.Build(dir, crds); err != nil {
			t.Fatal(err)
		}
	} else {
		if recorded, err = gatewaycorpus.Read(gatewaycorpus.RecordingPath()); err != nil {
			t.Fatal(err)
		}
		cases = recorded.Cases
		if digest := gatewaycorpus.SchemaDigest(crds); recorded.Schemas != digest {
			t.Errorf("the CRDs metagen writes for gateway-api are not those the recording was made with (schemas %s, recorded %s): re-record (%s=1)", digest, recorded.Schemas, RecordVar)
		}
	}

	createNamespaceOn(t, real, gatewaycorpus.Namespace)
	if err := gatewaycorpus.ApplyCRDs(ctx, real, crds, true, cases); err != nil {
		t.Fatal(err)
	}
	client, err := gatewaycorpus.NewClient(real)
	if err != nil {
		t.Fatal(err)
	}
	if err := gatewaycorpus.Seed(ctx, client, resources, cases); err != nil {
		t.Fatal(err)
	}
	if err := gatewaycorpus.ApplyCRDs(ctx, real, crds, false, cases); err != nil {
		t.Fatal(err)
	}

	tally := e2eenv.NewTally(t, "gateway-api-recording")
	for i, c := range cases {
		answer, err := gatewaycorpus.Send(ctx, client, resources, c)
		if err != nil {
			t.Fatal(err)
		}
		if record {
			cases[i].Answer = &answer
			continue
		}
		if c.Answer == nil {
			t.Fatalf("%s: the recording has no answer", c.Name)
		}
		tally.Case(c.Name, gatewaycorpus.Diff("kube-apiserver now", answer, *c.Answer, true))
	}
	if !record {
		tally.Report()
		return
	}
	version := os.Getenv("METAGEN_E2E_VERSION")
	r := &gatewaycorpus.Recording{
		Source:  gatewaycorpus.Module + " " + gatewaycorpus.Package + " (" + gatewaycorpus.OptIn + "), CRDs by metagen -g " + gatewaycorpus.Generators,
		Server:  "kube-apiserver " + version,
		Schemas: gatewaycorpus.SchemaDigest(crds),
		Cases:   cases,
	}
	if err := r.Write(gatewaycorpus.RecordingPath()); err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for _, c := range cases {
		if c.Answer.Accepted {
			accepted++
		}
	}
	e2eenv.Record(t, fmt.Sprintf("gateway-api-recording: recorded cases=%d accepted=%d into %s", len(cases), accepted, gatewaycorpus.RecordingPath()))
}
