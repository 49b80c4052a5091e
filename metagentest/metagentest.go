// Package metagentest lets downstream modules check their generated code in
// their own tests, so that CI needs no extra script:
//
//	func TestGeneratedCodeIsCurrent(t *testing.T) {
//		metagentest.Verify(t, "./...")
//	}
//
// Patterns are resolved from the test's working directory, which go test
// sets to the package directory.
package metagentest

import (
	"os"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/compat"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// Verify runs every generator the packages opt into, in memory, and fails
// the test with a unified diff when a generated file on disk is stale,
// missing or extra. It never writes.
func Verify(t testing.TB, patterns ...string) {
	t.Helper()
	VerifyWith(t, pipeline.Options{Patterns: patterns})
}

// VerifyWith is Verify with the options of "metagen verify": -g, --header-file, tags.
func VerifyWith(t testing.TB, opts pipeline.Options) {
	t.Helper()
	plan, err := pipeline.NewPlan(opts)
	if err != nil {
		t.Fatalf("metagen: %v", err)
	}
	for _, w := range plan.Warnings {
		t.Logf("metagen: %v", w)
	}
	if pending := plan.Pending(); len(pending) > 0 {
		cwd, _ := os.Getwd()
		t.Fatalf("metagen: %d generated file(s) out of date; run metagen generate (go generate ./...):\n%s",
			len(pending), plan.Diff(cwd))
	}
}

// Compatible compares the API packages matched by patterns (./... by
// default) with the same packages at the git revision ref, as "metagen
// compat --against ref" does, and fails the test for each breaking change,
// at its source line; compatible changes worth saying are logged.
func Compatible(t testing.TB, ref string, patterns ...string) {
	t.Helper()
	result, err := compat.Run(compat.Options{Against: ref, Patterns: patterns})
	if err != nil {
		t.Fatalf("metagen compat: %v", err)
	}
	cwd, _ := os.Getwd()
	var text strings.Builder
	compat.WriteText(&text, result, cwd)
	if result.Breaking() {
		t.Errorf("metagen compat: breaking changes against %s:\n%s", ref, text.String())
		return
	}
	t.Logf("metagen compat against %s:\n%s", ref, text.String())
}
