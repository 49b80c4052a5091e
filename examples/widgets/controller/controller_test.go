package controller_test

import (
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/metagen-dev/metagen/examples/widgets/controller"
	"github.com/metagen-dev/metagen/examples/widgets/controller/controllertest"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/metagentest/leastprivilege"
	"github.com/metagen-dev/metagen/server"
)

const roleManifest = "../config/rbac/role.yaml"

// TestLeastPrivilege runs the controller as a user that may do anything
// and compares what it needed with the ClusterRole generated from its
// markers (nothing may be missing; unused grants are logged), then runs it
// again as a user with exactly that role: it must still do its job.
func TestLeastPrivilege(t *testing.T) {
	grants, err := leastprivilege.ReadManifest(roleManifest, controller.RoleName)
	if err != nil || len(grants.Cluster) == 0 {
		t.Fatalf("the generated ClusterRole: %v (%d rules)", err, len(grants.Cluster))
	}
	everything := []rbacv1.PolicyRule{{APIGroups: []string{"*"}, Resources: []string{"*"}, Verbs: []string{"*"}}}
	s := startServer(t, []server.User{{Name: "probe", Rules: everything}, {Name: "controller", Rules: grants.Cluster}})

	runAs(t, s, "probe", "a")
	report := leastprivilege.Check(t, s.AccessOf("probe"), roleManifest, controller.RoleName)
	if report.Needed == 0 {
		t.Fatal("the controller needed nothing: the server recorded no access")
	}
	withoutStatus := leastprivilege.Grants{}
	for _, rule := range grants.Cluster {
		if rule.Resources[0] != "widgets/status" {
			withoutStatus.Cluster = append(withoutStatus.Cluster, rule)
		}
	}
	if missing := leastprivilege.Compare(withoutStatus, s.AccessOf("probe")).Missing; len(missing) == 0 {
		t.Error("without the widgets/status grant nothing is missing; the status writes must be")
	}

	runAs(t, s, "controller", "b")
	if denied := deniedOf(s.AccessOf("controller")); len(denied) > 0 {
		t.Errorf("as the generated role, the server refused %+v", denied)
	}
}

func runAs(t *testing.T, s *server.Server, user, prefix string) {
	t.Helper()
	cfg, err := s.RESTConfigFor(user)
	if err != nil {
		t.Fatal(err)
	}
	controllertest.Run(t, s.RESTConfig(), cfg, "default", prefix)
}

func startServer(t *testing.T, users []server.User) *server.Server {
	t.Helper()
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	return server.StartForTest(t, server.Options{Scheme: scheme, OpenAPIDefinitions: widgetsv1.GetOpenAPIDefinitions, Users: users})
}

func deniedOf(accesses []server.Access) []server.Access {
	var out []server.Access
	for _, a := range accesses {
		if !a.Allowed {
			out = append(out, a)
		}
	}
	return out
}
