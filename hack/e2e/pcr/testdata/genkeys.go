//go:build ignore

// genkeys writes the RSA keys of the key-size rows (rsa-BITS.pem, PKCS#8),
// one per modulus size around the sizes kube-apiserver accepts. They are
// test keys, checked in because generating 4096-bit keys takes seconds:
//
//	cd hack/e2e/pcr && go run testdata/genkeys.go
package main

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"log"
	"os"
)

func main() {
	for _, bits := range []int{2047, 2048, 2049, 3071, 3072, 3073, 4095, 4096, 4097} {
		key, err := rsa.GenerateKey(rand.Reader, bits)
		if err != nil {
			log.Fatal(err)
		}
		if key.N.BitLen() != bits {
			log.Fatalf("asked for %d bits, got %d", bits, key.N.BitLen())
		}
		der, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			log.Fatal(err)
		}
		block := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
		if err := os.WriteFile(fmt.Sprintf("testdata/rsa-%d.pem", bits), block, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
