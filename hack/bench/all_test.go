//go:build linux

package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The all suite's go-tool-noop row must time "go tool metagen": the
// go:generate line of examples/widgets/v1 it rewrites has to match, or the
// row silently times the original "go run" (as it did once).
func TestDownstreamGoGenerateLineIsRewritten(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "widgets", "v1", "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	got := goRunMetagen.ReplaceAll(data, []byte("go tool metagen"))
	if !goRunMetagen.Match(data) {
		t.Fatal("examples/widgets/v1/doc.go has no go:generate line goRunMetagen matches")
	}
	if goRunMetagen.Match(got) {
		t.Fatal("rewritten line still runs go run")
	}
	for _, line := range []string{
		"//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate .",
		"//go:generate go run -tags metagen_noserve github.com/metagen-dev/metagen/cmd/metagen generate .",
	} {
		if out := goRunMetagen.ReplaceAllString(line, "go tool metagen"); out != "//go:generate go tool metagen generate ." {
			t.Errorf("%q became %q", line, out)
		}
	}
}
