package client_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/client"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/golden"
)

// TestWithoutApplyConfigurations is kube_codegen.sh gen_client without
// --with-applyconfig (metagen --with-applyconfig=false) on the apply case:
// as client-gen without --apply-configuration-package, no apply
// configurations, no Apply or ApplyStatus (nor extra apply methods) in the
// typed clients and fakes, no fake NewClientset; the rest is written and
// the output vets.
func TestWithoutApplyConfigurations(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	patterns := apiPackages(t, "apply")
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: root, Patterns: patterns, Only: []string{"deepcopy", "register", "client"},
		Settings: model.Settings{Options: map[string]string{client.OptionWithApplyconfig.Name: "false"}}})
	if err != nil {
		t.Fatal(err)
	}
	var typed, fakeClientset, listers int
	for _, c := range plan.Changes {
		rel := filepath.ToSlash(strings.TrimPrefix(c.Path, root+string(filepath.Separator)))
		content := string(c.New)
		switch {
		case strings.Contains(rel, "/applyconfiguration/"):
			t.Errorf("%s: an apply configuration without --with-applyconfig", rel)
		case strings.Contains(rel, "/clientset/typed/"):
			typed++
			if strings.Contains(content, "ApplyConfiguration") || strings.Contains(content, "ApplyOptions") {
				t.Errorf("%s: an apply method without --with-applyconfig", rel)
			}
		case strings.HasSuffix(rel, "/fake/clientset_generated.go"):
			fakeClientset++
			if strings.Contains(content, "func NewClientset(") || !strings.Contains(content, "func NewSimpleClientset(") {
				t.Errorf("%s: want NewSimpleClientset only", rel)
			}
		case strings.Contains(rel, "/listers/"):
			listers++
		}
	}
	if typed == 0 || fakeClientset != 1 || listers == 0 {
		t.Fatalf("typed client files=%d fake clientsets=%d listers=%d: the rest of the client is missing", typed, fakeClientset, listers)
	}
	overlay := golden.WriteOverlay(t, plan)
	vet := append([]string{"vet", "-overlay=" + overlay, "./generators/client/testdata/apply/client/..."}, patterns...)
	cmd := exec.Command("go", vet...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of the client without apply configurations: %v\n%s", err, out)
	}
}
