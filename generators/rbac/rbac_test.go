package rbac_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/generators/cli"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/rbac"
	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the .yaml and .errors files under testdata/golden")

// TestGolden: each testdata/golden/<case>.go's +kubebuilder:rbac markers
// give the roles in <case>.yaml, or the positioned errors in <case>.errors
// (go test ./generators/rbac -update rewrites them; with
// METAGEN_CONTROLLERGEN=1 controller-gen must write the same roles).
func TestGolden(t *testing.T) {
	universe := &model.Universe{}
	golden.Manifests(t, *update, golden.ManifestAnchor{Generator: "rbac:roleName=manager-role", Output: "rbac", File: "role.yaml"}, func(found markers.Set) ([]any, []error) { return rbac.Roles(universe, found) }, markers.KBRBAC.Name)
}

// TestRoleNameSetting: --rbac-role-name names the roles of rules without roleName=….
func TestRoleNameSetting(t *testing.T) {
	universe := &model.Universe{Settings: model.Settings{Options: map[string]string{rbac.OptionRoleName.Name: "operator"}}}
	found := parse(t, "// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get\n// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,roleName=other\n")
	objects, errs := rbac.Roles(universe, found)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var names []string
	for _, o := range objects {
		names = append(names, nameOf(o))
	}
	if len(names) != 2 || names[0] != "operator" || names[1] != "other" {
		t.Errorf("role names %v, want [operator other]", names)
	}
}

// TestBadInput: misspelled keys and verbs, and rules kube-apiserver
// refuses, stop `metagen generate -g rbac` with positioned errors, exit 2,
// nothing written.
func TestBadInput(t *testing.T) {
	golden.BadManifestInput(t, cli.Run, "rbac")
}
