package client_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// harness runs client alone, through the pipeline, on each testdata/<case>
// (its API packages: not want/ or the generated client/); the build adds
// the deepcopy and register output the clientsets need.
var harness = golden.Harness{
	PkgDir:      "generators/client",
	Generators:  []string{"client"},
	Skip:        []string{"client"},
	CompileWith: []string{"deepcopy", "register"},
}

// TestGolden compares the output on every testdata/<case> with its want/:
// the generated files, or errors.txt.
func TestGolden(t *testing.T) { harness.Run(t, *update) }

// TestGoldenOutputCompiles builds every case with its want/ files, and
// the deepcopy and register code the clients need.
func TestGoldenOutputCompiles(t *testing.T) { harness.Compiles(t) }

func caseNames(t *testing.T) []string { return golden.CaseNames(t) }

// apiPackages are the patterns of a case's input packages.
func apiPackages(t *testing.T, name string) []string { return harness.Patterns(t, name) }

// errorsFile holds a failing case's expected errors.
const errorsFile = golden.ErrorsFile
