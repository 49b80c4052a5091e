package deepcopy_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs deepcopy alone, through the pipeline, on each testdata/<case>.
var harness = golden.Harness{PkgDir: "generators/deepcopy", Generators: []string{"deepcopy"}}

// TestGolden compares the output on every testdata/<case> with its want/:
// the generated files, or errors.txt.
func TestGolden(t *testing.T) { harness.Run(t, *update) }

// TestGoldenOutputCompiles builds every case with its want/ files.
func TestGoldenOutputCompiles(t *testing.T) { harness.Compiles(t) }
