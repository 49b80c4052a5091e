package certificatesv1

import (
	"context"
	"fmt"
	"sort"
	"strings"

	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/types"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/schema/meta"
)

// Limits applied by kube-apiserver (kk/pkg/apis/certificates/types.go).
const (
	MinMaxExpirationSeconds           = 3600
	KubernetesMaxMaxExpirationSeconds = 86400
	MaxMaxExpirationSeconds           = 7862400
	MaxStubPKCS10RequestBytes         = 10240
	MaxUIDBytes                       = 128
	// MaxSignerNameLength is a domain, a slash and a path of a label and a subdomain.
	MaxSignerNameLength = 253 + 1 + 63 + 1 + 253
)

// MetaRules are the metadata rules of PodCertificateRequest: namespaced,
// DNS-subdomain names, built-in finalizer rules. The generated validation
// applies the same rules (podCertificateRequestMetadata).
var MetaRules = meta.Rules{Namespaced: true, NameFormat: meta.DNSSubdomain}

// ValidateCreate returns what kube-apiserver reports when pcr is created:
// the metadata, then the spec. The status is not validated: the server
// clears it before validating.
func ValidateCreate(pcr *certificatesv1.PodCertificateRequest) field.ErrorList {
	return Validate_PodCertificateRequest(context.Background(), operation.Operation{Type: operation.Create}, nil, pcr, nil)
}

// validateKeyRequest checks what the server checks after every other spec
// field: maxExpirationSeconds (without it the key checks are skipped), then
// the stub CSR.
func validateKeyRequest(fldPath *field.Path, spec *certificatesv1.PodCertificateRequestSpec) field.ErrorList {
	if spec.MaxExpirationSeconds == nil {
		return field.ErrorList{field.Required(fldPath.Child("maxExpirationSeconds"), "must be set")}
	}
	errs := validateMaxExpiration(fldPath.Child("maxExpirationSeconds"), spec.SignerName, *spec.MaxExpirationSeconds)
	if len(spec.StubPKCS10Request) == 0 {
		// v1 has only the stub CSR; the v1beta1 PKIX key pair can never be set.
		return append(errs, field.Invalid(fldPath, field.OmitValueType{},
			"exactly one of (stubPKCS10Request) or (pkixPublicKey, proofOfPossession) must be set"))
	}
	return append(errs, validateStubPKCS10Request(fldPath.Child("stubPKCS10Request"), spec.StubPKCS10Request)...)
}

// ValidateSignerName checks a signer name of the form "example.com/name",
// as kube-apiserver's core ValidateSignerName does.
func ValidateSignerName(fldPath *field.Path, signerName string) field.ErrorList {
	if signerName == "" {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	segments := strings.Split(signerName, "/")
	if len(segments) != 2 {
		return field.ErrorList{field.Invalid(fldPath, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")}
	}
	domain, path := segments[0], segments[1]
	var errs field.ErrorList
	if len(domain) > utilvalidation.DNS1123SubdomainMaxLength {
		errs = append(errs, field.TooLong(fldPath, domain, utilvalidation.DNS1123SubdomainMaxLength))
	}
	labels := strings.Split(domain, ".")
	errs = append(errs, firstBadPart(fldPath, domain, labels, utilvalidation.IsDNS1123Label)...)
	if len(labels) < 2 {
		errs = append(errs, field.Invalid(fldPath, domain, "should be a domain with at least two segments separated by dots"))
	}
	errs = append(errs, firstBadPart(fldPath, path, strings.Split(path, "."), utilvalidation.IsDNS1123Subdomain)...)
	if len(signerName) > MaxSignerNameLength {
		errs = append(errs, field.TooLong(fldPath, signerName, MaxSignerNameLength))
	}
	return errs
}

// firstBadPart reports every message for the first part that check rejects;
// the server stops at that part.
func firstBadPart(fldPath *field.Path, value string, parts []string, check func(string) []string) field.ErrorList {
	for _, part := range parts {
		messages := check(part)
		if len(messages) == 0 {
			continue
		}
		var errs field.ErrorList
		for _, msg := range messages {
			errs = append(errs, field.Invalid(fldPath, value, fmt.Sprintf("validating label %q: %s", part, msg)))
		}
		return errs
	}
	return nil
}

// IsKubernetesSignerName reports whether the signer's domain is kubernetes.io
// or a subdomain of it; those signers get the shorter expiration limit.
func IsKubernetesSignerName(signerName string) bool {
	domain, _, _ := strings.Cut(signerName, "/")
	return domain == "kubernetes.io" || strings.HasSuffix(domain, ".kubernetes.io")
}

// validateUserAnnotations checks keys lowercased, as the server does (so the
// reported value is lowercased). Keys are sorted to make the order stable;
// the server's order follows map iteration.
func validateUserAnnotations(annotations map[string]string, fldPath *field.Path) field.ErrorList {
	keys := make([]string, 0, len(annotations))
	for k := range annotations {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var errs field.ErrorList
	for _, k := range keys {
		errs = append(errs, utilvalidation.IsDomainPrefixedKey(fldPath, strings.ToLower(k))...)
	}
	if err := apivalidation.ValidateAnnotationsSize(annotations); err != nil {
		errs = append(errs, field.TooLong(fldPath, "", apivalidation.TotalAnnotationSizeLimitB))
	}
	return errs
}

// validateSubdomain gives Invalid, not Required, for an empty name.
func validateSubdomain(fldPath *field.Path, name string) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range apivalidation.NameIsDNSSubdomain(name, false) {
		errs = append(errs, field.Invalid(fldPath, name, msg))
	}
	return errs
}

// validateUIDSet gives Invalid, not Required, for an empty UID; the length
// is +k8s:maxBytes=128 (MaxUIDBytes).
func validateUIDSet(fldPath *field.Path, uid types.UID) field.ErrorList {
	if uid == "" {
		return field.ErrorList{field.Invalid(fldPath, string(uid), "must not be empty")}
	}
	return nil
}

// MaxExpirationLimit is the largest maxExpirationSeconds the server accepts
// for signerName.
func MaxExpirationLimit(signerName string) int32 {
	if IsKubernetesSignerName(signerName) {
		return KubernetesMaxMaxExpirationSeconds
	}
	return MaxMaxExpirationSeconds
}

func validateMaxExpiration(fldPath *field.Path, signerName string, seconds int32) field.ErrorList {
	upper := MaxExpirationLimit(signerName)
	if seconds < MinMaxExpirationSeconds || seconds > upper {
		return field.ErrorList{field.Invalid(fldPath, seconds, fmt.Sprintf("must be in the range [%d, %d]", MinMaxExpirationSeconds, upper))}
	}
	return nil
}
