package certificatesv1

import (
	"context"

	certificatesv1 "k8s.io/api/certificates/v1"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateUpdate returns what kube-apiserver reports for an update of the
// main resource: the metadata update rules, and spec is immutable.
func ValidateUpdate(pcr, old *certificatesv1.PodCertificateRequest) field.ErrorList {
	errs := MetaRules.ValidateUpdate(context.Background(), field.NewPath("metadata"), &pcr.ObjectMeta, &old.ObjectMeta)
	return append(errs, apivalidation.ValidateImmutableField(internalSpec(&pcr.Spec), internalSpec(&old.Spec), field.NewPath("spec"))...)
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
