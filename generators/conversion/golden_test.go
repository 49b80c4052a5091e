package conversion_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// TestGolden runs the generator over every testdata/<case> and compares the
// output with want/ (the files, or errors.txt).
func TestGolden(t *testing.T) {
	for _, name := range golden.CaseNames(t) {
		t.Run(name, func(t *testing.T) {
			got := golden.PlanCase(t, "generators/conversion", name, "conversion")
			if *update {
				golden.Write(t, name, got)
				return
			}
			golden.Compare(t, name, got, "go test ./generators/conversion -update")
		})
	}
}

// TestGoldenOutputCompiles vets the cases with their generated conversions.
func TestGoldenOutputCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	golden.VetGenerated(t, []string{"./generators/conversion/testdata/widgets", "./generators/conversion/testdata/widgets/v1"}, "conversion")
}
