package certificatesv1

import (
	"context"
	"crypto"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"net/mail"
	"strings"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	metav1validation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Status limits applied by kube-apiserver.
const (
	MaxCertificateChainBytes = 102400
	MinLeafLifetime          = time.Hour
	// MaxClockSkew is how far status.notBefore may be from the server clock.
	MaxClockSkew = 5 * time.Minute
	// RefreshMargin keeps beginRefreshAt this far inside the validity period.
	RefreshMargin = 10 * time.Minute
)

// statusUpdate is the operation of a /status write.
var statusUpdate = operation.Operation{Type: operation.Update, Request: operation.Request{Subresources: []string{"status"}}}

// ValidateStatusUpdate returns what kube-apiserver reports for a /status
// write of pcr over old, with now as the server clock: the metadata update
// rules and, when they pass, the status. The spec is not validated: the
// server keeps the stored one. Signer authorization is not checked (see the
// package doc).
func ValidateStatusUpdate(pcr, old *certificatesv1.PodCertificateRequest, now time.Time) field.ErrorList {
	ctx := WithClock(context.Background(), func() time.Time { return now })
	return Validate_PodCertificateRequest(ctx, statusUpdate, nil, pcr, old)
}

// validateStatus checks the condition types (every condition, then
// apimachinery's condition rules, stopping there when one fails), then the
// transition from old; spec is the stored spec.
func validateStatus(statusPath *field.Path, status, old *certificatesv1.PodCertificateRequestStatus, spec *certificatesv1.PodCertificateRequestSpec, now time.Time) field.ErrorList {
	conditionsPath := statusPath.Child("conditions")
	errs := validateConditionTypes(status.Conditions, conditionsPath)
	errs = append(errs, metav1validation.ValidateConditions(status.Conditions, conditionsPath)...)
	if len(errs) > 0 {
		return errs
	}
	switch {
	case isTerminal(old.Conditions):
		if !apiequality.Semantic.DeepEqual(*status, *old) {
			return field.ErrorList{field.Invalid(statusPath, field.OmitValueType{}, "immutable after PodCertificateRequest is issued, denied, or failed")}
		}
	case hasTrue(status.Conditions, certificatesv1.PodCertificateRequestConditionTypeDenied),
		hasTrue(status.Conditions, certificatesv1.PodCertificateRequestConditionTypeFailed):
		onlyConditions := certificatesv1.PodCertificateRequestStatus{Conditions: status.Conditions}
		if !apiequality.Semantic.DeepEqual(*status, onlyConditions) {
			return field.ErrorList{field.Invalid(statusPath, field.OmitValueType{}, "non-condition status fields must be empty when denying or failing the PodCertificateRequest")}
		}
	case hasTrue(status.Conditions, certificatesv1.PodCertificateRequestConditionTypeIssued):
		return validateIssued(status, spec, statusPath, now)
	default:
		if !apiequality.Semantic.DeepEqual(*status, *old) {
			return field.ErrorList{field.Invalid(statusPath, field.OmitValueType{}, `status is immutable unless transitioning to "Issued", "Denied", or "Failed"`)}
		}
	}
	return nil
}

func isTerminalType(t string) bool {
	return t == certificatesv1.PodCertificateRequestConditionTypeIssued ||
		t == certificatesv1.PodCertificateRequestConditionTypeDenied ||
		t == certificatesv1.PodCertificateRequestConditionTypeFailed
}

func isTerminal(conditions []metav1.Condition) bool {
	for _, c := range conditions {
		if isTerminalType(c.Type) && c.Status == metav1.ConditionTrue {
			return true
		}
	}
	return false
}

func hasTrue(conditions []metav1.Condition, conditionType string) bool {
	for _, c := range conditions {
		if c.Type == conditionType && c.Status == metav1.ConditionTrue {
			return true
		}
	}
	return false
}

// validateConditionTypes uses paths like status.conditions.[1].type: the
// server names the index as a child, which renders with a dot.
func validateConditionTypes(conditions []metav1.Condition, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	seenTerminal := false
	for i, c := range conditions {
		p := fldPath.Child(fmt.Sprintf("[%d]", i))
		if !isTerminalType(c.Type) {
			errs = append(errs, field.NotSupported(p.Child("type"), c.Type, []string{
				certificatesv1.PodCertificateRequestConditionTypeIssued,
				certificatesv1.PodCertificateRequestConditionTypeDenied,
				certificatesv1.PodCertificateRequestConditionTypeFailed,
			}))
			continue
		}
		if seenTerminal {
			errs = append(errs, field.Invalid(p.Child("type"), c.Type, `There may be at most one condition with type "Issued", "Denied", or "Failed"`))
		}
		seenTerminal = true
		if c.Status != metav1.ConditionTrue {
			errs = append(errs, field.NotSupported(p.Child("status"), c.Status, []metav1.ConditionStatus{metav1.ConditionTrue}))
		}
	}
	return errs
}

// validateIssued applies the Issued checks; most stop at the first failure.
func validateIssued(status *certificatesv1.PodCertificateRequestStatus, spec *certificatesv1.PodCertificateRequestSpec, fldPath *field.Path, now time.Time) field.ErrorList {
	chainPath := fldPath.Child("certificateChain")
	chain := status.CertificateChain
	if len(chain) > MaxCertificateChainBytes {
		return field.ErrorList{field.TooLong(chainPath, "", MaxCertificateChainBytes)}
	}
	leaf, rest, leafErr := parseLeaf(chainPath, chain)
	if leafErr != nil {
		return field.ErrorList{leafErr}
	}
	errs := leafSANErrors(chainPath, leaf)
	if !sameKeyAsRequest(leaf, spec) {
		// The server stops here: missing times are not reported with it.
		return append(errs, field.Invalid(chainPath, chain, "leaf certificate was not issued to the requested public key"))
	}
	errs = append(errs, missingTimes(status, fldPath)...)
	if len(errs) > 0 {
		return errs
	}
	if errs := validateTimes(status, leaf, spec, fldPath, now); len(errs) > 0 {
		return errs
	}
	return validateIntermediates(chainPath, chain, rest)
}

func parseLeaf(chainPath *field.Path, chain string) (*x509.Certificate, []byte, *field.Error) {
	block, rest := pem.Decode([]byte(chain))
	if block == nil {
		return nil, nil, field.Invalid(chainPath, chain, "issued certificate chain must contain at least one certificate")
	}
	if block.Type != "CERTIFICATE" {
		return nil, nil, field.Invalid(chainPath, chain, "issued certificate chain must consist entirely of CERTIFICATE PEM blocks")
	}
	leaf, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, nil, field.Invalid(chainPath, chain, "leaf certificate does not parse as valid X.509")
	}
	return leaf, rest, nil
}

