//go:build e2e

package suites

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	authorizationv1 "k8s.io/api/authorization/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/hack/e2e/pcr"
	"github.com/metagen-dev/metagen/server"
)

// TestPCR runs the PodCertificateRequest table of spec §5.4-§5.5 on the
// real certificates.k8s.io/v1 API and on the in-process server: as the
// admin (who may sign for any signer), rows S29-S30 as a user who may write
// /status but sign for no signer, and S29 as one who may sign for the
// signer's domain (example.com/*). It reports
//
//   - pcr-spec: the real server's answers and watch events against the table;
//   - pcr-validation: schema/certificates/v1, with the requests played as the
//     strategy plays them (pcr.Simulate), against the real server's answers,
//     request by request (the admin's rows: signing is not validation);
//   - pcr: the in-process server against the real one, answer by answer and
//     event by event, plus the 403 a user without access gets.
func TestPCR(t *testing.T) {
	t.Parallel()
	cfg := e2eenv.RESTConfig(t)
	real := newFlowsTarget(t, cfg)
	fx, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	r := fx.Resource()

	var users []server.User
	for _, id := range pcr.Identities() {
		users = append(users, server.User{Name: id.Name, Rules: id.Rules})
	}
	inProcess := server.StartForTest(t, server.Options{Users: users})
	const inProcessNS = "metagen-pcr"
	realAs := realIdentities(t, real, cfg)
	inProcessAs := func(user string) *rest.Config {
		if user == "" {
			return inProcess.RESTConfig()
		}
		c, err := inProcess.RESTConfigFor(user)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}

	inProcessAdmin := flowsClient(t, inProcess.RESTConfig())
	for _, ns := range []string{"filler", inProcessNS} {
		if err := inProcessAdmin.CreateNamespace(t.Context(), ns); err != nil {
			t.Fatal(err)
		}
	}
	if err := fx.SkipLowRevisions(t.Context(), inProcessAdmin, "filler"); err != nil {
		t.Fatal(err)
	}

	spec := e2eenv.NewTally(t, "pcr-spec")
	validation := e2eenv.NewTally(t, "pcr-validation")
	diff := e2eenv.NewTally(t, "pcr")
	for _, run := range []struct {
		user  string
		table []flows.Flow
	}{
		{"", fx.Table()},
		{pcr.NoSignUser, fx.NoSignFlows()},
		{pcr.DomainSigner, fx.DomainSignerFlows()},
	} {
		want := pcr.Run(t.Context(), flowsClient(t, realAs(run.user)), r, real.ns, run.table, 8)
		got := pcr.Run(t.Context(), flowsClient(t, inProcessAs(run.user)), r, inProcessNS, run.table, 8)
		for i, res := range want {
			id := res.Flow.ID
			if run.user != "" {
				id += "@" + run.user
			}
			spec.Case(id, res.Diff())
			diff.Case(id, flows.Compare(res, got[i]))
			if run.user == "" {
				compareValidation(t, validation, fx, res)
			}
		}
	}

	// kubectl get: the printer's columns, and its cells for what the flows left.
	diff.Case("kubectl-get", compareTables(t, realAs(""), r.CollectionPath(real.ns), inProcess.RESTConfig(), r.CollectionPath(inProcessNS)))

	// Refused before any strategy runs: kube-apiserver's 403, body and all.
	for _, req := range []struct{ id, method, suffix string }{
		{"forbidden/update-status", "PUT", "/x/status"},
		{"forbidden/list", "GET", ""},
	} {
		body := []byte(`{"apiVersion":"certificates.k8s.io/v1","kind":"PodCertificateRequest","metadata":{"name":"x"}}`)
		answer := func(cfg *rest.Config, ns string) string {
			resp, raw, err := flowsClient(t, cfg).Do(t.Context(), req.method, r.CollectionPath(ns)+req.suffix, "", "application/json", body)
			if err != nil {
				t.Fatal(err)
			}
			return fmt.Sprintf("%d %s", resp.StatusCode, strings.ReplaceAll(strings.TrimSpace(string(raw)), ns, "{ns}"))
		}
		realAnswer, inProcessAnswer := answer(realAs(pcr.NoAccessUser), real.ns), answer(inProcessAs(pcr.NoAccessUser), inProcessNS)
		d := ""
		if realAnswer != inProcessAnswer {
			d = fmt.Sprintf("real:       %s\nin-process: %s", realAnswer, inProcessAnswer)
		}
		if !strings.HasPrefix(realAnswer, "403 ") {
			t.Errorf("%s: the real server answered %s, want a 403", req.id, realAnswer)
		}
		diff.Case(req.id, d)
	}
	spec.Report()
	validation.Report()
	diff.Report()
}

