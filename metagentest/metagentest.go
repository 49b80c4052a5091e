// Package metagentest lets downstream modules check their generated code in
// their own tests, so that CI needs no extra script:
//
//	func TestGeneratedCodeIsCurrent(t *testing.T) {
//		metagentest.Verify(t, "./...")
//	}
//
// Patterns are resolved from the module root (the directory of the go.mod
// above the test's package), wherever the test is, so "./..." is the whole
// module; a pattern that matches no package fails the test.
package metagentest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

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
// An empty Dir is the module root.
func VerifyWith(t testing.TB, opts pipeline.Options) {
	t.Helper()
	if opts.Dir == "" {
		root, err := moduleRoot()
		if err != nil {
			t.Fatalf("metagen: %v", err)
		}
		opts.Dir = root
	}
	if len(opts.Patterns) == 0 {
		opts.Patterns = []string{"./..."}
	}
	for _, pattern := range opts.Patterns {
		if err := matchesSomething(opts, pattern); err != nil {
			t.Fatalf("metagen: %v", err)
		}
	}
	plan, err := pipeline.NewPlan(opts)
	if err != nil {
		t.Fatalf("metagen: %v", err)
	}
	for _, w := range plan.Warnings {
		t.Logf("metagen: %v", w)
	}
	if pending := plan.Pending(); len(pending) > 0 {
		t.Fatalf("metagen: %d generated file(s) out of date; run metagen generate (go generate ./...):\n%s",
			len(pending), plan.Diff(opts.Dir))
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

// moduleRoot is the directory of the nearest go.mod at or above the
// working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod at or above the working directory")
		}
		dir = parent
	}
}

// matchesSomething fails for a pattern that matches no package, which
// would otherwise verify nothing and pass.
func matchesSomething(opts pipeline.Options, pattern string) error {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: opts.Dir, BuildFlags: opts.BuildFlags}, pattern)
	if err != nil {
		return err
	}
	for _, pkg := range pkgs {
		if len(pkg.Errors) == 0 && len(pkg.GoFiles) > 0 {
			return nil
		}
	}
	return errors.New("pattern " + pattern + " (from the module root " + opts.Dir + ") matches no package")
}
