package signer_test

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"testing"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/metagen-dev/metagen/examples/pcr-signer/signer"
	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

func pcrFor(t *testing.T, key crypto.Signer, maxExpiration int32) *certificatesv1.PodCertificateRequest {
	t.Helper()
	csr, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{}, key)
	if err != nil {
		t.Fatal(err)
	}
	return &certificatesv1.PodCertificateRequest{
		ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: "ns", ResourceVersion: "1"},
		Spec: certificatesv1.PodCertificateRequestSpec{
			SignerName: signer.DefaultSignerName, PodName: "pod", PodUID: "u", ServiceAccountName: "sa", ServiceAccountUID: "u",
			NodeName: "n", NodeUID: "u", MaxExpirationSeconds: &maxExpiration, StubPKCS10Request: csr,
		},
	}
}

// Answer's decisions, without a server: the key policy, the lifetime bound,
// and statuses that pass the server's /status validation.
func TestAnswer(t *testing.T) {
	ca, err := signer.NewCA(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	s := &signer.Signer{Name: signer.DefaultSignerName, CA: ca, Lifetime: 48 * time.Hour}
	for _, tc := range []struct {
		curve                   elliptic.Curve
		maxExpiration           int32
		condition, reason, text string
		lifetime                time.Duration
	}{
		{elliptic.P384(), 86400, "Issued", "Issued", "", 24 * time.Hour},
		{elliptic.P256(), 7862400, "Issued", "Issued", "", 48 * time.Hour},
		{elliptic.P521(), 86400, "Denied", "UnsupportedKeyType",
			"ECDSA P-521 keys are not supported; use ECDSAP256 (supported: ECDSAP256, ECDSAP384, ED25519)", 0},
	} {
		key, err := ecdsa.GenerateKey(tc.curve, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		pcr := pcrFor(t, key, tc.maxExpiration)
		out, err := s.Answer(pcr)
		if err != nil {
			t.Fatal(err)
		}
		c := out.Status.Conditions[0]
		if c.Type != tc.condition || c.Reason != tc.reason || c.Message != tc.text {
			t.Errorf("%s: %s/%s %q, want %s/%s %q", tc.curve.Params().Name, c.Type, c.Reason, c.Message, tc.condition, tc.reason, tc.text)
		}
		if errs := pcrvalidation.ValidateStatusUpdate(out, pcr, time.Now()); len(errs) > 0 {
			t.Errorf("%s: status refused: %v", tc.curve.Params().Name, errs)
		}
		if tc.lifetime > 0 {
			if got := out.Status.NotAfter.Sub(out.Status.NotBefore.Time); got != tc.lifetime {
				t.Errorf("%s: lifetime %v, want %v", tc.curve.Params().Name, got, tc.lifetime)
			}
		}
	}
}
