package openapi_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs openapi alone, through the pipeline, on each testdata/<case>.
var harness = golden.Harness{PkgDir: "generators/openapi", Generators: []string{"openapi"}}

// TestGolden compares the output on every testdata/<case> with its want/:
// the generated files (and the API rule report), or errors.txt.
func TestGolden(t *testing.T) { harness.Run(t, *update) }

// TestGoldenOutputCompiles builds every case with its want/ files.
func TestGoldenOutputCompiles(t *testing.T) { harness.Compiles(t) }
