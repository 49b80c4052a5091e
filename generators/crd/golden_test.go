package crd_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs crd alone, through the pipeline, on each testdata/<case>
// (its package and subpackages).
var harness = golden.Harness{PkgDir: "generators/crd", Generators: []string{"crd"}}

// TestGolden compares the manifests of every testdata/<case> with its
// want/, or the errors with want/errors.txt.
func TestGolden(t *testing.T) { harness.Run(t, *update) }
