package defaults_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs defaults alone, through the pipeline, on each
// testdata/<case>; the build adds the deepcopy the k8s-style case's types
// need to be runtime.Objects.
var harness = golden.Harness{PkgDir: "generators/defaults", Generators: []string{"defaults"}, CompileWith: []string{"deepcopy"}}

// TestGolden compares the output on every testdata/<case> with want/ (the
// files, or errors.txt).
func TestGolden(t *testing.T) { harness.Run(t, *update) }

// TestGoldenOutputCompiles builds every case with its want/ files.
func TestGoldenOutputCompiles(t *testing.T) { harness.Compiles(t) }
