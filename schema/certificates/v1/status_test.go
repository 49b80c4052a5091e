package certificatesv1_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"strings"
	"testing"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	metav1validation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

var (
	statusPath = field.NewPath("status")
	chainPath  = statusPath.Child("certificateChain")
	omit       = field.OmitValueType{}
)

const (
	issued = certificatesv1.PodCertificateRequestConditionTypeIssued
	denied = certificatesv1.PodCertificateRequestConditionTypeDenied
	failed = certificatesv1.PodCertificateRequestConditionTypeFailed
)

// issuedStatus issues chain with the three times.
func issuedStatus(chain string, notBefore, notAfter, refresh time.Time) certificatesv1.PodCertificateRequestStatus {
	return certificatesv1.PodCertificateRequestStatus{
		Conditions:       []metav1.Condition{condition(issued, metav1.ConditionTrue, "Issued")},
		CertificateChain: chain,
		NotBefore:        mtime(notBefore), NotAfter: mtime(notAfter), BeginRefreshAt: mtime(refresh),
	}
}

// issuance is a status for a leaf of the request's key valid for lifetime
// from notBefore, refreshed at refresh after notBefore.
func issuance(t *testing.T, notBefore time.Time, lifetime, refresh time.Duration) certificatesv1.PodCertificateRequestStatus {
	chain := leafPEM(t, testKey(t, "ed25519").Public(), notBefore, notBefore.Add(lifetime)) + caPEM(t)
	return issuedStatus(chain, notBefore, notBefore.Add(lifetime), notBefore.Add(refresh))
}

func withStatus(old *certificatesv1.PodCertificateRequest, status certificatesv1.PodCertificateRequestStatus) *certificatesv1.PodCertificateRequest {
	pcr := old.DeepCopy()
	pcr.Status = status
	return pcr
}

func TestValidateStatusConditions(t *testing.T) {
	old := stored(t)
	good := issuance(t, testNow, 24*time.Hour, 20*time.Hour)
	conditionsPath := statusPath.Child("conditions")
	noTime := metav1.Condition{Type: denied, Status: metav1.ConditionTrue, Reason: "R", Message: "m"}
	cases := []struct {
		name       string
		conditions []metav1.Condition
		want       field.ErrorList
	}{
		{"denied", []metav1.Condition{condition(denied, metav1.ConditionTrue, "UnsupportedKeyType")}, nil},
		{"failed", []metav1.Condition{condition(failed, metav1.ConditionTrue, "SignerDown")}, nil},
		{"issued and failed", []metav1.Condition{condition(issued, metav1.ConditionTrue, "Issued"), condition(failed, metav1.ConditionTrue, "SignerDown")},
			field.ErrorList{field.Invalid(conditionsPath.Child("[1]", "type"), failed, `There may be at most one condition with type "Issued", "Denied", or "Failed"`)}},
		{"issued false", []metav1.Condition{condition(issued, metav1.ConditionFalse, "Issued")},
			field.ErrorList{field.NotSupported(conditionsPath.Child("[0]", "status"), metav1.ConditionFalse, []string{"True"})}},
		{"custom type", []metav1.Condition{condition("Ready", metav1.ConditionTrue, "Ready")},
			field.ErrorList{field.NotSupported(conditionsPath.Child("[0]", "type"), "Ready", []string{issued, denied, failed})}},
		{"no lastTransitionTime", []metav1.Condition{noTime},
			metav1validation.ValidateConditions([]metav1.Condition{noTime}, conditionsPath)},
		{"bad reason", []metav1.Condition{condition(denied, metav1.ConditionTrue, "bad reason!")},
			metav1validation.ValidateConditions([]metav1.Condition{condition(denied, metav1.ConditionTrue, "bad reason!")}, conditionsPath)},
		{"denied twice", []metav1.Condition{condition(denied, metav1.ConditionTrue, "R"), condition(denied, metav1.ConditionTrue, "R")},
			append(field.ErrorList{field.Invalid(conditionsPath.Child("[1]", "type"), denied, `There may be at most one condition with type "Issued", "Denied", or "Failed"`)},
				metav1validation.ValidateConditions([]metav1.Condition{condition(denied, metav1.ConditionTrue, "R"), condition(denied, metav1.ConditionTrue, "R")}, conditionsPath)...)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pcr := withStatus(old, certificatesv1.PodCertificateRequestStatus{Conditions: tc.conditions})
			assertErrors(t, pcrvalidation.ValidateStatusUpdate(pcr, old, testNow), tc.want)
		})
	}
	if len(metav1validation.ValidateConditions([]metav1.Condition{noTime}, conditionsPath)) == 0 {
		t.Error("the lastTransitionTime case expects errors")
	}
	t.Run("issued", func(t *testing.T) {
		assertErrors(t, pcrvalidation.ValidateStatusUpdate(withStatus(old, good), old, testNow), nil)
	})
}

