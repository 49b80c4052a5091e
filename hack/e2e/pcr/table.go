package pcr

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	metav1validation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// Table returns the rows of spec §5.4 (create) and §5.5 (/status) that a
// client with the sign permission can run; S29-S30 need a second identity
// (NoSignFlows).
// Where the spec gives a message as "…", the expected text comes from the
// apimachinery function that the server calls.
func (f *Fixture) Table() []flows.Flow {
	flows := append(f.createFlows(), f.keySizeFlows()...)
	flows = append(flows, f.statusFlows()...)
	return append(flows, f.sanFlows()...)
}

func (f *Fixture) createFlows() []flows.Flow {
	subdomain := func(path, value string) []flows.Cause {
		return causes(validation.NameIsDNSSubdomain(value, false), path, value)
	}
	invalid := func(path, message string) flows.Cause {
		return flows.Cause{Reason: "FieldValueInvalid", Field: path, Message: message}
	}
	tooLong := func(path string, n int) flows.Cause {
		return flows.Cause{Reason: "FieldValueTooLong", Field: path, Message: fmt.Sprintf("Too long: may not be more than %d bytes", n)}
	}
	signer := func(value, message string) flows.Cause {
		return invalid("spec.signerName", fmt.Sprintf("Invalid value: %q: %s", value, message))
	}
	maxExpiration := func(v int, upper int) flows.Cause {
		return invalid("spec.maxExpirationSeconds", fmt.Sprintf("Invalid value: %d: must be in the range [3600, %d]", v, upper))
	}
	stub := func(message string) flows.Cause { return invalid("spec.stubPKCS10Request", message) }
	withStub := func(der []byte) string { return spec("stubPKCS10Request", base64.StdEncoding.EncodeToString(der)) }
	annotations := func(m map[string]string) string { return spec("unverifiedUserAnnotations", m) }
	annotationErrors := func(key string) flows.Want {
		return flows.Invalid(fieldCauses(utilvalidation.IsDomainPrefixedKey(field.NewPath("spec", "unverifiedUserAnnotations"), key))...)
	}
	corrupt := append([]byte(nil), f.CSR...)
	corrupt[len(corrupt)-1] ^= 0xff // the last byte of the Ed25519 signature
	sanCSR, err := newCSR(f.Key, "a.example.com")
	if err != nil {
		panic(err)
	}
	row := func(id, overlay string, want flows.Want) flows.Flow {
		watch := []string{"ADDED"}
		if want.Code != 201 {
			watch = nil
		}
		return flows.Flow{ID: id, Steps: []flows.Step{{Do: flows.Create(overlay), Want: want}}, Watch: watch}
	}
	return []flows.Flow{
		row("P1", "", flows.Created()),
		row("P2", spec("signerName", ""), flows.Invalid(flows.Cause{Reason: "FieldValueRequired", Field: "spec.signerName", Message: "Required value"})),
		row("P3", spec("signerName", "foo"), flows.Invalid(signer("foo", "must be a fully qualified domain and path of the form 'example.com/signer-name'"))),
		row("P3b", spec("signerName", "example.com/a/b"), flows.Invalid(signer("example.com/a/b", "must be a fully qualified domain and path of the form 'example.com/signer-name'"))),
		row("P4", spec("signerName", "example/foo"), flows.Invalid(signer("example", "should be a domain with at least two segments separated by dots"))),
		row("P5", spec("signerName", "Example.com/foo"), flows.Invalid(signer("Example.com",
			`validating label "Example": `+utilvalidation.IsDNS1123Label("Example")[0]))),
		row("P6", spec("signerName", "example.com/Foo_Bar"), flows.Invalid(signer("Foo_Bar",
			`validating label "Foo_Bar": `+utilvalidation.IsDNS1123Subdomain("Foo_Bar")[0]))),
		row("P7", specs("signerName", "kubernetes.io/x", "maxExpirationSeconds", 86401), flows.Invalid(maxExpiration(86401, 86400))),
		row("P7b", specs("signerName", "foo.kubernetes.io/x", "maxExpirationSeconds", 86401), flows.Invalid(maxExpiration(86401, 86400))),
		row("P8", specs("signerName", "notkubernetes.io/x", "maxExpirationSeconds", 86401), flows.Created()),
		row("P9", spec("maxExpirationSeconds", 3599), flows.Invalid(maxExpiration(3599, 7862400))),
		row("P9b", spec("maxExpirationSeconds", 7862401), flows.Invalid(maxExpiration(7862401, 7862400))),
		row("P10", spec("maxExpirationSeconds", 3600), flows.Created()),
		row("P10b", spec("maxExpirationSeconds", 7862400), flows.Created()),
		row("P11", spec("podName", ""), flows.Invalid(subdomain("spec.podName", "")...)),
		row("P12", spec("podUID", ""), flows.Invalid(invalid("spec.podUID", `Invalid value: "": must not be empty`))),
		row("P13", spec("podUID", strings.Repeat("u", 129)), flows.Invalid(tooLong("spec.podUID", 128))),
		row("P13b", spec("serviceAccountUID", strings.Repeat("u", 129)), flows.Invalid(tooLong("spec.serviceAccountUID", 128))),
		row("P13c", spec("nodeUID", strings.Repeat("u", 129)), flows.Invalid(tooLong("spec.nodeUID", 128))),
		row("P14", spec("nodeName", ""), flows.Invalid(subdomain("spec.nodeName", "")...)),
		row("P14b", spec("serviceAccountName", ""), flows.Invalid(subdomain("spec.serviceAccountName", "")...)),
		row("P15", spec("stubPKCS10Request", nil), flows.Invalid(invalid("spec",
			"Invalid value: exactly one of (stubPKCS10Request) or (pkixPublicKey, proofOfPossession) must be set"))),
		row("P16", withStub([]byte("junk")), flows.Invalid(stub("Invalid value: must be a valid PKCS#10 CSR"))),
		row("P17", withStub(make([]byte, 10241)), flows.Invalid(tooLong("spec.stubPKCS10Request", 10240))),
		row("P18", withStub(csrFor("rsa2048")), flows.Invalid(stub(`Invalid value: "2048-bit modulus": RSA keys must have modulus size 3072 or 4096`))),
		row("P19", withStub(csrFor("p224")), flows.Invalid(stub(`Invalid value: "curve P-224": elliptic public keys must use curve P256, P384, or P521`))),
		row("P20", withStub(csrFor("rsa3072")), flows.Created()),
		row("P20b", withStub(csrFor("p521")), flows.Created()),
		row("P21", withStub(corrupt), flows.Invalid(stub("Invalid value: invalid signature"))),
		row("P22", withStub(sanCSR), flows.Created()),
		row("P23", annotations(map[string]string{"foo": "bar"}), annotationErrors("foo")),
		row("P24", annotations(map[string]string{"Example.COM/Foo": "any !@#"}), flows.Created()),
		row("P25", annotations(map[string]string{"": "v"}), annotationErrors("")),
		row("P26", annotations(map[string]string{"example.com/": "v"}), annotationErrors("example.com/")),
		row("P27", annotations(map[string]string{"example.com/k": strings.Repeat("x", 262144)}),
			flows.Invalid(tooLong("spec.unverifiedUserAnnotations", 262144))),
		f.p28(),
	}
}

