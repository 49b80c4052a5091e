package signertest_test

import (
	"reflect"
	"slices"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"

	"github.com/metagen-dev/metagen/examples/pcr-signer/signer"
	"github.com/metagen-dev/metagen/examples/pcr-signer/signertest"
	"github.com/metagen-dev/metagen/metagentest/leastprivilege"
	"github.com/metagen-dev/metagen/server"
)

const roleManifest = "../config/rbac/role.yaml"

// TestSignerLeastPrivilege runs the signer's tests as a user that may do
// anything, records what the signer needed, and compares that with the
// ClusterRole generated from its RBAC markers: nothing it needed may be
// missing. The hand-written signer.Rules, which hack/e2e grants on the
// real kube-apiserver, must be that ClusterRole's rules, so the real
// server's RBAC checks the generated role too.
func TestSignerLeastPrivilege(t *testing.T) {
	const probe = "pcr-signer-probe"
	everything := []rbacv1.PolicyRule{
		{APIGroups: []string{"*"}, Resources: []string{"*"}, Verbs: []string{"*"}},
		{NonResourceURLs: []string{"*"}, Verbs: []string{"*"}},
	}
	s := server.StartForTest(t, server.Options{Users: []server.User{{Name: probe, Rules: everything}}})
	cfg, err := s.RESTConfigFor(probe)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("signer", func(t *testing.T) {
		signertest.Run(t, signertest.Env{Admin: s.RESTConfig(), Signer: cfg, Namespace: "default"})
	})
	accesses := s.AccessOf(probe)
	report := leastprivilege.Check(t, accesses, roleManifest, "pcr-signer")
	if report.Needed == 0 {
		t.Fatal("the signer needed nothing: the server recorded no access")
	}

	// The check fails where a grant is missing: without the sign grant the
	// signer's status writes would be refused.
	grants, err := leastprivilege.ReadManifest(roleManifest, "pcr-signer")
	if err != nil {
		t.Fatal(err)
	}
	withoutSign := leastprivilege.Grants{Cluster: slices.DeleteFunc(slices.Clone(grants.Cluster), func(r rbacv1.PolicyRule) bool {
		return slices.Contains(r.Verbs, "sign")
	})}
	missing := leastprivilege.Compare(withoutSign, accesses).Missing
	if len(missing) != 1 || missing[0].Verb != "sign" || missing[0].Name != signer.DefaultSignerName {
		t.Errorf("without the sign grant, missing %+v; want the sign access on %s", missing, signer.DefaultSignerName)
	}

	if hand := signer.Rules(signer.DefaultSignerName); !reflect.DeepEqual(hand, grants.Cluster) {
		t.Errorf("signer.Rules:\n%+v\ndiffer from the generated ClusterRole's rules:\n%+v", hand, grants.Cluster)
	}
}