func TestValidateStatusTransitions(t *testing.T) {
	old := stored(t)
	good := issuance(t, testNow, 24*time.Hour, 20*time.Hour)
	deniedStatus := certificatesv1.PodCertificateRequestStatus{Conditions: []metav1.Condition{condition(denied, metav1.ConditionTrue, "UnsupportedKeyType")}}
	immutableAfter := field.ErrorList{field.Invalid(statusPath, omit, "immutable after PodCertificateRequest is issued, denied, or failed")}
	moved := good.DeepCopy()
	moved.BeginRefreshAt = mtime(testNow.Add(21 * time.Hour))
	deniedWithChain := deniedStatus.DeepCopy()
	deniedWithChain.CertificateChain = good.CertificateChain
	chainOnly := certificatesv1.PodCertificateRequestStatus{CertificateChain: good.CertificateChain}
	cases := []struct {
		name     string
		old, new certificatesv1.PodCertificateRequestStatus
		want     field.ErrorList
	}{
		{"issued is immutable", good, *moved, immutableAfter},
		{"issued to denied", good, deniedStatus, immutableAfter},
		{"denied to issued", deniedStatus, good, immutableAfter},
		{"issued, unchanged", good, good, nil},
		{"denied with a chain", certificatesv1.PodCertificateRequestStatus{}, *deniedWithChain,
			field.ErrorList{field.Invalid(statusPath, omit, "non-condition status fields must be empty when denying or failing the PodCertificateRequest")}},
		{"no terminal condition", certificatesv1.PodCertificateRequestStatus{}, chainOnly,
			field.ErrorList{field.Invalid(statusPath, omit, `status is immutable unless transitioning to "Issued", "Denied", or "Failed"`)}},
		{"nothing changes", certificatesv1.PodCertificateRequestStatus{}, certificatesv1.PodCertificateRequestStatus{}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			oldPCR := withStatus(old, tc.old)
			assertErrors(t, pcrvalidation.ValidateStatusUpdate(withStatus(oldPCR, tc.new), oldPCR, testNow), tc.want)
		})
	}
}

