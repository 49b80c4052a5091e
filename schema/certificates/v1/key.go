package certificatesv1

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// KeyClass classifies a public key the way kube-apiserver does for
// PodCertificateRequests.
type KeyClass struct {
	// Supported is true for Ed25519, ECDSA P-256/P-384/P-521 and RSA moduli
	// of 384 or 512 bytes (3065-3072 or 4089-4096 bits).
	Supported bool
	// Description is e.g. "Ed25519", "curve P-224" or "2056-bit modulus"
	// (the modulus' length in bytes times eight, for 2049 bits too); the
	// server shows it as the invalid value.
	Description string
	// Problem is the server's message for an unsupported key, else "".
	Problem string
}

const unknownKeyType = "unknown public key type; supported types are Ed25519, ECDSA, and RSA"

// ClassifyPublicKey tells whether the server accepts key, and why not.
func ClassifyPublicKey(key crypto.PublicKey) KeyClass {
	switch k := key.(type) {
	case ed25519.PublicKey:
		return KeyClass{Supported: true, Description: "Ed25519"}
	case *ecdsa.PublicKey:
		class := KeyClass{Supported: true, Description: "curve " + k.Curve.Params().Name}
		if k.Curve != elliptic.P256() && k.Curve != elliptic.P384() && k.Curve != elliptic.P521() {
			class.Supported, class.Problem = false, "elliptic public keys must use curve P256, P384, or P521"
		}
		return class
	case *rsa.PublicKey:
		// The server measures the modulus in whole bytes (Size), so a
		// 3071-bit key is a "3072-bit modulus" and passes.
		bits := k.Size() * 8
		class := KeyClass{Supported: true, Description: fmt.Sprintf("%d-bit modulus", bits)}
		if bits != 3072 && bits != 4096 {
			class.Supported, class.Problem = false, "RSA keys must have modulus size 3072 or 4096"
		}
		return class
	}
	return KeyClass{Description: fmt.Sprintf("%T", key), Problem: unknownKeyType}
}

// ParseStubPKCS10Request parses a PCR's stub CSR and classifies its public key.
// Signers can use it to deny unsupported keys with ReasonUnsupportedKeyType.
func ParseStubPKCS10Request(der []byte) (*x509.CertificateRequest, KeyClass, error) {
	csr, err := x509.ParseCertificateRequest(der)
	if err != nil {
		return nil, KeyClass{}, err
	}
	return csr, ClassifyPublicKey(csr.PublicKey), nil
}

// keyError is the server's error at fldPath for an unsupported key: the
// value is left out for unknown key types.
func keyError(fldPath *field.Path, class KeyClass) *field.Error {
	if class.Problem == unknownKeyType {
		return field.Invalid(fldPath, field.OmitValueType{}, class.Problem)
	}
	return field.Invalid(fldPath, class.Description, class.Problem)
}

// validateStubPKCS10Request stops at the first failure, as the server does:
// size, parse, key type, then signature. Subject and SANs are not checked.
func validateStubPKCS10Request(fldPath *field.Path, der []byte) field.ErrorList {
	if len(der) > MaxStubPKCS10RequestBytes {
		return field.ErrorList{field.TooLong(fldPath, "", MaxStubPKCS10RequestBytes)}
	}
	csr, err := x509.ParseCertificateRequest(der)
	if err != nil {
		return field.ErrorList{field.Invalid(fldPath, field.OmitValueType{}, "must be a valid PKCS#10 CSR")}
	}
	if class := ClassifyPublicKey(csr.PublicKey); !class.Supported {
		return field.ErrorList{keyError(fldPath, class)}
	}
	if err := csr.CheckSignature(); err != nil {
		return field.ErrorList{field.Invalid(fldPath, field.OmitValueType{}, "invalid signature")}
	}
	return nil
}
