package conversion_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// TestGolden runs the generator over every testdata/<case> and compares the
// output with want/ (the files, or errors.txt).
func TestGolden(t *testing.T) { golden.RunCases(t, "generators/conversion", "conversion", *update) }

// TestGoldenOutputCompiles vets the cases with their generated conversions.
func TestGoldenOutputCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	golden.VetGenerated(t, []string{"./generators/conversion/testdata/widgets", "./generators/conversion/testdata/widgets/v1"}, "conversion")
}
