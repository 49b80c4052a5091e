package conversion_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

// versionedOnly are golden cases run again with only their versioned
// packages as inputs, as kube_codegen.sh runs conversion-gen (on the
// packages with +k8s:conversion-gen): the internal package is then no input,
// and in peer_not_imported not imported either. conversion-gen loads the
// peer packages itself; so does metagen, and the output is the case's want/
// (TestConversionGenEquivalence compares want/ with conversion-gen's output
// on the same versioned packages alone).
var versionedOnly = map[string][]string{
	"peer_not_imported": {"v1"},
	"widgets":           {"v1"},
}

func TestPeersNotInputs(t *testing.T) {
	for _, name := range slices.Sorted(maps.Keys(versionedOnly)) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var patterns []string
			for _, dir := range versionedOnly[name] {
				patterns = append(patterns, "./"+harness.PkgDir+"/testdata/"+name+"/"+dir)
			}
			got := harness.PlanOf(t, name, patterns)
			if len(got) == 0 {
				t.Fatal("nothing generated")
			}
			golden.Compare(t, name, got, "go test ./"+harness.PkgDir+" -run TestGolden -update")
		})
	}
}
