package certificatesv1_test

import (
	"crypto/rsa"
	"math/big"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

func TestIssue(t *testing.T) {
	pcr := stored(t)
	now := time.Now().UTC().Truncate(time.Second)
	chain := leafPEM(t, testKey(t, "ed25519").Public(), now, now.Add(24*time.Hour)) + caPEM(t)
	out, err := pcrvalidation.Issue(pcr, chain, now, now.Add(24*time.Hour), now.Add(20*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if out.Status.CertificateChain != chain || len(out.Status.Conditions) != 1 || pcr.Status.CertificateChain != "" {
		t.Errorf("unexpected status %+v", out.Status)
	}
	// Issuing again over the issued object is a change of a terminal status.
	_, err = pcrvalidation.Issue(out, chain, now, now.Add(24*time.Hour), now.Add(21*time.Hour))
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "immutable after PodCertificateRequest is issued, denied, or failed") {
		t.Errorf("err = %v", err)
	}
	_, err = pcrvalidation.Issue(pcr, chain, now, now.Add(24*time.Hour), now.Add(time.Minute))
	want := `PodCertificateRequest.certificates.k8s.io "pcr-1" is invalid: status.beginRefreshAt: Invalid value: "` +
		now.Add(time.Minute).Format(time.RFC3339) + `": must be at least 10 minutes after status.notBefore`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant  %s", err, want)
	}
}

func TestDenyAndFail(t *testing.T) {
	pcr := stored(t)
	out, err := pcrvalidation.Deny(pcr, pcrvalidation.ReasonUnsupportedKeyType, "use Ed25519")
	if err != nil {
		t.Fatal(err)
	}
	if c := out.Status.Conditions[0]; c.Type != "Denied" || c.Reason != "UnsupportedKeyType" || c.Message != "use Ed25519" {
		t.Errorf("condition = %+v", c)
	}
	if _, err := pcrvalidation.Fail(out, "SignerDown", "m"); !apierrors.IsInvalid(err) {
		t.Errorf("failing a denied request: err = %v", err)
	}
	if _, err := pcrvalidation.Fail(pcr, "bad reason!", "m"); !apierrors.IsInvalid(err) {
		t.Errorf("bad reason: err = %v", err)
	}
	if _, err := pcrvalidation.Fail(pcr, "SignerDown", "m"); err != nil {
		t.Errorf("fail: %v", err)
	}
	if pcrvalidation.ReasonInvalidUnverifiedUserAnnotations != "InvalidUnverifiedUserAnnotations" {
		t.Error("reason constant")
	}
}

func TestClassifyPublicKey(t *testing.T) {
	cases := map[string]struct {
		supported   bool
		description string
	}{
		"ed25519": {true, "Ed25519"}, "p224": {false, "curve P-224"}, "p256": {true, "curve P-256"},
		"p384": {true, "curve P-384"}, "p521": {true, "curve P-521"},
		"rsa2048": {false, "2048-bit modulus"}, "rsa3072": {true, "3072-bit modulus"}, "rsa4096": {true, "4096-bit modulus"},
	}
	for kind, want := range cases {
		_, class, err := pcrvalidation.ParseStubPKCS10Request(csrFor(t, testKey(t, kind)))
		if err != nil {
			t.Fatal(err)
		}
		if class.Supported != want.supported || class.Description != want.description || (class.Problem == "") != want.supported {
			t.Errorf("%s: got %+v, want %+v", kind, class, want)
		}
	}
	// RSA is measured in whole bytes, as rsa.PublicKey.Size does.
	for bits, want := range map[int]struct {
		supported   bool
		description string
	}{
		2047: {false, "2048-bit modulus"}, 2049: {false, "2056-bit modulus"},
		3064: {false, "3064-bit modulus"}, 3065: {true, "3072-bit modulus"}, 3071: {true, "3072-bit modulus"},
		3073: {false, "3080-bit modulus"}, 4088: {false, "4088-bit modulus"}, 4089: {true, "4096-bit modulus"},
		4095: {true, "4096-bit modulus"}, 4097: {false, "4104-bit modulus"},
	} {
		class := pcrvalidation.ClassifyPublicKey(rsaPublicKeyOf(bits))
		if class.Supported != want.supported || class.Description != want.description || (class.Problem == "") != want.supported {
			t.Errorf("RSA %d bits: got %+v, want %+v", bits, class, want)
		}
	}
	if _, _, err := pcrvalidation.ParseStubPKCS10Request([]byte("junk")); err == nil {
		t.Error("junk parsed")
	}
	if class := pcrvalidation.ClassifyPublicKey("not a key"); class.Supported || class.Problem == "" {
		t.Errorf("string key: %+v", class)
	}
}

// rsaPublicKeyOf is an RSA public key whose modulus has exactly bits bits
// (2^(bits-1)+1: the classification looks at the length only).
func rsaPublicKeyOf(bits int) *rsa.PublicKey {
	n := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	return &rsa.PublicKey{N: n.Add(n, big.NewInt(1)), E: 65537}
}