func TestValidateStatusLifetimesAndTimes(t *testing.T) {
	nb := testNow
	lifetimeErr := func(d time.Duration, msg string) field.ErrorList {
		return field.ErrorList{field.Invalid(chainPath, d, msg)}
	}
	refreshErr := func(at time.Time, msg string) field.ErrorList {
		return field.ErrorList{field.Invalid(statusPath.Child("beginRefreshAt"), mtime(at), msg)}
	}
	skewErr := func(at time.Time) field.ErrorList {
		return field.ErrorList{field.Invalid(statusPath.Child("notBefore"), mtime(at), "must be set to within 5 minutes of kube-apiserver's current time")}
	}
	cases := []struct {
		name          string
		signer        string
		maxExpiration int32
		notBefore     time.Time
		lifetime      time.Duration
		refresh       time.Duration
		want          field.ErrorList
	}{
		{"59 minutes", "example.com/x", 86400, nb, 59 * time.Minute, 30 * time.Minute, lifetimeErr(59*time.Minute, "leaf certificate lifetime must be >= 1 hour")},
		{"1 hour", "example.com/x", 86400, nb, time.Hour, 30 * time.Minute, nil},
		{"max for kubernetes.io", "kubernetes.io/x", 86400, nb, 24 * time.Hour, 20 * time.Hour, nil},
		{"max + 1s", "example.com/x", 86400, nb, 24*time.Hour + time.Second, 20 * time.Hour,
			lifetimeErr(24*time.Hour+time.Second, "leaf certificate lifetime must be <= spec.maxExpirationSeconds (86400)")},
		{"max for other signers", "example.com/x", 7862400, nb, 7862400 * time.Second, 20 * time.Hour, nil},
		{"refresh at notBefore+10m", "example.com/x", 86400, nb, 24 * time.Hour, 10 * time.Minute, nil},
		{"refresh before notBefore+10m", "example.com/x", 86400, nb, 24 * time.Hour, 10*time.Minute - time.Second,
			refreshErr(nb.Add(10*time.Minute-time.Second), "must be at least 10 minutes after status.notBefore")},
		{"refresh at notAfter-10m", "example.com/x", 86400, nb, 24 * time.Hour, 24*time.Hour - 10*time.Minute, nil},
		{"refresh after notAfter-10m", "example.com/x", 86400, nb, 24 * time.Hour, 24*time.Hour - 10*time.Minute + time.Second,
			refreshErr(nb.Add(24*time.Hour-10*time.Minute+time.Second), "must be at least 10 minutes before status.notAfter")},
		{"notBefore 4m59s early", "example.com/x", 86400, nb.Add(-299 * time.Second), 24 * time.Hour, 20 * time.Hour, nil},
		{"notBefore 5m early", "example.com/x", 86400, nb.Add(-5 * time.Minute), 24 * time.Hour, 20 * time.Hour, skewErr(nb.Add(-5 * time.Minute))},
		{"notBefore 5m late", "example.com/x", 86400, nb.Add(5 * time.Minute), 24 * time.Hour, 20 * time.Hour, skewErr(nb.Add(5 * time.Minute))},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			old := stored(t)
			old.Spec.SignerName, old.Spec.MaxExpirationSeconds = tc.signer, ptr(tc.maxExpiration)
			pcr := withStatus(old, issuance(t, tc.notBefore, tc.lifetime, tc.refresh))
			assertErrors(t, pcrvalidation.ValidateStatusUpdate(pcr, old, testNow), tc.want)
		})
	}
}

