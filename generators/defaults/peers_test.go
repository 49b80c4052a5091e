package defaults_test

import (
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

// TestInputNotAnInput runs input_not_imported with only the package that
// gets the defaulters as input, as kube_codegen.sh runs defaulter-gen (on
// the packages with +k8s:defaulter-gen): the +k8s:defaulter-gen-input
// package is then neither an input nor imported. defaulter-gen loads it
// itself; so does metagen, and the output is the case's want/ (the run on
// every package of the case).
func TestInputNotAnInput(t *testing.T) {
	const name = "input_not_imported"
	got := harness.PlanOf(t, name, []string{"./" + harness.PkgDir + "/testdata/" + name})
	if len(got) == 0 {
		t.Fatal("nothing generated")
	}
	golden.Compare(t, name, got, "go test ./"+harness.PkgDir+" -run TestGolden -update")
}
