package prerelease_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// TestGolden runs the generator over every testdata/<case> and compares the
// output with want/ (the files, or errors.txt).
func TestGolden(t *testing.T) {
	golden.RunCases(t, "generators/prerelease", "prerelease-lifecycle", *update)
}

// TestGoldenOutputCompiles vets the packages with their generated methods.
func TestGoldenOutputCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	golden.VetGenerated(t, []string{"./generators/prerelease/testdata/v1beta1", "./generators/prerelease/testdata/v1"}, "prerelease-lifecycle")
}

// TestOptOut checks that =false generates nothing, even for a type that
// would need a marker.
func TestOptOut(t *testing.T) {
	if got := golden.PlanCase(t, "generators/prerelease", "optout", "prerelease-lifecycle"); len(got) != 0 {
		t.Errorf("want no output, got %v", got)
	}
}
