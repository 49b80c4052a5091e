package certificatesv1

import (
	"context"

	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateUpdate returns what kube-apiserver reports for an update of the
// main resource: the metadata update rules, and spec is immutable. The
// status is not validated: the server keeps the stored one.
func ValidateUpdate(pcr, old *certificatesv1.PodCertificateRequest) field.ErrorList {
	return Validate_PodCertificateRequest(context.Background(), operation.Operation{Type: operation.Update}, nil, pcr, old)
}

// internalSpecJSON mirrors the server's internal spec type, whose JSON (Go
// field names, v1beta1-only fields included) is the value of the
// "field is immutable" error.
type internalSpecJSON struct {
	SignerName                string
	PodName                   string
	PodUID                    types.UID
	ServiceAccountName        string
	ServiceAccountUID         types.UID
	NodeName                  types.NodeName
	NodeUID                   types.UID
	MaxExpirationSeconds      *int32
	PKIXPublicKey             []byte
	ProofOfPossession         []byte
	StubPKCS10Request         []byte
	UnverifiedUserAnnotations map[string]string
}

func internalSpec(s *certificatesv1.PodCertificateRequestSpec) internalSpecJSON {
	return internalSpecJSON{
		SignerName:                s.SignerName,
		PodName:                   s.PodName,
		PodUID:                    s.PodUID,
		ServiceAccountName:        s.ServiceAccountName,
		ServiceAccountUID:         s.ServiceAccountUID,
		NodeName:                  s.NodeName,
		NodeUID:                   s.NodeUID,
		MaxExpirationSeconds:      s.MaxExpirationSeconds,
		StubPKCS10Request:         s.StubPKCS10Request,
		UnverifiedUserAnnotations: s.UnverifiedUserAnnotations,
	}
}
