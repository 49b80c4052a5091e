// Package signertest checks the example signer against an API server that
// serves certificates.k8s.io/v1 PodCertificateRequests: the in-process
// server in unit tests, a real kube-apiserver in hack/e2e. The same code
// runs on both.
package signertest

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/examples/pcr-signer/signer"
	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

// Env is the server the tests run against.
type Env struct {
	// Admin creates the requests.
	Admin *rest.Config
	// Signer is what the signer runs as: a user with exactly
	// signer.Rules(signer.DefaultSignerName).
	Signer *rest.Config
	// Namespace holds the requests; it must exist where the server has
	// namespaces.
	Namespace string
}

// Run starts the example signer against env and checks its answers:
//
//   - an RSA 2048 key never reaches the signer: kube-apiserver refuses the
//     request (422, RSA keys must have modulus size 3072 or 4096);
//   - RSA 3072 (accepted by the server, not by this signer) → Denied,
//     reason UnsupportedKeyType;
//   - unverifiedUserAnnotations → Denied, reason InvalidUnverifiedUserAnnotations;
//   - ECDSA P-256, Ed25519, and P-256 with maxExpirationSeconds 3600 →
//     Issued: the chain verifies against the signer's CA, the leaf holds the
//     request's key and its SPIFFE ID, its lifetime is the signer's bounded
//     by maxExpirationSeconds, the times agree with the leaf, beginRefreshAt
//     is inside the window, and the stored status passes
//     schema/certificates/v1's /status validation;
//   - a request for another signer is left alone.
func Run(t *testing.T, env Env) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	ca, err := signer.NewCA(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	s := &signer.Signer{
		Name:     signer.DefaultSignerName,
		CA:       ca,
		Client:   kubernetes.NewForConfigOrDie(env.Signer),
		Lifetime: 12 * time.Hour,
		Logf:     t.Logf,
	}
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, 2) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("signer: %v", err)
		}
	})
	pcrs := kubernetes.NewForConfigOrDie(env.Admin).CertificatesV1().PodCertificateRequests(env.Namespace)

	keys := newKeys(t)
	_, err = pcrs.Create(ctx, request(t, "rsa2048", signer.DefaultSignerName, keys.get("rsa2048")), metav1.CreateOptions{})
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), `spec.stubPKCS10Request: Invalid value: "2048-bit modulus": RSA keys must have modulus size 3072 or 4096`) {
		t.Errorf("RSA 2048: the server answered %v, want 422 (RSA keys must have modulus size 3072 or 4096)", err)
	}

	type want struct {
		condition, reason string
		lifetime          time.Duration
	}
	annotated := request(t, "annotated", signer.DefaultSignerName, keys.get("p256"))
	annotated.Spec.UnverifiedUserAnnotations = map[string]string{"example.com/team": "a"}
	short := request(t, "p256-short", signer.DefaultSignerName, keys.get("p256"))
	short.Spec.MaxExpirationSeconds = ptr(int32(3600))
	cases := []struct {
		pcr  *certificatesv1.PodCertificateRequest
		want want
	}{
		{request(t, "rsa3072", signer.DefaultSignerName, keys.get("rsa3072")), want{condition: "Denied", reason: "UnsupportedKeyType"}},
		{annotated, want{condition: "Denied", reason: "InvalidUnverifiedUserAnnotations"}},
		{request(t, "p256", signer.DefaultSignerName, keys.get("p256")), want{condition: "Issued", reason: "Issued", lifetime: 12 * time.Hour}},
		{request(t, "ed25519", signer.DefaultSignerName, keys.get("ed25519")), want{condition: "Issued", reason: "Issued", lifetime: 12 * time.Hour}},
		{short, want{condition: "Issued", reason: "Issued", lifetime: time.Hour}},
	}
	created := map[string]*certificatesv1.PodCertificateRequest{}
	for _, c := range cases {
		out, err := pcrs.Create(ctx, c.pcr, metav1.CreateOptions{})
		if err != nil {
			t.Fatalf("creating %s: %v", c.pcr.Name, err)
		}
		created[c.pcr.Name] = out
	}
	other, err := pcrs.Create(ctx, request(t, "other-signer", "example.com/other", keys.get("p256")), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}

	for _, c := range cases {
		t.Run(c.pcr.Name, func(t *testing.T) {
			got := waitAnswered(t, pcrs, c.pcr.Name)
			if len(got.Status.Conditions) != 1 {
				t.Fatalf("conditions %+v, want exactly one", got.Status.Conditions)
			}
			cond := got.Status.Conditions[0]
			if cond.Type != c.want.condition || cond.Reason != c.want.reason || cond.Status != metav1.ConditionTrue {
				t.Errorf("condition %s/%s (%s) %q, want %s/%s", cond.Type, cond.Reason, cond.Status, cond.Message, c.want.condition, c.want.reason)
			}
			// The stored status, written over the request as created, is
			// what kube-apiserver accepts.
			if errs := pcrvalidation.ValidateStatusUpdate(got, created[c.pcr.Name], time.Now()); len(errs) > 0 {
				t.Errorf("stored status fails /status validation: %v", errs.ToAggregate())
			}
			if c.want.condition == "Issued" {
				checkIssued(t, ca, s, got, c.want.lifetime)
			} else if got.Status.CertificateChain != "" {
				t.Errorf("denied with a certificate chain")
			}
		})
	}

	// All answered; the other signer's request was left alone.
	if got, err := pcrs.Get(ctx, other.Name, metav1.GetOptions{}); err != nil {
		t.Error(err)
	} else if len(got.Status.Conditions) != 0 || got.ResourceVersion != other.ResourceVersion {
		t.Errorf("a request for another signer was touched: %+v", got.Status)
	}
}

