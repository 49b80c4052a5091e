package certificatesv1_test

import (
	"fmt"
	"strings"
	"testing"

	certificatesv1 "k8s.io/api/certificates/v1"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

var (
	specPath  = field.NewPath("spec")
	signerP   = specPath.Child("signerName")
	stubPath  = specPath.Child("stubPKCS10Request")
	expPath   = specPath.Child("maxExpirationSeconds")
	annotPath = specPath.Child("unverifiedUserAnnotations")
)

// subdomainErrors are the server's errors for a name that must be a DNS
// subdomain; the messages come from apimachinery.
func subdomainErrors(p *field.Path, value string) field.ErrorList {
	var errs field.ErrorList
	for _, m := range apivalidation.NameIsDNSSubdomain(value, false) {
		errs = append(errs, field.Invalid(p, value, m))
	}
	return errs
}

func TestValidateCreateKeys(t *testing.T) {
	corrupt := csrFor(t, testKey(t, "ed25519"))
	corrupt[len(corrupt)-1] ^= 0xff // the last byte of the signature
	omit := field.OmitValueType{}
	cases := []struct {
		name string
		stub func() []byte
		want field.ErrorList
	}{
		{"Ed25519", func() []byte { return csrFor(t, testKey(t, "ed25519")) }, nil},
		{"ECDSA P-224", func() []byte { return csrFor(t, testKey(t, "p224")) }, field.ErrorList{
			field.Invalid(stubPath, "curve P-224", "elliptic public keys must use curve P256, P384, or P521")}},
		{"ECDSA P-256", func() []byte { return csrFor(t, testKey(t, "p256")) }, nil},
		{"ECDSA P-384", func() []byte { return csrFor(t, testKey(t, "p384")) }, nil},
		{"ECDSA P-521", func() []byte { return csrFor(t, testKey(t, "p521")) }, nil},
		{"RSA 2048", func() []byte { return csrFor(t, testKey(t, "rsa2048")) }, field.ErrorList{
			field.Invalid(stubPath, "2048-bit modulus", "RSA keys must have modulus size 3072 or 4096")}},
		{"RSA 3072", func() []byte { return csrFor(t, testKey(t, "rsa3072")) }, nil},
		{"RSA 4096", func() []byte { return csrFor(t, testKey(t, "rsa4096")) }, nil},
		{"CSR with SANs is not checked", func() []byte { return csrFor(t, testKey(t, "ed25519"), "a.example.com") }, nil},
		{"garbage DER", func() []byte { return []byte("junk") }, field.ErrorList{field.Invalid(stubPath, omit, "must be a valid PKCS#10 CSR")}},
		{"bad signature", func() []byte { return corrupt }, field.ErrorList{field.Invalid(stubPath, omit, "invalid signature")}},
		{"too long wins over parsing", func() []byte { return make([]byte, 10241) }, field.ErrorList{field.TooLong(stubPath, "", 10240)}},
		{"missing", func() []byte { return nil }, field.ErrorList{
			field.Invalid(specPath, omit, "exactly one of (stubPKCS10Request) or (pkixPublicKey, proofOfPossession) must be set")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pcr := validPCR(t)
			pcr.Spec.StubPKCS10Request = tc.stub()
			assertErrors(t, pcrvalidation.ValidateCreate(pcr), tc.want)
		})
	}
}

func TestValidateCreateMaxExpiration(t *testing.T) {
	signers := map[string]int32{
		"kubernetes.io/x": 86400, "foo.kubernetes.io/x": 86400,
		"example.com/x": 7862400, "notkubernetes.io/x": 7862400,
	}
	for signer, upper := range signers {
		for _, seconds := range []int32{3599, 3600, 86400, 86401, 7862400, 7862401} {
			t.Run(fmt.Sprintf("%s/%d", signer, seconds), func(t *testing.T) {
				pcr := validPCR(t)
				pcr.Spec.SignerName, pcr.Spec.MaxExpirationSeconds = signer, ptr(seconds)
				var want field.ErrorList
				if seconds < 3600 || seconds > upper {
					want = field.ErrorList{field.Invalid(expPath, seconds, fmt.Sprintf("must be in the range [3600, %d]", upper))}
				}
				assertErrors(t, pcrvalidation.ValidateCreate(pcr), want)
			})
		}
	}
	t.Run("nil skips the key checks", func(t *testing.T) {
		pcr := validPCR(t)
		pcr.Spec.MaxExpirationSeconds, pcr.Spec.StubPKCS10Request = nil, []byte("junk")
		assertErrors(t, pcrvalidation.ValidateCreate(pcr), field.ErrorList{field.Required(expPath, "must be set")})
	})
}

func TestValidateCreateSignerName(t *testing.T) {
	const shape = "must be a fully qualified domain and path of the form 'example.com/signer-name'"
	label := func(value, part string, check func(string) []string) *field.Error {
		return field.Invalid(signerP, value, fmt.Sprintf("validating label %q: %s", part, check(part)[0]))
	}
	longDomain := strings.Repeat("a", 63) + "." + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 63) + ".io"
	longPath := strings.Repeat("p", 250) + "." + strings.Repeat("q", 250) + "." + strings.Repeat("r", 70)
	cases := []struct {
		signer string
		want   field.ErrorList
	}{
		{"", field.ErrorList{field.Required(signerP, "")}},
		{"foo", field.ErrorList{field.Invalid(signerP, "foo", shape)}},
		{"example.com/a/b", field.ErrorList{field.Invalid(signerP, "example.com/a/b", shape)}},
		{"example/foo", field.ErrorList{field.Invalid(signerP, "example", "should be a domain with at least two segments separated by dots")}},
		{"Example.com/foo", field.ErrorList{label("Example.com", "Example", utilvalidation.IsDNS1123Label)}},
		{"Ex.AMPLE.com/foo", field.ErrorList{label("Ex.AMPLE.com", "Ex", utilvalidation.IsDNS1123Label)}},
		{"example.com/Foo_Bar", field.ErrorList{label("Foo_Bar", "Foo_Bar", utilvalidation.IsDNS1123Subdomain)}},
		{"example.com/", field.ErrorList{label("", "", utilvalidation.IsDNS1123Subdomain)}},
		{"Example/", field.ErrorList{
			label("Example", "Example", utilvalidation.IsDNS1123Label),
			field.Invalid(signerP, "Example", "should be a domain with at least two segments separated by dots"),
			label("", "", utilvalidation.IsDNS1123Subdomain)}},
		{longDomain + "/x", field.ErrorList{field.TooLong(signerP, "", 253)}},
		{"example.com/" + longPath, field.ErrorList{field.TooLong(signerP, "", 571)}},
		{"a.kubernetes.io/some.path", nil},
	}
	for _, tc := range cases {
		t.Run(tc.signer, func(t *testing.T) {
			pcr := validPCR(t)
			pcr.Spec.SignerName = tc.signer
			assertErrors(t, pcrvalidation.ValidateCreate(pcr), tc.want)
		})
	}
}

