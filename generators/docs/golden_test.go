package docs_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs docs alone (crd and openapi prepared for it, writing
// nothing), through the pipeline, on each testdata/<case>.
var harness = golden.Harness{PkgDir: "generators/docs", Generators: []string{"docs"}, Skip: []string{"tmpl", "docs", "crds"}}

// TestGolden compares the pages of every testdata/<case> with its want/,
// or the errors with want/errors.txt.
func TestGolden(t *testing.T) { harness.Run(t, *update) }
