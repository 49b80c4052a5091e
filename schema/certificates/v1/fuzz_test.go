package certificatesv1_test

import (
	"strings"
	"testing"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

// FuzzValidateStatusUpdate feeds arbitrary conditions, chains and times to
// the status validator: it must not panic, every error must be under
// status, and an accepted write must be a terminal status or no change.
func FuzzValidateStatusUpdate(f *testing.F) {
	good := leafPEM(f, testKey(f, "ed25519").Public(), testNow, testNow.Add(24*time.Hour)) + caPEM(f)
	f.Add("Issued", "True", "Issued", good, int64(0), int64(86400), int64(72000))
	f.Add("Denied", "True", "UnsupportedKeyType", "", int64(0), int64(0), int64(0))
	f.Add("Failed", "False", "x", "garbage", int64(-300), int64(3599), int64(600))
	f.Add("Ready", "True", "bad reason!", good+"-----BEGIN FOO-----\n-----END FOO-----\n", int64(1), int64(2), int64(3))
	f.Add("", "", "", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", int64(0), int64(3600), int64(600))
	old := stored(f)
	f.Fuzz(func(t *testing.T, conditionType, status, reason, chain string, notBefore, notAfter, refresh int64) {
		pcr := old.DeepCopy()
		if conditionType != "" {
			pcr.Status.Conditions = []metav1.Condition{{Type: conditionType, Status: metav1.ConditionStatus(status),
				Reason: reason, LastTransitionTime: metav1.NewTime(testNow)}}
		}
		pcr.Status.CertificateChain = chain
		for _, set := range []struct {
			dst     **metav1.Time
			seconds int64
		}{{&pcr.Status.NotBefore, notBefore}, {&pcr.Status.NotAfter, notAfter}, {&pcr.Status.BeginRefreshAt, refresh}} {
			if set.seconds != 0 {
				*set.dst = mtime(testNow.Add(time.Duration(set.seconds%(1<<32)) * time.Second))
			}
		}
		errs := pcrvalidation.ValidateStatusUpdate(pcr, old, testNow)
		for _, e := range errs {
			if !strings.HasPrefix(e.Field, "status") {
				t.Errorf("error outside status: %v", e)
			}
		}
		if len(errs) == 0 && conditionType != "" && !isTerminalType(conditionType) {
			t.Errorf("accepted a non-terminal condition %q", conditionType)
		}
	})
}

func isTerminalType(t string) bool {
	return t == certificatesv1.PodCertificateRequestConditionTypeIssued ||
		t == certificatesv1.PodCertificateRequestConditionTypeDenied ||
		t == certificatesv1.PodCertificateRequestConditionTypeFailed
}
