package defaults_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

// upstreamCases are defaulter-gen v0.37.2's output tests, copied into testdata.
var upstreamCases = []string{"empty", "slices", "wholepkg", "pointer", "marker"}

// TestUpstreamOutputTests compares our output for defaulter-gen's own output
// tests with defaulter-gen's: the same declarations, statement for
// statement, once import names are replaced by the paths they stand for.
func TestUpstreamOutputTests(t *testing.T) {
	for _, name := range upstreamCases {
		t.Run(name, func(t *testing.T) {
			got := harness.Plan(t, name)["zz_generated.defaults.go"]
			if len(got) == 0 {
				t.Fatal("no zz_generated.defaults.go generated")
			}
			want, err := os.ReadFile(filepath.Join("testdata", name, "upstream.defaults.go.txt"))
			if err != nil {
				t.Fatal(err)
			}
			g, w := normalized(t, got), normalized(t, want)
			if g != w {
				t.Errorf("differs from defaulter-gen's output:\n%s", golden.LineDiff(w, g))
			}
		})
	}
}

// normalized prints a file's declarations other than imports, with every
// package name replaced by its quoted import path.
func normalized(t *testing.T, src []byte) string {
	t.Helper()
	out, err := golden.WithImportPaths(src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return out
}

// TestUpstreamBehaviour runs defaulter-gen's own behaviour test
// (marker_test.go) on our output, and vets every case with our output in
// place, through an overlay: nothing is written into testdata.
func TestUpstreamBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	replace := map[string]string{
		filepath.Join(dir, "marker", "marker_test.go"): filepath.Join(dir, "marker", "marker_test.go.txt"),
	}
	var patterns []string
	for _, name := range upstreamCases {
		replace[filepath.Join(dir, name, "zz_generated.defaults.go")] = filepath.Join(dir, name, "want", "zz_generated.defaults.go")
		patterns = append(patterns, "./testdata/"+name)
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(overlay, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{append([]string{"vet"}, patterns...), {"test", "-count=1", "./testdata/marker"}} {
		cmd := exec.Command("go", append([]string{args[0], "-overlay=" + overlay}, args[1:]...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", args[0], err, out)
		} else if args[0] == "test" && !bytes.Contains(out, []byte("ok")) {
			t.Fatalf("go test ran nothing:\n%s", out)
		}
	}
}
