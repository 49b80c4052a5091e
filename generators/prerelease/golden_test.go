package prerelease_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs prerelease-lifecycle alone, through the pipeline, on each
// testdata/<case>.
var harness = golden.Harness{PkgDir: "generators/prerelease", Generators: []string{"prerelease-lifecycle"}}

// TestGolden compares the output on every testdata/<case> with want/ (the
// files, or errors.txt).
func TestGolden(t *testing.T) { harness.Run(t, *update) }

// TestGoldenOutputCompiles builds every case with its generated methods.
func TestGoldenOutputCompiles(t *testing.T) { harness.Compiles(t) }

// TestOptOut checks that =false generates nothing, even for a type that
// would need a marker.
func TestOptOut(t *testing.T) {
	if got := harness.Plan(t, "optout"); len(got) != 0 {
		t.Errorf("want no output, got %v", got)
	}
}