// compareTables GETs a collection as a Table from both servers and
// returns how the column definitions or the rows' cells differ.
func compareTables(t *testing.T, realCfg *rest.Config, realPath string, inProcessCfg *rest.Config, inProcessPath string) string {
	t.Helper()
	printed := func(cfg *rest.Config, path string) string {
		raw, err := kubernetes.NewForConfigOrDie(cfg).CoreV1().RESTClient().Get().AbsPath(path).
			SetHeader("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io").DoRaw(t.Context())
		if err != nil {
			t.Fatalf("GET %s as a Table: %v", path, err)
		}
		var table metav1.Table
		if err := json.Unmarshal(raw, &table); err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, c := range table.ColumnDefinitions {
			lines = append(lines, fmt.Sprintf("column %+v", c))
		}
		for _, row := range table.Rows {
			lines = append(lines, fmt.Sprintf("row %q", row.Cells))
		}
		return strings.Join(lines, "\n")
	}
	want, got := printed(realCfg, realPath), printed(inProcessCfg, inProcessPath)
	t.Logf("kubectl get: %d lines of columns and rows compared", strings.Count(want, "\n")+1)
	if want == got {
		return ""
	}
	return fmt.Sprintf("real:\n%s\nin-process:\n%s", want, got)
}

// compareValidation records, for each request of an admin flow, whether the
// simulated validation agrees with the real server's answer.
func compareValidation(t *testing.T, tally *e2eenv.Tally, fx *pcr.Fixture, res flows.Result) {
	t.Helper()
	errs, err := fx.Simulate(res.Flow)
	if err != nil {
		tally.Case(res.Flow.ID, err.Error())
		return
	}
	for i, step := range res.Steps {
		tally.Case(fmt.Sprintf("%s/%d", res.Flow.ID, i+1), pcr.CompareValidation(errs[i], step.Got))
	}
	if res.Err != nil {
		tally.Case(res.Flow.ID+"/run", res.Err.Error())
	}
}