// p28 is several errors at once; the causes come in pipeline order.
func (f *Fixture) p28() flows.Flow {
	overlay := `{"metadata":{"name":"Bad_Name","labels":{"-x":"v"},"finalizers":["foo"]},"spec":{"maxExpirationSeconds":100}}`
	name := causes(validation.NameIsDNSSubdomain("Bad_Name", false), "metadata.name", "Bad_Name")
	labels := fieldCauses(metav1validation.ValidateLabels(map[string]string{"-x": "v"}, field.NewPath("metadata", "labels")))
	want := flows.Invalid(append(append(name, labels...),
		flows.Cause{Reason: "FieldValueInvalid", Field: "metadata.finalizers[0]",
			Message: `Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified`},
		flows.Cause{Reason: "FieldValueInvalid", Field: "spec.maxExpirationSeconds",
			Message: "Invalid value: 100: must be in the range [3600, 7862400]"})...)
	want.Message = strings.ReplaceAll(want.Message, "{name}", "Bad_Name")
	want.Details.Name = "Bad_Name"
	return flows.Flow{ID: "P28", Steps: []flows.Step{{Do: flows.Create(overlay), Want: want}}}
}

// spec is an overlay setting one spec field (nil removes it).
func spec(key string, value any) string { return specs(key, value) }

// specs is an overlay setting spec fields, given as key, value, ...
func specs(kv ...any) string {
	fields := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		fields[kv[i].(string)] = kv[i+1]
	}
	return toJSON(map[string]any{"spec": fields})
}

// causes turns the messages of a name check into Invalid causes at path.
func causes(messages []string, path, value string) []flows.Cause {
	var out []flows.Cause
	for _, m := range messages {
		out = append(out, flows.Cause{Reason: "FieldValueInvalid", Field: path, Message: fmt.Sprintf("Invalid value: %q: %s", value, m)})
	}
	return out
}

// fieldCauses renders a field.ErrorList as a 422's causes.
func fieldCauses(errs field.ErrorList) []flows.Cause {
	var out []flows.Cause
	for _, e := range errs {
		out = append(out, flows.Cause{Reason: string(e.Type), Field: e.Field, Message: e.ErrorBody()})
	}
	return out
}

func toJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// rfc3339 renders t as the API does.
func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// conditionErrors are what ValidateConditions says about conds, as causes.
func conditionErrors(conds []metav1.Condition) []flows.Cause {
	return fieldCauses(metav1validation.ValidateConditions(conds, field.NewPath("status", "conditions")))
}