func TestValidateStatusChain(t *testing.T) {
	old := stored(t)
	nb, na := testNow, testNow.Add(24*time.Hour)
	refresh := testNow.Add(20 * time.Hour)
	leaf := leafPEM(t, testKey(t, "ed25519").Public(), nb, na)
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	otherLeaf := leafPEM(t, otherKey.Public(), nb, na)
	sanLeaf := leafPEM(t, otherKey.Public(), nb, na, "a..b", ".x", "ok.example.com", "y.", ".a..b.", "")
	invalid := func(value any, msg string) field.ErrorList {
		return field.ErrorList{field.Invalid(chainPath, value, msg)}
	}
	cases := []struct {
		name  string
		chain string
		want  field.ErrorList
	}{
		{"leaf only", leaf, nil},
		{"leaf and CA", leaf + caPEM(t), nil},
		{"text before the leaf", "hello\n" + leaf, nil},
		{"no PEM", "garbage", invalid("garbage", "issued certificate chain must contain at least one certificate")},
		{"not a certificate", pemBlock("PRIVATE KEY", []byte("k")), invalid(pemBlock("PRIVATE KEY", []byte("k")),
			"issued certificate chain must consist entirely of CERTIFICATE PEM blocks")},
		{"garbage DER", pemBlock("CERTIFICATE", []byte("not DER")), invalid(pemBlock("CERTIFICATE", []byte("not DER")),
			"leaf certificate does not parse as valid X.509")},
		{"other key", otherLeaf, invalid(otherLeaf, "leaf certificate was not issued to the requested public key")},
		{"SANs and other key, collected", sanLeaf, field.ErrorList{
			field.Invalid(chainPath, "a..b", "leaf certificate's DNSName should not contain '..'"),
			field.Invalid(chainPath, ".x", "leaf certificate's DNSName should not start or end with '.'"),
			field.Invalid(chainPath, "y.", "leaf certificate's DNSName should not start or end with '.'"),
			// Each check stands alone: one name, two causes.
			field.Invalid(chainPath, ".a..b.", "leaf certificate's DNSName should not contain '..'"),
			field.Invalid(chainPath, ".a..b.", "leaf certificate's DNSName should not start or end with '.'"),
			field.Invalid(chainPath, "", "leaf certificate should not contain empty DNSName"),
			field.Invalid(chainPath, sanLeaf, "leaf certificate was not issued to the requested public key")}},
		{"bad block after the leaf", leaf + pemBlock("FOO", []byte("x")), invalid(leaf+pemBlock("FOO", []byte("x")),
			"issued certificate chain must consist entirely of CERTFICATE PEM blocks")},
		{"bad intermediate", leaf + pemBlock("CERTIFICATE", []byte("x")), invalid(leaf+pemBlock("CERTIFICATE", []byte("x")),
			"intermediate certificate does not parse as valid X.509")},
		{"too long", leaf + strings.Repeat("x", 102401-len(leaf)), field.ErrorList{field.TooLong(chainPath, "", 102400)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pcr := withStatus(old, issuedStatus(tc.chain, nb, na, refresh))
			assertErrors(t, pcrvalidation.ValidateStatusUpdate(pcr, old, testNow), tc.want)
		})
	}
	t.Run("other key, the times not looked at", func(t *testing.T) {
		status := issuedStatus(otherLeaf, nb, na, refresh)
		status.NotBefore, status.NotAfter, status.BeginRefreshAt = nil, nil, nil
		want := invalid(otherLeaf, "leaf certificate was not issued to the requested public key")
		assertErrors(t, pcrvalidation.ValidateStatusUpdate(withStatus(old, status), old, testNow), want)
	})
	t.Run("missing times, all reported after the names", func(t *testing.T) {
		chain := leafPEM(t, testKey(t, "ed25519").Public(), nb, na, ".x")
		status := issuedStatus(chain, nb, na, refresh)
		status.NotBefore, status.NotAfter, status.BeginRefreshAt = nil, nil, nil
		want := field.ErrorList{
			field.Invalid(chainPath, ".x", "leaf certificate's DNSName should not start or end with '.'"),
			field.Required(statusPath.Child("notBefore"), "must be present and consistent with the issued certificate"),
			field.Required(statusPath.Child("notAfter"), "must be present and consistent with the issued certificate"),
			field.Required(statusPath.Child("beginRefreshAt"), "must be present and in the range [notbefore+10min, notafter-10min]"),
		}
		assertErrors(t, pcrvalidation.ValidateStatusUpdate(withStatus(old, status), old, testNow), want)
	})
	t.Run("times must match the leaf", func(t *testing.T) {
		status := issuedStatus(leaf, nb.Add(time.Second), na, refresh)
		want := field.ErrorList{field.Invalid(statusPath.Child("notBefore"), mtime(nb.Add(time.Second)), "must be set to the NotBefore time encoded in the leaf certificate")}
		assertErrors(t, pcrvalidation.ValidateStatusUpdate(withStatus(old, status), old, testNow), want)
		status = issuedStatus(leaf, nb, na.Add(time.Second), refresh)
		want = field.ErrorList{field.Invalid(statusPath.Child("notAfter"), mtime(na.Add(time.Second)), "must be set to the NotAfter time encoded in the leaf certificate")}
		assertErrors(t, pcrvalidation.ValidateStatusUpdate(withStatus(old, status), old, testNow), want)
	})
	t.Run("value renders as RFC 3339", func(t *testing.T) {
		status := issuedStatus(leaf, nb.Add(time.Second), na, refresh)
		got := pcrvalidation.ValidateStatusUpdate(withStatus(old, status), old, testNow)
		want := fmt.Sprintf(`status.notBefore: Invalid value: %q: must be set to the NotBefore time encoded in the leaf certificate`, nb.Add(time.Second).Format(time.RFC3339))
		if len(got) != 1 || got[0].Error() != want {
			t.Errorf("got %v, want %s", got, want)
		}
	})
}
