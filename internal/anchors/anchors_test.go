package anchors

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestInstallReusesCache checks that a binary already in the cache is
// returned as it is: with no go on PATH, any install would fail.
func TestInstallReusesCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("PATH", "")
	cached := filepath.Join(cache, "metagen", "bench", "bin", "tool-gen-v1.2.3")
	if err := os.MkdirAll(filepath.Dir(cached), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cached, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	bins, err := Install(t.Context(), &progress, "v1.2.3", "example.com/tools/cmd/tool-gen")
	if err != nil {
		t.Fatal(err)
	}
	if bins["tool-gen"] != cached {
		t.Errorf("Install = %v, want tool-gen: %s", bins, cached)
	}
	if progress.Len() > 0 {
		t.Errorf("Install reported %q with nothing to install", progress.String())
	}
}

// TestInstallFailureLeavesNoTrace checks that a failed install (no go on
// PATH) leaves neither a binary under the cached name nor its temporary
// GOBIN.
func TestInstallFailureLeavesNoTrace(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("PATH", "")
	if _, err := Install(t.Context(), nil, "v1.2.3", "example.com/tools/cmd/tool-gen"); err == nil {
		t.Fatal("Install succeeded without go on PATH")
	}
	entries, err := os.ReadDir(filepath.Join(cache, "metagen", "bench", "bin"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left behind: %s", e.Name())
	}
}
