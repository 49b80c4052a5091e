package pcr

import (
	"crypto/rsa"
	"crypto/x509"
	"embed"
	"encoding/base64"
	"encoding/pem"
	"fmt"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// rsaKeys are test keys of exact modulus sizes (testdata/genkeys.go), checked
// in because a fresh 4097-bit key takes seconds to generate.
//
//go:embed testdata/rsa-*.pem
var rsaKeys embed.FS

// rsaKey returns the checked-in key whose modulus has exactly bits bits; it
// panics when there is none (a table bug).
func rsaKey(bits int) *rsa.PrivateKey {
	raw, err := rsaKeys.ReadFile(fmt.Sprintf("testdata/rsa-%d.pem", bits))
	if err != nil {
		panic(err)
	}
	block, _ := pem.Decode(raw)
	if block == nil {
		panic(fmt.Sprintf("pcr: testdata/rsa-%d.pem is not PEM", bits))
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	rsaKey, ok := key.(*rsa.PrivateKey)
	if !ok || rsaKey.N.BitLen() != bits {
		panic(fmt.Sprintf("pcr: testdata/rsa-%d.pem is not a %d-bit RSA key", bits, bits))
	}
	return rsaKey
}

// keySizeFlows create a request for an RSA key on each side of the two sizes
// kube-apiserver accepts, for a signer of each kind. The server measures the
// modulus in whole bytes (rsa.PublicKey.Size), so 3071 and 4095 bits pass,
// and a refused key is named by its byte length times eight: 2049 bits is
// "2056-bit modulus". The answers were recorded from kube-apiserver 1.37.2.
func (f *Fixture) keySizeFlows() []flows.Flow {
	refused := func(shown string) flows.Want {
		return flows.Invalid(flows.Cause{Reason: "FieldValueInvalid", Field: "spec.stubPKCS10Request",
			Message: fmt.Sprintf("Invalid value: %q: RSA keys must have modulus size 3072 or 4096", shown)})
	}
	sizes := []struct {
		bits int
		want flows.Want
	}{
		{2047, refused("2048-bit modulus")},
		{2048, refused("2048-bit modulus")},
		{2049, refused("2056-bit modulus")},
		{3071, flows.Created()},
		{3072, flows.Created()},
		{3073, refused("3080-bit modulus")},
		{4095, flows.Created()},
		{4096, flows.Created()},
		{4097, refused("4104-bit modulus")},
	}
	var out []flows.Flow
	for _, signer := range []struct{ id, name string }{{"", "example.com/foo"}, {"k", "kubernetes.io/x"}} {
		for _, size := range sizes {
			csr, err := newCSR(rsaKey(size.bits))
			if err != nil {
				panic(err)
			}
			overlay := specs("signerName", signer.name, "stubPKCS10Request", base64.StdEncoding.EncodeToString(csr))
			var watch []string
			if size.want.Code == 201 {
				watch = []string{"ADDED"}
			}
			out = append(out, flows.Flow{ID: fmt.Sprintf("P18-rsa%d%s", size.bits, signer.id),
				Steps: []flows.Step{{Do: flows.Create(overlay), Want: size.want}}, Watch: watch})
		}
	}
	return out
}
