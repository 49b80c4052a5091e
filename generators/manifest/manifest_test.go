package manifest_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/generators/rbac"
	"github.com/metagen-dev/metagen/generators/webhook"
	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the want/ directories of the golden cases")

// TestGolden runs the rbac and webhook generators, as `metagen generate -g
// rbac,webhook` does, on every testdata/<case>: the manifests must be those
// in want/rbac and want/webhook, or the errors those in want/errors.txt.
// Cases called markerdir* choose their directories by +metagen: markers;
// the others by the --rbac-dir and --webhook-dir settings.
func TestGolden(t *testing.T) {
	for _, name := range golden.CaseNames(t) {
		t.Run(name, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			opts := pipeline.Options{Dir: dir, Patterns: []string{"./..."}, Only: []string{"rbac", "webhook"}}
			if !strings.HasPrefix(name, "markerdir") {
				opts.Settings.Options = map[string]string{
					rbac.OptionDir.Name:    filepath.Join(dir, "want", "rbac"),
					webhook.OptionDir.Name: filepath.Join(dir, "want", "webhook"),
				}
			}
			errorsFile := filepath.Join(dir, "want", "errors.txt")
			plan, err := pipeline.NewPlan(opts)
			if err != nil {
				var lines []string
				for _, e := range diag.Unwrap(err) {
					lines = append(lines, strings.ReplaceAll(e.Error(), dir+string(filepath.Separator), ""))
				}
				compareFile(t, errorsFile, strings.Join(lines, "\n")+"\n")
				return
			}
			if _, err := os.Stat(errorsFile); err == nil {
				t.Fatalf("no errors, but %s expects some", errorsFile)
			}
			if *update {
				if err := plan.Apply(); err != nil {
					t.Fatal(err)
				}
				return
			}
			if pending := plan.Pending(); len(pending) > 0 {
				t.Errorf("the manifests differ from want/ (go test ./generators/manifest -update):\n%s", plan.Diff(dir))
			}
		})
	}
}

func compareFile(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v; got:\n%s", err, got)
	}
	if string(want) != got {
		t.Errorf("errors differ from %s:\n%s", path, golden.LineDiff(string(want), got))
	}
}
