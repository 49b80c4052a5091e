package external

import (
	"testing"

	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func validCSR() *certificatesv1.CertificateSigningRequest {
	seconds := int32(3600)
	return &certificatesv1.CertificateSigningRequest{
		ObjectMeta: metav1.ObjectMeta{Name: "csr-1", ResourceVersion: "1"},
		Spec: certificatesv1.CertificateSigningRequestSpec{
			Request:           []byte("csr"),
			SignerName:        "example.com/signer",
			ExpirationSeconds: &seconds,
			Usages:            []certificatesv1.KeyUsage{certificatesv1.UsageDigitalSignature, certificatesv1.UsageClientAuth},
			Username:          "alice",
			Extra:             map[string]certificatesv1.ExtraValue{"example.com/team": {"a"}},
		},
		Status: certificatesv1.CertificateSigningRequestStatus{
			Conditions: []certificatesv1.CertificateSigningRequestCondition{{Type: certificatesv1.CertificateApproved, Reason: "ok"}},
		},
	}
}

func TestDeclaredRules(t *testing.T) {
	expect.Errors(t, Validate_CertificateSigningRequest(expect.Ctx, expect.Create, nil, validCSR(), nil))

	bad := validCSR()
	bad.Namespace = "ns" // cluster-scoped (+genclient:nonNamespaced on the declaration)
	seconds := int32(60)
	bad.Spec.ExpirationSeconds = &seconds
	bad.Spec.Usages = []certificatesv1.KeyUsage{"server auth", "server auth", "a-key-usage-far-too-long"}
	bad.Spec.Username = "system:anonymous"
	bad.Spec.Extra = map[string]certificatesv1.ExtraValue{"not a key": {"a", "b", "c"}}
	bad.Status.Conditions = []certificatesv1.CertificateSigningRequestCondition{
		{Type: "Approved", Reason: "a reason that is too long"},
		{Type: "Pending"},
		{Type: "Approved"},
	}
	// Metadata, then the declaration's custom validation, then its fields
	// in declaration order (status, spec), with JSON names from the
	// external type.
	expect.Errors(t, Validate_CertificateSigningRequest(expect.Ctx, expect.Create, nil, bad, nil),
		`metadata.namespace: Forbidden: not allowed on this type`,
		`status.conditions[0].reason: Too long: may not be more than 16 characters`,
		`status.conditions[1].type: Unsupported value: "Pending": supported values: "Approved", "Denied", "Failed"`,
		`status.conditions[2]: Duplicate value: {"type":"Approved"}`,
		`spec.expirationSeconds: Invalid value: 60: must be greater than or equal to 600`,
		`spec.usages[1]: Duplicate value: "server auth"`,
		`spec.usages[2]: Too long: may not be more than 20 characters`,
		`spec.username: Forbidden: anonymous requests are not signed`,
		`spec.extra: Invalid value: "not a key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		`spec.extra[not a key]: Too many: 3: must have at most 2 items`,
	)

	// Short-circuits and the custom validation of the whole object.
	unsigned := validCSR()
	unsigned.Spec.SignerName = ""
	unsigned.Spec.Usages = []certificatesv1.KeyUsage{"a", "b", "c", "d"}
	expect.Errors(t, Validate_CertificateSigningRequest(expect.Ctx, expect.Create, field.NewPath("csr"), unsigned, nil),
		`csr.spec.signerName: Required value`,
		`csr.spec.usages: Too many: 4: must have at most 3 items`,
	)
	noRequest := validCSR()
	noRequest.Spec.Request = nil
	noRequest.Spec.SignerName = "Example.com/x"
	expect.Errors(t, Validate_CertificateSigningRequest(expect.Ctx, expect.Create, nil, noRequest, nil),
		`spec.request: Required value: a signer needs a request`,
		`spec.signerName: Invalid value: "Example.com/x": spec.signerName in body should match '^[a-z0-9.-]+/[a-z0-9.-]+$'`,
	)
}

func TestRatcheting(t *testing.T) {
	old := validCSR()
	old.Spec.Username = "system:anonymous"
	old.Status.Conditions[0].Reason = "a reason that is too long"
	updated := old.DeepCopy()
	updated.Spec.Usages = append(updated.Spec.Usages, updated.Spec.Usages[0])
	// Unchanged invalid values are not validated again; changed ones are.
	expect.Errors(t, Validate_CertificateSigningRequest(expect.Ctx, expect.Update, nil, updated, old),
		`spec.usages[2]: Duplicate value: "digital signature"`,
	)
}

func TestRegisterValidations(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := RegisterValidations(scheme); err != nil {
		t.Fatal(err)
	}
	bad := validCSR()
	bad.Spec.SignerName = ""
	expect.Errors(t, scheme.Validate(expect.Ctx, nil, bad), `spec.signerName: Required value`)
	old := validCSR()
	status := old.DeepCopy()
	status.Status.Conditions = append(status.Status.Conditions, certificatesv1.CertificateSigningRequestCondition{Type: "Denied", Reason: "a reason that is too long"})
	expect.Errors(t, scheme.ValidateUpdate(expect.Ctx, nil, status, old, "status"),
		`status.conditions[1].reason: Too long: may not be more than 16 characters`)
}

// TestTemplate: the package's own type calls the declared validation of
// the external type it holds.
func TestTemplate(t *testing.T) {
	tmpl := &Template{ObjectMeta: metav1.ObjectMeta{Name: "t", Namespace: "ns"}, Spec: validCSR().Spec}
	expect.Errors(t, Validate_Template(expect.Ctx, expect.Create, nil, tmpl, nil))
	tmpl.Spec.SignerName = ""
	expect.Errors(t, Validate_Template(expect.Ctx, expect.Create, nil, tmpl, nil), `spec.signerName: Required value`)
}
