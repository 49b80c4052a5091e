package openapi_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/pipeline"
)

// A list tag on a field that is no list has no effect where it stands
// (openapi-gen only logs it, and k8s.io/api v0.37.2 has +listType=atomic on
// *SideEffectClass): a positioned warning, and the definitions are written.
func TestMisplacedListTagIsAWarning(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: root, Patterns: []string{"./generators/openapi/testdata/misplacedtags"}, Only: []string{"openapi"}})
	if err != nil {
		t.Fatalf("want warnings only: %v", err)
	}
	if len(plan.Warnings) != 1 || !strings.Contains(plan.Warnings[0].Error(), "misplacedtags/types.go:6:5: warning: +listType=atomic applies to a list, not to string") {
		t.Errorf("warnings: %v", plan.Warnings)
	}
	written := false
	for _, c := range plan.Changes {
		written = written || strings.HasSuffix(c.Path, "zz_generated.openapi.go")
	}
	if !written {
		t.Error("no zz_generated.openapi.go planned")
	}
}