func flowsClient(t *testing.T, cfg *rest.Config) *flows.Client {
	t.Helper()
	c, err := flows.NewClient(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// realIdentities grants pcr.Identities on the real server (grant: their
// rules in the target's namespace, the cluster-scoped "sign" rules
// cluster-wide), and returns configurations in which the admin impersonates
// each identity ("" is the admin).
func realIdentities(t *testing.T, target flowsTarget, admin *rest.Config) func(user string) *rest.Config {
	t.Helper()
	for _, id := range pcr.Identities() {
		var namespaced, clusterWide []rbacv1.PolicyRule
		for _, rule := range id.Rules {
			if len(rule.Resources) == 1 && rule.Resources[0] == "signers" {
				clusterWide = append(clusterWide, rule)
			} else {
				namespaced = append(namespaced, rule)
			}
		}
		grant(t, target, id.Name, false, namespaced)
		grant(t, target, id.Name, true, clusterWide)
	}
	return func(user string) *rest.Config { return impersonating(admin, user) }
}

// impersonating is admin acting as user ("" is the admin itself).
func impersonating(admin *rest.Config, user string) *rest.Config {
	cfg := rest.CopyConfig(admin)
	if user != "" {
		cfg.Impersonate = rest.ImpersonationConfig{UserName: user}
	}
	return cfg
}

// grant gives user rules on the real server through RBAC: a Role and a
// RoleBinding in the target's namespace, or a ClusterRole and a
// ClusterRoleBinding (removed when the test ends), and waits until the
// authorizer applies them.
func grant(t *testing.T, target flowsTarget, user string, clusterWide bool, rules []rbacv1.PolicyRule) {
	t.Helper()
	if len(rules) == 0 {
		return
	}
	ctx := t.Context()
	post := func(path string, obj any) {
		body, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		resp, raw, err := target.client.Do(ctx, "POST", path, "", "application/json", body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("POST %s: %d %s", path, resp.StatusCode, raw)
		}
	}
	const rbac = "/apis/rbac.authorization.k8s.io/v1"
	name := "metagen-" + user + "-" + strings.ToLower(rand.Text()[:8])
	subjects := []rbacv1.Subject{{Kind: rbacv1.UserKind, APIGroup: rbacv1.GroupName, Name: user}}
	if clusterWide {
		post(rbac+"/clusterroles", rbacv1.ClusterRole{TypeMeta: typeMeta("ClusterRole"), ObjectMeta: objectMeta(name), Rules: rules})
		post(rbac+"/clusterrolebindings", rbacv1.ClusterRoleBinding{TypeMeta: typeMeta("ClusterRoleBinding"), ObjectMeta: objectMeta(name),
			Subjects: subjects, RoleRef: rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: name}})
		t.Cleanup(func() {
			for _, kind := range []string{"clusterrolebindings", "clusterroles"} {
				_, _, _ = target.client.Do(context.Background(), "DELETE", rbac+"/"+kind+"/"+name, "", "", nil)
			}
		})
	} else {
		post(rbac+"/namespaces/"+target.ns+"/roles", rbacv1.Role{TypeMeta: typeMeta("Role"), ObjectMeta: objectMeta(name), Rules: rules})
		post(rbac+"/namespaces/"+target.ns+"/rolebindings", rbacv1.RoleBinding{TypeMeta: typeMeta("RoleBinding"), ObjectMeta: objectMeta(name),
			Subjects: subjects, RoleRef: rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: name}})
	}
	for _, rule := range rules {
		waitAllowed(t, target, user, rule)
	}
}

func typeMeta(kind string) metav1.TypeMeta {
	return metav1.TypeMeta{APIVersion: rbacv1.SchemeGroupVersion.String(), Kind: kind}
}

func objectMeta(name string) metav1.ObjectMeta { return metav1.ObjectMeta{Name: name} }

// waitAllowed polls SubjectAccessReviews until RBAC allows user the first
// verb of rule on its first resource (in the target's namespace unless the
// resource is the cluster-scoped signers).
func waitAllowed(t *testing.T, target flowsTarget, user string, rule rbacv1.PolicyRule) {
	t.Helper()
	group, resource, subresource := rule.APIGroups[0], rule.Resources[0], ""
	resource, subresource, _ = strings.Cut(resource, "/")
	attrs := authorizationv1.ResourceAttributes{Verb: rule.Verbs[0], Group: group, Resource: resource, Subresource: subresource}
	if resource != "signers" {
		attrs.Namespace = target.ns
	}
	if len(rule.ResourceNames) > 0 {
		attrs.Name = rule.ResourceNames[0]
	}
	review, err := json.Marshal(authorizationv1.SubjectAccessReview{
		TypeMeta: metav1.TypeMeta{APIVersion: authorizationv1.SchemeGroupVersion.String(), Kind: "SubjectAccessReview"},
		Spec:     authorizationv1.SubjectAccessReviewSpec{User: user, ResourceAttributes: &attrs},
	})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, raw, err := target.client.Do(t.Context(), "POST", "/apis/authorization.k8s.io/v1/subjectaccessreviews", "", "application/json", review)
		if err != nil {
			t.Fatal(err)
		}
		var answer authorizationv1.SubjectAccessReview
		if err := json.Unmarshal(raw, &answer); err != nil || resp.StatusCode != http.StatusCreated {
			t.Fatalf("SubjectAccessReview: %d %s", resp.StatusCode, raw)
		}
		if answer.Status.Allowed {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("RBAC does not allow %s %+v after 30s", user, attrs)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
