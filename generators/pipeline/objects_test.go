package pipeline_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/deepcopy"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
)

// Every resource of the golden cases and examples that gets a typed client
// (+genclient) is a runtime.Object by deepcopy's decision: the decision
// validation reads (through Requires) to register a type with a
// runtime.Scheme, and what a typed client needs to compile. The crd
// generator's cases are CRD-only (their Go code never compiles, and has no
// deepcopy): counted apart.
func TestResourcesAreRuntimeObjectsByDeepcopysDecision(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	resources, clients, crdOnly, objects := 0, 0, 0, 0
	for _, dir := range caseDirs(t, root) {
		universe, err := load.Load(load.Options{Dir: root, Patterns: inputPackages(t, root, dir), Settings: model.Settings{CRDDir: "generators/pipeline/testdata/zz-names-crds"}})
		if err != nil {
			t.Fatal(err)
		}
		decided, err := gen.Result[*deepcopy.Result](nil, universe, deepcopy.Generator)
		if err != nil {
			t.Fatal(err)
		}
		for _, pkg := range universe.Packages {
			for _, typ := range pkg.NamedTypes {
				isObject := decided.RuntimeObject(typ)
				if isObject {
					objects++
				}
				if typ.Resource == nil {
					continue
				}
				resources++
				if !typ.Markers.Has("genclient") || strings.HasPrefix(dir, "generators/crd/") {
					crdOnly++
					continue
				}
				clients++
				if !isObject {
					t.Errorf("%s: %s.%s is a resource, but deepcopy does not make it a runtime.Object", dir, pkg.Path, typ.Name)
				}
			}
		}
	}
	t.Logf("resources=%d with-client=%d (all runtime.Objects) crd-only=%d runtime-objects=%d", resources, clients, crdOnly, objects)
	if clients < 20 {
		t.Errorf("only %d resources with clients; the test would prove little", clients)
	}
}
