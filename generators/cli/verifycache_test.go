package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// A verify of a tree a passing verify saw replays its result; any change
// to the tree, or METAGEN_CACHE=off, runs it in full again.
func TestVerifyCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("METAGEN_CACHE", cache)
	t.Setenv("GOWORK", "off")
	root := deepcopyModule(t)
	verify := func(want int) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := Run([]string{"verify", "./..."}, &stdout, &stderr); code != want {
			t.Fatalf("verify: exit %d, want %d; stderr:\n%s", code, want, stderr.String())
		}
		return stderr.String()
	}
	if code := Run([]string{"generate", "./..."}, new(bytes.Buffer), new(bytes.Buffer)); code != exitOK {
		t.Fatalf("generate: exit %d", code)
	}
	if stderr := verify(exitOK); strings.Contains(stderr, "cached") {
		t.Fatalf("the first verify was cached: %s", stderr)
	}
	if stderr := verify(exitOK); stderr == "" || !strings.HasPrefix(stderr, "metagen: 1 package, 1 generator, 1 file (0 out of date, cached) in ") {
		t.Errorf("the second verify: %q, want the cached summary", stderr)
	}
	t.Setenv("METAGEN_CACHE", "off")
	if stderr := verify(exitOK); strings.Contains(stderr, "cached") {
		t.Errorf("METAGEN_CACHE=off: %s", stderr)
	}
	t.Setenv("METAGEN_CACHE", cache)
	if entries, _ := os.ReadDir(filepath.Join(cache, "verify")); len(entries) == 0 {
		t.Fatalf("nothing stored in %s", cache)
	}

	types := filepath.Join(root, "api", "types.go")
	testfile.Write(t, types, "// +k8s:deepcopy-gen=package\npackage api\n\ntype Thing struct{ Items, More []string }\n")
	if stderr := verify(exitStale); strings.Contains(stderr, "cached") {
		t.Errorf("verify of a changed input was cached: %s", stderr)
	}
}

// A cached verify prints the warnings the run it replays printed.
func TestVerifyCacheReplaysWarnings(t *testing.T) {
	t.Setenv("METAGEN_CACHE", t.TempDir())
	t.Setenv("GOWORK", "off")
	withWarner(t)
	if code := Run([]string{"generate", "-g", "warner", "./..."}, new(bytes.Buffer), new(bytes.Buffer)); code != exitOK {
		t.Fatalf("generate: exit %d", code)
	}
	for _, run := range []string{"first", "cached"} {
		var stderr bytes.Buffer
		if code := Run([]string{"verify", "-g", "warner", "./..."}, new(bytes.Buffer), &stderr); code != exitOK || !warningLine.MatchString(stderr.String()) {
			t.Errorf("%s verify: exit %d, stderr %q; want 0 and the warning", run, code, stderr.String())
		}
		if got := strings.Contains(stderr.String(), "cached"); got != (run == "cached") {
			t.Errorf("%s verify: cached = %v: %q", run, got, stderr.String())
		}
	}
}
