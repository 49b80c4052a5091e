package conversion_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs conversion alone, through the pipeline, on each testdata/<case>.
var harness = golden.Harness{PkgDir: "generators/conversion", Generators: []string{"conversion"}}

// TestGolden compares the output on every testdata/<case> with want/ (the
// files, or errors.txt).
func TestGolden(t *testing.T) { harness.Run(t, *update) }

// TestGoldenOutputCompiles builds every case with its want/ files.
func TestGoldenOutputCompiles(t *testing.T) { harness.Compiles(t) }
