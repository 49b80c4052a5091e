package client_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/golden"
)

// A package whose clients cannot be generated (no SchemeGroupVersion, as
// controller-gen projects that call it GroupVersion have) refuses a run
// that asks for clients (-g client: case err_output), but in a run of
// every generator (no -g) it is a positioned warning: the package's other
// output is still written, without clients.
func TestDefaultRunSkipsClientsWithWarning(t *testing.T) {
	opts := pipeline.Options{Dir: golden.RepoRoot(t), Patterns: apiPackages(t, "err_output")}
	plan, err := pipeline.NewPlan(opts)
	if err != nil {
		t.Fatalf("default run: %v; want warnings only", err)
	}
	var warned bool
	for _, w := range plan.Warnings {
		warned = warned || strings.Contains(w.Error(), "types.go:5:4: warning: package") &&
			strings.Contains(w.Error(), "needs SchemeGroupVersion and AddToScheme for its clients") &&
			strings.Contains(w.Error(), "its clients are not generated")
	}
	if !warned {
		t.Errorf("default run warnings %v: want the positioned SchemeGroupVersion warning", plan.Warnings)
	}
	caseDir := filepath.Join(opts.Dir, "generators", "client", "testdata", "err_output")
	wrote := false
	for _, c := range plan.Changes {
		if filepath.Dir(c.Path) != caseDir {
			t.Errorf("default run writes %s: want nothing beside the package's own files (no clients)", c.Path)
		}
		wrote = wrote || strings.HasSuffix(c.Path, "zz_generated.deepcopy.go")
	}
	if !wrote {
		t.Errorf("default run plans %d changes, no deepcopy: want the package's other output", len(plan.Changes))
	}
	opts.Only = []string{"client"}
	if _, err := pipeline.NewPlan(opts); err == nil || !strings.Contains(err.Error(), "needs SchemeGroupVersion") {
		t.Errorf("-g client: %v, want the SchemeGroupVersion error", err)
	}
}
