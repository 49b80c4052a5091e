package certificatesv1_test

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"math/big"
	"sync"
	"testing"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// render is an error list as comparable lines: type, path and body.
func render(errs field.ErrorList) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, string(e.Type)+" | "+e.Error())
	}
	return out
}

func assertErrors(t *testing.T, got, want field.ErrorList) {
	t.Helper()
	g, w := render(got), render(want)
	if fmt.Sprint(g) != fmt.Sprint(w) {
		t.Errorf("errors differ\n got: %q\nwant: %q", g, w)
	}
}

var (
	keysOnce sync.Once
	keys     map[string]crypto.Signer
)

// testKey returns a key of kind, made once per test binary: RSA 4096
// generation is slow.
func testKey(t testing.TB, kind string) crypto.Signer {
	t.Helper()
	keysOnce.Do(func() {
		keys = map[string]crypto.Signer{}
		_, keys["ed25519"], _ = ed25519.GenerateKey(rand.Reader)
		for name, curve := range map[string]elliptic.Curve{"p224": elliptic.P224(), "p256": elliptic.P256(), "p384": elliptic.P384(), "p521": elliptic.P521()} {
			keys[name], _ = ecdsa.GenerateKey(curve, rand.Reader)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		for _, bits := range []int{2048, 3072, 4096} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				k, _ := rsa.GenerateKey(rand.Reader, bits)
				mu.Lock()
				keys[fmt.Sprintf("rsa%d", bits)] = k
				mu.Unlock()
			}()
		}
		wg.Wait()
	})
	k, ok := keys[kind]
	if !ok || k == nil {
		t.Fatalf("no key %q", kind)
	}
	return k
}

func csrFor(t testing.TB, key crypto.Signer, dnsNames ...string) []byte {
	t.Helper()
	der, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{DNSNames: dnsNames}, key)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

func validPCR(t testing.TB) *certificatesv1.PodCertificateRequest {
	t.Helper()
	return &certificatesv1.PodCertificateRequest{
		ObjectMeta: metav1.ObjectMeta{Name: "pcr-1", Namespace: "default"},
		Spec: certificatesv1.PodCertificateRequestSpec{
			SignerName: "example.com/foo", PodName: "pod-1", PodUID: "pod-uid-1",
			ServiceAccountName: "sa-1", ServiceAccountUID: "sa-uid-1",
			NodeName: "node-1", NodeUID: "node-uid-1",
			MaxExpirationSeconds: ptr(int32(86400)),
			StubPKCS10Request:    csrFor(t, testKey(t, "ed25519")),
		},
	}
}

// stored is validPCR as the server stores it after create.
func stored(t testing.TB) *certificatesv1.PodCertificateRequest {
	pcr := validPCR(t)
	pcr.ResourceVersion, pcr.UID = "1", "uid-1"
	pcr.CreationTimestamp = metav1.NewTime(testNow)
	return pcr
}

// testNow is the server clock of the status tests, in whole seconds.
var testNow = time.Date(2026, 11, 30, 1, 0, 0, 0, time.UTC)

type testCA struct {
	cert *x509.Certificate
	key  ed25519.PrivateKey
}

var (
	caOnce sync.Once
	ca     testCA
)

func theCA(t testing.TB) testCA {
	caOnce.Do(func() {
		_, ca.key, _ = ed25519.GenerateKey(rand.Reader)
		template := &x509.Certificate{
			SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test CA"},
			NotBefore: testNow.Add(-time.Hour), NotAfter: testNow.Add(100 * 24 * time.Hour),
			IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
		}
		der, err := x509.CreateCertificate(rand.Reader, template, template, ca.key.Public(), ca.key)
		if err != nil {
			panic(err)
		}
		ca.cert, _ = x509.ParseCertificate(der)
	})
	return ca
}

// leafPEM is a PEM leaf for pub issued by the test CA.
func leafPEM(t testing.TB, pub crypto.PublicKey, notBefore, notAfter time.Time, dnsNames ...string) string {
	t.Helper()
	c := theCA(t)
	template := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "pod"},
		NotBefore: notBefore, NotAfter: notAfter, DNSNames: dnsNames,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, c.cert, pub, c.key)
	if err != nil {
		t.Fatal(err)
	}
	return pemBlock("CERTIFICATE", der)
}

func caPEM(t testing.TB) string { return pemBlock("CERTIFICATE", theCA(t).cert.Raw) }

func pemBlock(typ string, der []byte) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}))
}

func mtime(t time.Time) *metav1.Time { v := metav1.NewTime(t); return &v }

func condition(typ string, status metav1.ConditionStatus, reason string) metav1.Condition {
	return metav1.Condition{Type: typ, Status: status, Reason: reason, Message: "m", LastTransitionTime: metav1.NewTime(testNow)}
}

func typesUID(s string) types.UID { return types.UID(s) }

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
