package certificatesv1

import (
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Documented condition reasons. The server does not enforce them; signers
// and kubelet agree on them.
const (
	// ReasonUnsupportedKeyType is the reason of a Denied condition when the
	// signer does not support the request's key type. The message may
	// suggest a type the signer supports.
	ReasonUnsupportedKeyType = certificatesv1.PodCertificateRequestConditionUnsupportedKeyType
	// ReasonInvalidUnverifiedUserAnnotations is the reason of a Denied
	// condition when the user annotations are unknown or invalid.
	ReasonInvalidUnverifiedUserAnnotations = certificatesv1.PodCertificateRequestConditionInvalidUserConfig
	// ReasonIssued is the reason Issue gives its condition.
	ReasonIssued = "Issued"
)

// GroupKind is what a refused status write is reported as.
var GroupKind = schema.GroupKind{Group: certificatesv1.GroupName, Kind: "PodCertificateRequest"}

// Issue returns a copy of pcr whose status issues chainPEM, a leaf
// certificate followed by intermediates. It returns the server's 422 error
// instead when kube-apiserver would refuse that /status write, checking
// notBefore against time.Now.
func Issue(pcr *certificatesv1.PodCertificateRequest, chainPEM string, notBefore, notAfter, beginRefreshAt time.Time) (*certificatesv1.PodCertificateRequest, error) {
	return transition(pcr, certificatesv1.PodCertificateRequestStatus{
		Conditions:       []metav1.Condition{terminalCondition(pcr, certificatesv1.PodCertificateRequestConditionTypeIssued, ReasonIssued, "")},
		CertificateChain: chainPEM,
		NotBefore:        timePtr(notBefore),
		NotAfter:         timePtr(notAfter),
		BeginRefreshAt:   timePtr(beginRefreshAt),
	})
}

// Deny returns a copy of pcr denied with reason (e.g. ReasonUnsupportedKeyType)
// and message, or the server's error when it would refuse the write.
func Deny(pcr *certificatesv1.PodCertificateRequest, reason, message string) (*certificatesv1.PodCertificateRequest, error) {
	return conditionOnly(pcr, certificatesv1.PodCertificateRequestConditionTypeDenied, reason, message)
}

// Fail returns a copy of pcr failed with reason and message, or the
// server's error when it would refuse the write.
func Fail(pcr *certificatesv1.PodCertificateRequest, reason, message string) (*certificatesv1.PodCertificateRequest, error) {
	return conditionOnly(pcr, certificatesv1.PodCertificateRequestConditionTypeFailed, reason, message)
}

func conditionOnly(pcr *certificatesv1.PodCertificateRequest, conditionType, reason, message string) (*certificatesv1.PodCertificateRequest, error) {
	return transition(pcr, certificatesv1.PodCertificateRequestStatus{
		Conditions: []metav1.Condition{terminalCondition(pcr, conditionType, reason, message)},
	})
}

// transition validates the status write as the server would.
func transition(pcr *certificatesv1.PodCertificateRequest, status certificatesv1.PodCertificateRequestStatus) (*certificatesv1.PodCertificateRequest, error) {
	out := pcr.DeepCopy()
	out.Status = status
	if errs := ValidateStatusUpdate(out, pcr, time.Now()); len(errs) > 0 {
		return nil, apierrors.NewInvalid(GroupKind, pcr.Name, errs)
	}
	return out, nil
}

func terminalCondition(pcr *certificatesv1.PodCertificateRequest, conditionType, reason, message string) metav1.Condition {
	return metav1.Condition{
		Type:               conditionType,
		Status:             metav1.ConditionTrue,
		ObservedGeneration: pcr.Generation,
		Reason:             reason,
		Message:            message,
		// Conditions are stored with whole seconds.
		LastTransitionTime: metav1.NewTime(time.Now().Truncate(time.Second)),
	}
}

func timePtr(t time.Time) *metav1.Time {
	v := metav1.NewTime(t)
	return &v
}