func TestValidateCreateFields(t *testing.T) {
	long := strings.Repeat("u", 129)
	cases := []struct {
		name   string
		mutate func(*certificatesv1.PodCertificateRequestSpec)
		want   field.ErrorList
	}{
		{"empty podName is Invalid", func(s *certificatesv1.PodCertificateRequestSpec) { s.PodName = "" }, subdomainErrors(specPath.Child("podName"), "")},
		{"bad serviceAccountName", func(s *certificatesv1.PodCertificateRequestSpec) { s.ServiceAccountName = "SA" },
			subdomainErrors(specPath.Child("serviceAccountName"), "SA")},
		{"empty nodeName", func(s *certificatesv1.PodCertificateRequestSpec) { s.NodeName = "" }, subdomainErrors(specPath.Child("nodeName"), "")},
		{"empty podUID", func(s *certificatesv1.PodCertificateRequestSpec) { s.PodUID = "" },
			field.ErrorList{field.Invalid(specPath.Child("podUID"), "", "must not be empty")}},
		{"128-byte UIDs", func(s *certificatesv1.PodCertificateRequestSpec) {
			s.PodUID, s.ServiceAccountUID, s.NodeUID = typesUID(long[1:]), typesUID(long[1:]), typesUID(long[1:])
		}, nil},
		{"129-byte UIDs", func(s *certificatesv1.PodCertificateRequestSpec) {
			s.PodUID, s.ServiceAccountUID, s.NodeUID = typesUID(long), typesUID(long), typesUID(long)
		}, field.ErrorList{
			field.TooLong(specPath.Child("podUID"), "", 128),
			field.TooLong(specPath.Child("serviceAccountUID"), "", 128),
			field.TooLong(specPath.Child("nodeUID"), "", 128)}},
		{"annotation without a domain", func(s *certificatesv1.PodCertificateRequestSpec) {
			s.UnverifiedUserAnnotations = map[string]string{"foo": "bar"}
		},
			utilvalidation.IsDomainPrefixedKey(annotPath, "foo")},
		{"empty annotation key", func(s *certificatesv1.PodCertificateRequestSpec) {
			s.UnverifiedUserAnnotations = map[string]string{"": "v"}
		},
			field.ErrorList{field.Required(annotPath, "")}},
		{"annotation with an empty name part", func(s *certificatesv1.PodCertificateRequestSpec) {
			s.UnverifiedUserAnnotations = map[string]string{"example.com/": "v"}
		}, utilvalidation.IsDomainPrefixedKey(annotPath, "example.com/")},
		{"annotation keys are lowercased", func(s *certificatesv1.PodCertificateRequestSpec) {
			s.UnverifiedUserAnnotations = map[string]string{"Example.COM/Foo": "any !@#"}
		}, nil},
		{"empty annotations", func(s *certificatesv1.PodCertificateRequestSpec) { s.UnverifiedUserAnnotations = map[string]string{} }, nil},
		{"annotations over 256 KiB", func(s *certificatesv1.PodCertificateRequestSpec) {
			s.UnverifiedUserAnnotations = map[string]string{"example.com/k": strings.Repeat("x", 262144)}
		}, field.ErrorList{field.TooLong(annotPath, "", 262144)}},
		{"annotations at 256 KiB", func(s *certificatesv1.PodCertificateRequestSpec) {
			s.UnverifiedUserAnnotations = map[string]string{"example.com/k": strings.Repeat("x", 262144-len("example.com/k"))}
		}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pcr := validPCR(t)
			tc.mutate(&pcr.Spec)
			assertErrors(t, pcrvalidation.ValidateCreate(pcr), tc.want)
		})
	}
}

