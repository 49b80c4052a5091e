package defaults_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// TestGolden runs the generator over every testdata/<case> and compares the
// output with want/ (the files, or errors.txt).
func TestGolden(t *testing.T) { golden.RunCases(t, "generators/defaults", "defaults", *update) }

// TestGoldenOutputCompiles vets the k8s-style case with its generated
// defaulters (and the deepcopy its types need to be runtime.Objects).
func TestGoldenOutputCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	golden.VetGenerated(t, []string{"./generators/defaults/testdata/k8sstyle", "./generators/defaults/testdata/k8sstyle/api"}, "deepcopy", "defaults")
}