// leafSANErrors are collected, not returned early, as the server does: every
// DNS name, then every email address, whatever their order in the leaf. Each
// DNS check stands alone, so ".a..b." fails two. URIs and IP addresses have
// no checks beyond crypto/x509's parse.
func leafSANErrors(chainPath *field.Path, leaf *x509.Certificate) field.ErrorList {
	var errs field.ErrorList
	for _, name := range leaf.DNSNames {
		if name == "" {
			errs = append(errs, field.Invalid(chainPath, name, "leaf certificate should not contain empty DNSName"))
		}
		if strings.Contains(name, "..") {
			errs = append(errs, field.Invalid(chainPath, name, "leaf certificate's DNSName should not contain '..'"))
		}
		if strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".") {
			errs = append(errs, field.Invalid(chainPath, name, "leaf certificate's DNSName should not start or end with '.'"))
		}
	}
	for _, email := range leaf.EmailAddresses {
		if _, err := mail.ParseAddress(email); err != nil {
			errs = append(errs, field.Invalid(chainPath, email, "leaf certificate should not contain invalid EmailAddress"))
		}
	}
	return errs
}

// sameKeyAsRequest compares the leaf key with the stub CSR's key.
func sameKeyAsRequest(leaf *x509.Certificate, spec *certificatesv1.PodCertificateRequestSpec) bool {
	csr, err := x509.ParseCertificateRequest(spec.StubPKCS10Request)
	if err != nil {
		return false
	}
	type equaler interface{ Equal(x crypto.PublicKey) bool }
	key, ok := leaf.PublicKey.(equaler)
	return ok && key.Equal(csr.PublicKey)
}

