package register_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite testdata/<case>/want")

// harness runs register alone, through the pipeline, on each
// testdata/<case>; the build adds the deepcopy that makes the kinds
// runtime.Objects.
var harness = golden.Harness{PkgDir: "generators/register", Generators: []string{"register"}, CompileWith: []string{"deepcopy"}}

// TestGolden compares the output on every testdata/<case> with want/.
func TestGolden(t *testing.T) { harness.Run(t, *update) }

// TestGoldenOutputCompiles builds every case with its want/ files.
func TestGoldenOutputCompiles(t *testing.T) { harness.Compiles(t) }

// A package with its own register.go, or opted out, gets no register file.
func TestNothingGenerated(t *testing.T) {
	for _, name := range []string{"handwritten", "optout"} {
		if got := harness.Plan(t, name); len(got) != 0 {
			t.Errorf("%s: want no output, got %v", name, got)
		}
	}
}