// checkIssued verifies the issued chain and times.
func checkIssued(t *testing.T, ca *signer.CA, s *signer.Signer, pcr *certificatesv1.PodCertificateRequest, lifetime time.Duration) {
	t.Helper()
	st := pcr.Status
	var certs []*x509.Certificate
	for rest := []byte(st.CertificateChain); ; {
		var block *pem.Block
		if block, rest = pem.Decode(rest); block == nil {
			break
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			t.Fatalf("chain block: %v", err)
		}
		certs = append(certs, cert)
	}
	if len(certs) != 2 || !certs[1].Equal(ca.Cert) {
		t.Fatalf("chain of %d certificates, want the leaf and the CA", len(certs))
	}
	leaf := certs[0]
	if _, err := leaf.Verify(x509.VerifyOptions{Roots: ca.Pool(), CurrentTime: st.NotBefore.Add(time.Minute),
		KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}); err != nil {
		t.Errorf("leaf does not verify against the CA: %v", err)
	}
	csr, err := x509.ParseCertificateRequest(pcr.Spec.StubPKCS10Request)
	if err != nil {
		t.Fatal(err)
	}
	if key, ok := leaf.PublicKey.(interface{ Equal(crypto.PublicKey) bool }); !ok || !key.Equal(csr.PublicKey) {
		t.Errorf("leaf key is not the request's")
	}
	if len(leaf.URIs) != 1 || leaf.URIs[0].String() != s.SPIFFEID(pcr).String() ||
		leaf.URIs[0].String() != "spiffe://cluster.local/ns/"+pcr.Namespace+"/sa/sa-1" {
		t.Errorf("leaf URIs %v, want [%s]", leaf.URIs, s.SPIFFEID(pcr))
	}
	if len(leaf.DNSNames)+len(leaf.EmailAddresses)+len(leaf.IPAddresses) != 0 {
		t.Errorf("leaf has other SANs: %v %v %v", leaf.DNSNames, leaf.EmailAddresses, leaf.IPAddresses)
	}
	if got := leaf.NotAfter.Sub(leaf.NotBefore); got != lifetime {
		t.Errorf("leaf lifetime %v, want %v", got, lifetime)
	}
	if max := time.Duration(*pcr.Spec.MaxExpirationSeconds) * time.Second; leaf.NotAfter.Sub(leaf.NotBefore) > max {
		t.Errorf("leaf lifetime beyond maxExpirationSeconds %v", max)
	}
	if st.NotBefore == nil || st.NotAfter == nil || st.BeginRefreshAt == nil {
		t.Fatalf("times missing: %+v", st)
	}
	if !st.NotBefore.Time.Equal(leaf.NotBefore) || !st.NotAfter.Time.Equal(leaf.NotAfter) {
		t.Errorf("status times %v–%v, leaf %v–%v", st.NotBefore, st.NotAfter, leaf.NotBefore, leaf.NotAfter)
	}
	refresh := st.BeginRefreshAt.Time
	if refresh.Before(leaf.NotBefore.Add(10*time.Minute)) || refresh.After(leaf.NotAfter.Add(-10*time.Minute)) {
		t.Errorf("beginRefreshAt %v outside [notBefore+10m, notAfter-10m]", refresh)
	}
}

