package defaults_test

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
			got := golden.PlanCase(t, "generators/defaults", name, "defaults")
			if *update {
				golden.Write(t, name, got)
				return
			}
			golden.Compare(t, name, got, "go test ./generators/defaults -update")
		})
	}
}
