package server_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	certificatesv1apply "k8s.io/client-go/applyconfigurations/certificates/v1"
	metav1apply "k8s.io/client-go/applyconfigurations/meta/v1"
	"k8s.io/client-go/kubernetes"
	certificatesv1client "k8s.io/client-go/kubernetes/typed/certificates/v1"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/hack/e2e/pcr"
	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
	"github.com/metagen-dev/metagen/server"
)

// pcrUsers are hack/e2e/pcr's identities as Users.
func pcrUsers() []server.User {
	var users []server.User
	for _, id := range pcr.Identities() {
		users = append(users, server.User{Name: id.Name, Rules: id.Rules})
	}
	return users
}

func userConfig(t *testing.T, s *server.Server, name string) *rest.Config {
	t.Helper()
	cfg, err := s.RESTConfigFor(name)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestPodCertificateRequestTable runs the PodCertificateRequest table of
// spec §5.4-§5.5 (hack/e2e/pcr, whose answers are a real kube-apiserver
// 1.37.2's) on the in-process server, as the admin, and rows S29-S30 as a
// user who may write /status but not sign, and S29 as one who may sign for
// the signer's domain. Every answer and watch event must be the table's.
func TestPodCertificateRequestTable(t *testing.T) {
	s := server.StartForTest(t, server.Options{Users: pcrUsers()})
	createNamespace(t, s, "filler")
	createNamespace(t, s, "pcr-table")
	fx, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	r := fx.Resource()
	admin, err := flows.NewClient(s.RESTConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := fx.SkipLowRevisions(t.Context(), admin, "filler"); err != nil {
		t.Fatal(err)
	}
	cases, agree := 0, 0
	for _, run := range []struct {
		user  string
		table []flows.Flow
	}{
		{"", fx.Table()},
		{pcr.NoSignUser, fx.NoSignFlows()},
		{pcr.DomainSigner, fx.DomainSignerFlows()},
	} {
		cfg := s.RESTConfig()
		if run.user != "" {
			cfg = userConfig(t, s, run.user)
		}
		client, err := flows.NewClient(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, res := range pcr.Run(t.Context(), client, r, "pcr-table", run.table, 8) {
			cases++
			if diff := res.Diff(); diff != "" {
				t.Errorf("%s (as %q) differs from the table:\n%s", res.Flow.ID, run.user, diff)
				continue
			}
			agree++
		}
	}
	t.Logf("pcr table on the in-process server: flows=%d agree=%d", cases, agree)
}

func newPCR(t *testing.T, fx *pcr.Fixture, name string) *certificatesv1.PodCertificateRequest {
	t.Helper()
	return &certificatesv1.PodCertificateRequest{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: certificatesv1.PodCertificateRequestSpec{
			SignerName: "example.com/foo", PodName: "pod-1", PodUID: "pod-uid-1",
			ServiceAccountName: "sa-1", ServiceAccountUID: "sa-uid-1", NodeName: "node-1", NodeUID: "node-uid-1",
			StubPKCS10Request: fx.CSR,
		},
	}
}

// startWithPCRs starts a server with a namespace "ns" and returns a PCR
// fixture and the admin's PodCertificateRequests client in "ns".
func startWithPCRs(t *testing.T, opts server.Options) (*server.Server, *pcr.Fixture, certificatesv1client.PodCertificateRequestInterface) {
	t.Helper()
	s := server.StartForTest(t, opts)
	createNamespace(t, s, "ns")
	fx, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return s, fx, kubernetes.NewForConfigOrDie(s.RESTConfig()).CertificatesV1().PodCertificateRequests("ns")
}

// kubectl get shows kube-apiserver's PodCertificateRequest columns: the
// wide form always, State from the conditions, no Age.
func TestPodCertificateRequestPrinterColumns(t *testing.T) {
	s, fx, pcrs := startWithPCRs(t, server.Options{})
	in := newPCR(t, fx, "a")
	in.Spec.UnverifiedUserAnnotations = map[string]string{"example.com/b": "2", "example.com/a": "1"}
	created, err := pcrs.Create(t.Context(), in, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const path = "/apis/certificates.k8s.io/v1/namespaces/ns/podcertificaterequests"
	table := getTable(t, s, path)
	wantColumns := []string{"Name", "PodName", "ServiceAccountName", "NodeName", "SignerName", "State", "UnverifiedUserAnnotations"}
	if got := columnNames(table); !slices.Equal(got, wantColumns) {
		t.Errorf("columns %v, want %v", got, wantColumns)
	}
	wantCells := []any{"a", "pod-1", "sa-1", "node-1", "example.com/foo", "Pending", "example.com/a=1,example.com/b=2"}
	if len(table.Rows) != 1 || !slices.Equal(table.Rows[0].Cells, wantCells) {
		t.Errorf("rows %+v, want one with cells %v", table.Rows, wantCells)
	}

	denied, err := pcrvalidation.Deny(created, pcrvalidation.ReasonUnsupportedKeyType, "use Ed25519")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pcrs.UpdateStatus(t.Context(), denied, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	table = getTable(t, s, path+"/a")
	if len(table.Rows) != 1 || len(table.Rows[0].Cells) != len(wantColumns) || table.Rows[0].Cells[5] != "Denied" {
		t.Errorf("after a denial: rows %+v, want State Denied", table.Rows)
	}
}

// Server-side apply knows the PodCertificateRequest schema: a signer that
// applies a condition owns it by its type (conditions are a map keyed by
// type), not the whole list.
func TestPodCertificateRequestApplyStatus(t *testing.T) {
	_, fx, pcrs := startWithPCRs(t, server.Options{})
	created, err := pcrs.Create(t.Context(), newPCR(t, fx, "a"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	denied, err := pcrvalidation.Deny(created, pcrvalidation.ReasonUnsupportedKeyType, "use Ed25519")
	if err != nil {
		t.Fatal(err)
	}
	c := denied.Status.Conditions[0]
	condition := metav1apply.Condition().WithType(c.Type).WithStatus(c.Status).WithReason(c.Reason).
		WithMessage(c.Message).WithLastTransitionTime(c.LastTransitionTime)
	apply := certificatesv1apply.PodCertificateRequest("a", "ns").
		WithStatus(certificatesv1apply.PodCertificateRequestStatus().WithConditions(condition))
	applied, err := pcrs.ApplyStatus(t.Context(), apply, metav1.ApplyOptions{FieldManager: "signer"})
	if err != nil {
		t.Fatal(err)
	}
	var owned string
	for _, entry := range applied.ManagedFields {
		if entry.Manager == "signer" && entry.Subresource == "status" && entry.FieldsV1 != nil {
			owned = string(entry.FieldsV1.Raw)
		}
	}
	if !strings.Contains(owned, `"k:{\"type\":\"Denied\"}"`) {
		t.Errorf("the signer's fields are %s, want the Denied condition keyed by its type", owned)
	}
}

// The strategy's behaviours, through client-go's typed client.
func TestPodCertificateRequestStrategy(t *testing.T) {
	s, fx, pcrs := startWithPCRs(t, server.Options{})
	ctx := t.Context()

	// Create: maxExpirationSeconds defaults to 86400, the status is
	// cleared, a client's generation is kept.
	in := newPCR(t, fx, "a")
	in.Generation = 5
	in.Status.Conditions = []metav1.Condition{{Type: "Denied", Status: "True", Reason: "R", LastTransitionTime: metav1.Now()}}
	created, err := pcrs.Create(ctx, in, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m := created.Spec.MaxExpirationSeconds; m == nil || *m != 86400 {
		t.Errorf("maxExpirationSeconds = %v, want 86400", m)
	}
	if len(created.Status.Conditions) != 0 || created.Generation != 5 {
		t.Errorf("created status %+v, generation %d; want an empty status, generation 5", created.Status, created.Generation)
	}

	// Status write (as the admin, who may sign): spec and labels in the body
	// are dropped.
	denied, err := pcrvalidation.Deny(created, pcrvalidation.ReasonUnsupportedKeyType, "use Ed25519")
	if err != nil {
		t.Fatal(err)
	}
	denied.Labels = map[string]string{"a": "b"}
	denied.Spec.PodName = "pod-2"
	afterStatus, err := pcrs.UpdateStatus(ctx, denied, metav1.UpdateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(afterStatus.Labels) != 0 || afterStatus.Spec.PodName != "pod-1" || len(afterStatus.Status.Conditions) != 1 {
		t.Errorf("after /status: labels %v, podName %q, conditions %v", afterStatus.Labels, afterStatus.Spec.PodName, afterStatus.Status.Conditions)
	}

	// Main resource: the status is kept, the spec is immutable.
	update := afterStatus.DeepCopy()
	update.Status = certificatesv1.PodCertificateRequestStatus{}
	update.Labels = map[string]string{"x": "y"}
	updated, err := pcrs.Update(ctx, update, metav1.UpdateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(updated.Status.Conditions) != 1 || updated.Labels["x"] != "y" || updated.Generation != 5 {
		t.Errorf("after update: status %+v, labels %v, generation %d", updated.Status, updated.Labels, updated.Generation)
	}
	update = updated.DeepCopy()
	update.Spec.PodName = "pod-2"
	_, err = pcrs.Update(ctx, update, metav1.UpdateOptions{})
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), `spec: Invalid value: {"SignerName":"example.com/foo","PodName":"pod-2"`) ||
		!strings.HasSuffix(err.Error(), "field is immutable") {
		t.Errorf("spec change: %v", err)
	}

	// Field selectors on the spec.
	other := newPCR(t, fx, "b")
	other.Spec.SignerName = "example.org/bar"
	if _, err := pcrs.Create(ctx, other, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	for selector, want := range map[string]string{"spec.signerName=example.org/bar": "b", "spec.podName=pod-1,metadata.name=a": "a"} {
		list, err := pcrs.List(ctx, metav1.ListOptions{FieldSelector: selector})
		if err != nil {
			t.Fatal(err)
		}
		if len(list.Items) != 1 || list.Items[0].Name != want {
			t.Errorf("list %s: %d items, want only %s", selector, len(list.Items), want)
		}
	}
	_, err = pcrs.List(ctx, metav1.ListOptions{FieldSelector: "spec.podUID=x"})
	if !apierrors.IsBadRequest(err) || !strings.Contains(err.Error(), "field label not supported: spec.podUID") {
		t.Errorf("unsupported field selector: %v", err)
	}

	// Discovery.
	resources, err := kubernetes.NewForConfigOrDie(s.RESTConfig()).Discovery().ServerResourcesForGroupVersion("certificates.k8s.io/v1")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, r := range resources.APIResources {
		found[fmt.Sprintf("%s namespaced=%v", r.Name, r.Namespaced)] = true
	}
	for _, want := range []string{"podcertificaterequests namespaced=true", "podcertificaterequests/status namespaced=true"} {
		if !found[want] {
			t.Errorf("discovery lacks %s: %v", want, found)
		}
	}
}

// A user without a permission gets kube-apiserver's 403; one who may write
// /status but not sign gets the 422 at spec.signerName; a bad token a 401.
func TestPodCertificateRequestAuthorization(t *testing.T) {
	s := server.StartForTest(t, server.Options{Users: pcrUsers()})
	createNamespace(t, s, "ns")
	fx, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	admin := kubernetes.NewForConfigOrDie(s.RESTConfig()).CertificatesV1().PodCertificateRequests("ns")
	created, err := admin.Create(ctx, newPCR(t, fx, "a"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	denied, err := pcrvalidation.Deny(created, pcrvalidation.ReasonUnsupportedKeyType, "")
	if err != nil {
		t.Fatal(err)
	}
	as := func(user string) interface {
		UpdateStatus(context.Context, *certificatesv1.PodCertificateRequest, metav1.UpdateOptions) (*certificatesv1.PodCertificateRequest, error)
	} {
		return kubernetes.NewForConfigOrDie(userConfig(t, s, user)).CertificatesV1().PodCertificateRequests("ns")
	}

	_, err = as(pcr.NoAccessUser).UpdateStatus(ctx, denied, metav1.UpdateOptions{})
	want := `podcertificaterequests.certificates.k8s.io "a" is forbidden: User "bob" cannot update resource "podcertificaterequests/status" in API group "certificates.k8s.io" in the namespace "ns"`
	if !apierrors.IsForbidden(err) || err.Error() != want {
		t.Errorf("no access: %v\nwant 403 %s", err, want)
	}
	_, err = as(pcr.NoSignUser).UpdateStatus(ctx, denied, metav1.UpdateOptions{})
	want = `PodCertificateRequest.certificates.k8s.io "a" is invalid: spec.signerName: Forbidden: User "alice" is not permitted to "sign" for signer "example.com/foo"`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Errorf("no sign: %v\nwant 422 %s", err, want)
	}
	if _, err := as(pcr.DomainSigner).UpdateStatus(ctx, denied, metav1.UpdateOptions{}); err != nil {
		t.Errorf("sign on example.com/*: %v", err)
	}

	bad := s.RESTConfig()
	bad.BearerToken = "not-a-token"
	_, err = kubernetes.NewForConfigOrDie(bad).CertificatesV1().PodCertificateRequests("ns").Get(ctx, "a", metav1.GetOptions{})
	if !apierrors.IsUnauthorized(err) {
		t.Errorf("unknown token: %v, want 401", err)
	}
	if _, err := s.RESTConfigFor("nobody"); err == nil {
		t.Error("RESTConfigFor an unknown user succeeded")
	}
	// Discovery is open to every authenticated user, as RBAC's default roles have it.
	if _, err := kubernetes.NewForConfigOrDie(userConfig(t, s, pcr.NoAccessUser)).Discovery().ServerGroups(); err != nil {
		t.Errorf("discovery as %s: %v", pcr.NoAccessUser, err)
	}
}

// Options.Authorizer decides for the users instead of their rules, for the
// "sign" check too.
func TestAuthorizerHook(t *testing.T) {
	var asked []string
	s := server.StartForTest(t, server.Options{
		Users: []server.User{{Name: "dave"}},
		Authorizer: authorizer.AuthorizerFunc(func(_ context.Context, a authorizer.Attributes) (authorizer.Decision, string, error) {
			asked = append(asked, a.GetVerb()+" "+a.GetResource()+" "+a.GetName())
			if a.GetVerb() == "sign" && a.GetName() != "example.com/*" {
				return authorizer.DecisionNoOpinion, "", nil
			}
			return authorizer.DecisionAllow, "", nil
		}),
	})
	fx, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	createNamespace(t, s, "ns")
	asked = nil
	pcrs := kubernetes.NewForConfigOrDie(userConfig(t, s, "dave")).CertificatesV1().PodCertificateRequests("ns")
	created, err := pcrs.Create(t.Context(), newPCR(t, fx, "a"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	failed, err := pcrvalidation.Fail(created, "SignerDown", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pcrs.UpdateStatus(t.Context(), failed, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "create podcertificaterequests  | update podcertificaterequests a | sign signers example.com/foo | sign signers example.com/*"
	if got := strings.Join(asked, " | "); got != want {
		t.Errorf("authorizer asked:\n%s\nwant\n%s", got, want)
	}
}

// Options.Now is the clock of the notBefore check; NoPodCertificateRequests
// leaves the API out.
func TestPodCertificateRequestClockAndOptOut(t *testing.T) {
	fx, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	s := server.StartForTest(t, server.Options{Now: func() time.Time { return time.Now().Add(-time.Hour) }})
	createNamespace(t, s, "ns")
	pcrs := kubernetes.NewForConfigOrDie(s.RESTConfig()).CertificatesV1().PodCertificateRequests("ns")
	created, err := pcrs.Create(t.Context(), newPCR(t, fx, "a"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	issued := created.DeepCopy()
	nb := fx.Now
	issued.Status = certificatesv1.PodCertificateRequestStatus{
		Conditions:       []metav1.Condition{{Type: "Issued", Status: "True", Reason: "Issued", LastTransitionTime: metav1.NewTime(nb)}},
		CertificateChain: fx.Leaf(fx.Key.Public(), nb, nb.Add(24*time.Hour)),
		NotBefore:        &metav1.Time{Time: nb}, NotAfter: &metav1.Time{Time: nb.Add(24 * time.Hour)},
		BeginRefreshAt: &metav1.Time{Time: nb.Add(20 * time.Hour)},
	}
	_, err = pcrs.UpdateStatus(t.Context(), issued, metav1.UpdateOptions{})
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "must be set to within 5 minutes of kube-apiserver's current time") {
		t.Errorf("issuing with a clock an hour behind: %v", err)
	}

	off := server.StartForTest(t, server.Options{NoPodCertificateRequests: true})
	resp, err := off.HTTPClient().Get(off.URL() + "/apis/certificates.k8s.io/v1/namespaces/ns/podcertificaterequests")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("with NoPodCertificateRequests: %d, want 404", resp.StatusCode)
	}
}