// TestValidateCreateOrder is spec §4.3's example: metadata first, then the
// spec in field order.
func TestValidateCreateOrder(t *testing.T) {
	pcr := validPCR(t)
	pcr.Name, pcr.Labels, pcr.Finalizers = "Bad_Name", map[string]string{"-x": "v"}, []string{"foo"}
	pcr.Spec.MaxExpirationSeconds = ptr(int32(100))
	pcr.Spec.PodUID = ""
	got := pcrvalidation.ValidateCreate(pcr)
	var paths []string
	for _, e := range got {
		paths = append(paths, e.Field)
	}
	want := []string{"metadata.name", "metadata.labels", "metadata.finalizers[0]", "spec.podUID", "spec.maxExpirationSeconds"}
	if strings.Join(paths, ",") != strings.Join(want, ",") {
		t.Errorf("paths = %v, want %v\n%v", paths, want, got)
	}
	if last := got[len(got)-1].Error(); last != "spec.maxExpirationSeconds: Invalid value: 100: must be in the range [3600, 7862400]" {
		t.Errorf("last error = %s", last)
	}
}

func TestValidateUpdate(t *testing.T) {
	old := stored(t)
	t.Run("metadata change", func(t *testing.T) {
		pcr := old.DeepCopy()
		pcr.Labels = map[string]string{"a": "b"}
		assertErrors(t, pcrvalidation.ValidateUpdate(pcr, old), nil)
	})
	t.Run("spec is immutable", func(t *testing.T) {
		pcr := old.DeepCopy()
		pcr.Spec.PodName = "pod-2"
		got := pcrvalidation.ValidateUpdate(pcr, old)
		want := fmt.Sprintf(`spec: Invalid value: {"SignerName":"example.com/foo","PodName":"pod-2","PodUID":"pod-uid-1",`+
			`"ServiceAccountName":"sa-1","ServiceAccountUID":"sa-uid-1","NodeName":"node-1","NodeUID":"node-uid-1",`+
			`"MaxExpirationSeconds":86400,"PKIXPublicKey":null,"ProofOfPossession":null,"StubPKCS10Request":%q,`+
			`"UnverifiedUserAnnotations":null}: field is immutable`, b64(old.Spec.StubPKCS10Request))
		if len(got) != 1 || got[0].Type != field.ErrorTypeInvalid || got[0].Error() != want {
			t.Errorf("got %v\nwant %s", got, want)
		}
	})
}
