package client_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/golden"
)

// A type +kubebuilder:ac:generate=true opts in without ObjectMeta gets no
// apply configuration, as controller-gen skips it: a positioned warning
// says so, and the run writes the rest (Port, which it reaches, included).
func TestACRootWithoutObjectMetaWarns(t *testing.T) {
	opts := pipeline.Options{Dir: golden.RepoRoot(t), Patterns: apiPackages(t, "kubebuilderac"), Only: []string{"client"}}
	plan, err := pipeline.NewPlan(opts)
	if err != nil {
		t.Fatalf("run: %v; want warnings only", err)
	}
	var warned []string
	for _, w := range plan.Warnings {
		if strings.Contains(w.Error(), "Dinghy does not embed metav1.ObjectMeta") {
			warned = append(warned, w.Error())
		}
	}
	if len(warned) != 1 || !strings.Contains(warned[0], filepath.Join("api", "v1", "types.go")+":83:4: warning:") {
		t.Errorf("warnings %v: want one about Dinghy at its marker, api/v1/types.go:83:4", plan.Warnings)
	}
	var port, dinghy bool
	for _, c := range plan.Changes {
		port = port || strings.HasSuffix(c.Path, filepath.Join("applyconfiguration", "api", "v1", "port.go"))
		dinghy = dinghy || strings.HasSuffix(c.Path, "dinghy.go")
	}
	if !port || dinghy {
		t.Errorf("port.go written: %v, dinghy.go written: %v; want port.go only", port, dinghy)
	}
}