func missingTimes(status *certificatesv1.PodCertificateRequestStatus, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if status.NotBefore == nil {
		errs = append(errs, field.Required(fldPath.Child("notBefore"), "must be present and consistent with the issued certificate"))
	}
	if status.NotAfter == nil {
		errs = append(errs, field.Required(fldPath.Child("notAfter"), "must be present and consistent with the issued certificate"))
	}
	if status.BeginRefreshAt == nil {
		errs = append(errs, field.Required(fldPath.Child("beginRefreshAt"), "must be present and in the range [notbefore+10min, notafter-10min]"))
	}
	return errs
}

// validateTimes stops at the first failure.
func validateTimes(status *certificatesv1.PodCertificateRequestStatus, leaf *x509.Certificate, spec *certificatesv1.PodCertificateRequestSpec, fldPath *field.Path, now time.Time) field.ErrorList {
	// The *metav1.Time values render as RFC 3339 in seconds, as the server's do.
	notBefore, notAfter, refresh := status.NotBefore.Time, status.NotAfter.Time, status.BeginRefreshAt.Time
	invalid := func(name string, value any, msg string) field.ErrorList {
		return field.ErrorList{field.Invalid(fldPath.Child(name), value, msg)}
	}
	if !notBefore.Equal(leaf.NotBefore) {
		return invalid("notBefore", status.NotBefore, "must be set to the NotBefore time encoded in the leaf certificate")
	}
	if skew := notBefore.Sub(now); skew <= -MaxClockSkew || skew >= MaxClockSkew {
		return invalid("notBefore", status.NotBefore, "must be set to within 5 minutes of kube-apiserver's current time")
	}
	if !notAfter.Equal(leaf.NotAfter) {
		return invalid("notAfter", status.NotAfter, "must be set to the NotAfter time encoded in the leaf certificate")
	}
	lifetime := leaf.NotAfter.Sub(leaf.NotBefore)
	if lifetime < MinLeafLifetime {
		return invalid("certificateChain", lifetime, "leaf certificate lifetime must be >= 1 hour")
	}
	if spec.MaxExpirationSeconds != nil && lifetime > time.Duration(*spec.MaxExpirationSeconds)*time.Second {
		return invalid("certificateChain", lifetime, fmt.Sprintf("leaf certificate lifetime must be <= spec.maxExpirationSeconds (%d)", *spec.MaxExpirationSeconds))
	}
	if refresh.Before(notBefore.Add(RefreshMargin)) {
		return invalid("beginRefreshAt", status.BeginRefreshAt, "must be at least 10 minutes after status.notBefore")
	}
	if refresh.After(notAfter.Add(-RefreshMargin)) {
		return invalid("beginRefreshAt", status.BeginRefreshAt, "must be at least 10 minutes before status.notAfter")
	}
	return nil
}

// validateIntermediates checks the blocks after the leaf; the chain is not
// cryptographically verified. "CERTFICATE" is the server's spelling.
func validateIntermediates(chainPath *field.Path, chain string, rest []byte) field.ErrorList {
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			return nil
		}
		if block.Type != "CERTIFICATE" {
			return field.ErrorList{field.Invalid(chainPath, chain, "issued certificate chain must consist entirely of CERTFICATE PEM blocks")}
		}
		if _, err := x509.ParseCertificate(block.Bytes); err != nil {
			return field.ErrorList{field.Invalid(chainPath, chain, "intermediate certificate does not parse as valid X.509")}
		}
	}
}
