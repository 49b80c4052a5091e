package validation_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/golden"
)

// TestOnlyPackagesWithRulesLinkCEL lists the dependencies of two golden
// cases with their generated code: the one whose kinds carry CEL rules
// links schema/cel and cel-go, the one without rules links neither, so
// that binaries without rules stay as small as before.
func TestOnlyPackagesWithRulesLinkCEL(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the dependencies of testdata packages; skipped with -short")
	}
	for name, wantCEL := range map[string]bool{"cel": true, "basic": false, "kubebuilderjson": false} {
		t.Run(name, func(t *testing.T) {
			tmp := t.TempDir()
			overlay := map[string]string{}
			for rel, content := range harness.Plan(t, name) {
				if rel == golden.ErrorsFile {
					t.Fatalf("case %s fails to generate:\n%s", name, content)
				}
				overlay[filepath.Join(caseDir(t, name), filepath.FromSlash(rel))] = writeTemp(t, tmp, content)
			}
			data, err := json.Marshal(map[string]any{"Replace": overlay})
			if err != nil {
				t.Fatal(err)
			}
			overlayFile := filepath.Join(tmp, "overlay.json")
			if err := os.WriteFile(overlayFile, data, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("go", "list", "-deps", "-overlay="+overlayFile, "./generators/validation/testdata/"+name)
			cmd.Dir = golden.RepoRoot(t)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("go list: %v", err)
			}
			deps := strings.Fields(string(out))
			for _, pkg := range []string{"github.com/metagen-dev/metagen/schema/cel", "github.com/google/cel-go/cel"} {
				if got := slices.Contains(deps, pkg); got != wantCEL {
					t.Errorf("%s links %s: %v, want %v", name, pkg, got, wantCEL)
				}
			}
		})
	}
}