// waitAnswered polls until the request is issued, denied or failed.
func waitAnswered(t *testing.T, pcrs interface {
	Get(context.Context, string, metav1.GetOptions) (*certificatesv1.PodCertificateRequest, error)
}, name string) *certificatesv1.PodCertificateRequest {
	t.Helper()
	var got *certificatesv1.PodCertificateRequest
	err := wait.PollUntilContextTimeout(t.Context(), 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		var err error
		got, err = pcrs.Get(ctx, name, metav1.GetOptions{})
		return err == nil && len(got.Status.Conditions) > 0, err
	})
	if err != nil {
		t.Fatalf("%s not answered: %v (last status %+v)", name, err, got)
	}
	return got
}

// request is a PodCertificateRequest for a key, with an empty CSR as
// kubelet makes them.
func request(t *testing.T, name, signerName string, key crypto.Signer) *certificatesv1.PodCertificateRequest {
	t.Helper()
	csr, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{}, key)
	if err != nil {
		t.Fatal(err)
	}
	return &certificatesv1.PodCertificateRequest{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: certificatesv1.PodCertificateRequestSpec{
			SignerName: signerName,
			PodName:    "pod-1", PodUID: "pod-uid-1",
			ServiceAccountName: "sa-1", ServiceAccountUID: "sa-uid-1",
			NodeName: "node-1", NodeUID: "node-uid-1",
			StubPKCS10Request: csr,
		},
	}
}

// keys makes the test keys once each, RSA in parallel (it is slow).
type keys struct {
	mu   sync.Mutex
	keys map[string]crypto.Signer
}

func (k *keys) get(name string) crypto.Signer {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.keys[name]
}

func newKeys(t *testing.T) *keys {
	t.Helper()
	k := &keys{keys: map[string]crypto.Signer{}}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	gen := func(name string, f func() (crypto.Signer, error)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key, err := f()
			if err != nil {
				errs <- fmt.Errorf("%s: %w", name, err)
				return
			}
			k.mu.Lock()
			k.keys[name] = key
			k.mu.Unlock()
		}()
	}
	gen("rsa2048", func() (crypto.Signer, error) { return rsa.GenerateKey(rand.Reader, 2048) })
	gen("rsa3072", func() (crypto.Signer, error) { return rsa.GenerateKey(rand.Reader, 3072) })
	gen("p256", func() (crypto.Signer, error) { return ecdsa.GenerateKey(elliptic.P256(), rand.Reader) })
	gen("ed25519", func() (crypto.Signer, error) { _, key, err := ed25519.GenerateKey(rand.Reader); return key, err })
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return k
}

func ptr[T any](v T) *T { return &v }
