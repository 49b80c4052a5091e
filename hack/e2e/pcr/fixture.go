// Package pcr is the PodCertificateRequest table of spec/conventions.md
// §5.4 and §5.5 (create validation, and /status updates with real
// certificates), as flows for hack/e2e/flows, so that it runs against a
// real kube-apiserver and the in-process server alike.
package pcr

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"time"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// Fixture holds the keys, the CA and the clock the table is built from.
type Fixture struct {
	// Key is the key of the baseline's CSR (P0: an empty CSR signed by a
	// fresh Ed25519 key).
	Key ed25519.PrivateKey
	CSR []byte
	ca  *x509.Certificate
	// caKey signs every leaf.
	caKey ed25519.PrivateKey
	// Now, in whole seconds, is the notBefore of issued leaves.
	Now time.Time
}

// NewFixture makes fresh keys and a CA. Now must be close to the server's
// clock: a leaf's notBefore must be within 5 minutes of it (spec §4.5).
func NewFixture(now time.Time) (*Fixture, error) {
	f := &Fixture{Now: now.UTC().Truncate(time.Second)}
	var err error
	if _, f.Key, err = ed25519.GenerateKey(rand.Reader); err != nil {
		return nil, err
	}
	if f.CSR, err = newCSR(f.Key); err != nil {
		return nil, err
	}
	if _, f.caKey, err = ed25519.GenerateKey(rand.Reader); err != nil {
		return nil, err
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "metagen e2e CA"},
		NotBefore: f.Now.Add(-time.Hour), NotAfter: f.Now.Add(48 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, f.caKey.Public(), f.caKey)
	if err != nil {
		return nil, err
	}
	f.ca, err = x509.ParseCertificate(der)
	return f, err
}

// Resource is PodCertificateRequests with the baseline P0 as payload.
func (f *Fixture) Resource() flows.Resource {
	spec := map[string]any{
		"signerName": "example.com/foo", "podName": "pod-1", "podUID": "pod-uid-1",
		"serviceAccountName": "sa-1", "serviceAccountUID": "sa-uid-1",
		"nodeName": "node-1", "nodeUID": "node-uid-1",
		"stubPKCS10Request": base64.StdEncoding.EncodeToString(f.CSR),
	}
	payload, _ := json.Marshal(map[string]any{"spec": spec})
	return flows.Resource{
		Group: "certificates.k8s.io", Version: "v1", Kind: "PodCertificateRequest",
		Plural: "podcertificaterequests", Payload: string(payload),
	}
}

// newCSR returns an empty CSR signed by key, as DER.
func newCSR(key crypto.Signer, dnsNames ...string) ([]byte, error) {
	return x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{DNSNames: dnsNames}, key)
}

// csrFor returns a CSR for a key of the given kind: "rsa2048" or "rsa3072"
// (the checked-in keys), "p224" or "p521" (fresh ones); it panics on a bad
// kind (a table bug).
func csrFor(kind string) []byte {
	var key crypto.Signer
	var err error
	switch kind {
	case "rsa2048":
		key = rsaKey(2048)
	case "rsa3072":
		key = rsaKey(3072)
	case "p224":
		key, err = ecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	case "p521":
		key, err = ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	default:
		panic("pcr: unknown key kind " + kind)
	}
	if err != nil {
		panic(err)
	}
	der, err := newCSR(key)
	if err != nil {
		panic(err)
	}
	return der
}

// Leaf returns a PEM leaf certificate for pub, issued by the fixture's CA,
// followed by the CA certificate.
func (f *Fixture) Leaf(pub crypto.PublicKey, notBefore, notAfter time.Time, dnsNames ...string) string {
	return f.leafWith(pub, notBefore, notAfter, sans{dns: dnsNames})
}

// leafWith is Leaf with any subject alternative names.
func (f *Fixture) leafWith(pub crypto.PublicKey, notBefore, notAfter time.Time, names sans) string {
	template := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: "pod"},
		NotBefore: notBefore, NotAfter: notAfter, KeyUsage: x509.KeyUsageDigitalSignature,
	}
	names.apply(template)
	der, err := x509.CreateCertificate(rand.Reader, template, f.ca, pub, f.caKey)
	if err != nil {
		panic(err)
	}
	return pemBlock("CERTIFICATE", der) + pemBlock("CERTIFICATE", f.ca.Raw)
}

func pemBlock(typ string, der []byte) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}))
}
