package pcr

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// condition is a PCR condition as JSON; reason and lastTransitionTime are
// left out when empty.
type condition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
	LastTransitionTime string `json:"lastTransitionTime,omitempty"`
}

// issuance is a status that issues chain, with the three times.
type issuance struct {
	chain                          string
	notBefore, notAfter, refreshAt time.Time
}

func (f *Fixture) terminal(typ, reason string) condition {
	return condition{Type: typ, Status: "True", Reason: reason, Message: "m", LastTransitionTime: rfc3339(f.Now)}
}

// good is the issuance of §5.5's setup: a leaf for the CSR's key, valid
// from now for 24h, refreshed after 20h.
func (f *Fixture) good() issuance {
	nb := f.Now
	return issuance{chain: f.Leaf(f.Key.Public(), nb, nb.Add(24*time.Hour)), notBefore: nb, notAfter: nb.Add(24 * time.Hour), refreshAt: nb.Add(20 * time.Hour)}
}

// status returns the /status overlay that issues i ("ISS(x)" in the spec).
func (f *Fixture) issued(i issuance) map[string]any {
	s := map[string]any{"conditions": []condition{f.terminal("Issued", "Issued")}, "certificateChain": i.chain}
	for key, t := range map[string]time.Time{"notBefore": i.notBefore, "notAfter": i.notAfter, "beginRefreshAt": i.refreshAt} {
		if !t.IsZero() {
			s[key] = rfc3339(t)
		}
	}
	return s
}

func statusOverlay(status any) string { return toJSON(map[string]any{"status": status}) }

func conditions(cs ...condition) string {
	return statusOverlay(map[string]any{"conditions": cs})
}

func (f *Fixture) statusFlows() []flows.Flow {
	chainCause := func(chain, message string) flows.Cause {
		return flows.Cause{Reason: "FieldValueInvalid", Field: "status.certificateChain", Message: fmt.Sprintf("Invalid value: %q: %s", chain, message)}
	}
	statusCause := func(message string) flows.Cause {
		return flows.Cause{Reason: "FieldValueInvalid", Field: "status", Message: "Invalid value: " + message}
	}
	timeCause := func(field string, t time.Time, message string) flows.Cause {
		return flows.Cause{Reason: "FieldValueInvalid", Field: "status." + field, Message: fmt.Sprintf("Invalid value: %q: %s", rfc3339(t), message)}
	}
	immutableAfter := flows.Invalid(statusCause("immutable after PodCertificateRequest is issued, denied, or failed"))
	atMostOne := func(i int, typ string) flows.Cause {
		return flows.Cause{Reason: "FieldValueInvalid", Field: fmt.Sprintf("status.conditions.[%d].type", i),
			Message: fmt.Sprintf(`Invalid value: %q: There may be at most one condition with type "Issued", "Denied", or "Failed"`, typ)}
	}
	created := flows.Step{Do: flows.Create(""), Want: flows.Created()}
	// row is a flow that creates P0 and then writes its status.
	row := func(id string, watch []string, steps ...flows.Step) flows.Flow {
		if watch == nil {
			watch = []string{"ADDED"}
		}
		return flows.Flow{ID: id, Steps: append([]flows.Step{created}, steps...), Watch: watch}
	}
	put := func(overlay string, want flows.Want) flows.Step {
		return flows.Step{Do: flows.PutStatus(overlay), Want: want}
	}
	modified := []string{"ADDED", "MODIFIED"}
	nb := f.Now
	good := f.good()
	iss := func(i issuance) string { return statusOverlay(f.issued(i)) }
	withLeaf := func(nb, na, refresh time.Time, dnsNames ...string) issuance {
		return issuance{chain: f.Leaf(f.Key.Public(), nb, na, dnsNames...), notBefore: nb, notAfter: na, refreshAt: refresh}
	}
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	otherLeaf := f.Leaf(otherKey.Public(), nb, nb.Add(24*time.Hour))
	leaf := strings.SplitAfter(good.chain, "-----END CERTIFICATE-----\n")[0]
	badChain := func(chain string) issuance { i := good; i.chain = chain; return i }

	issuedS1 := f.issued(good)
	s1 := statusOverlay(issuedS1)
	s1 = s1[:len(s1)-1] + `,"metadata":{"labels":{"a":"b"}},"spec":{"podName":"pod-2"}}`
	denied := f.terminal("Denied", "UnsupportedKeyType")
	noTimes := good
	noTimes.notBefore, noTimes.notAfter, noTimes.refreshAt = time.Time{}, time.Time{}, time.Time{}
	lateRefresh := withLeaf(nb, nb.Add(24*time.Hour), nb.Add(24*time.Hour-5*time.Minute))
	earlyRefresh := withLeaf(nb, nb.Add(24*time.Hour), nb.Add(5*time.Minute))
	past := nb.Add(-10 * time.Minute)
	return []flows.Flow{
		row("S1+S2+S4+S3+S28", modified,
			put(s1, flows.Updated(true)),
			put(statusOverlay(map[string]any{"beginRefreshAt": rfc3339(nb.Add(21 * time.Hour))}), immutableAfter),
			put(conditions(f.terminal("Issued", "Issued"), f.terminal("Failed", "SignerDown")), flows.Invalid(atMostOne(1, "Failed"))),
			put(statusOverlay(map[string]any{"conditions": []condition{denied}, "certificateChain": nil, "notBefore": nil, "notAfter": nil, "beginRefreshAt": nil}), immutableAfter),
			put("", flows.Updated(false)),
		),
		row("S5", nil, put(statusOverlay(map[string]any{"conditions": []condition{denied}, "certificateChain": good.chain}),
			flows.Invalid(statusCause("non-condition status fields must be empty when denying or failing the PodCertificateRequest")))),
		row("S6+S7", modified, put(conditions(denied), flows.Updated(true)), put(iss(good), immutableAfter)),
		row("S6b", modified, put(conditions(f.terminal("Failed", "SignerDown")), flows.Updated(true))),
		row("S8", nil, put(conditions(condition{Type: "Issued", Status: "False", Reason: "Issued", Message: "m", LastTransitionTime: rfc3339(nb)}),
			flows.Invalid(flows.Cause{Reason: "FieldValueNotSupported", Field: "status.conditions.[0].status", Message: `Unsupported value: "False": supported values: "True"`}))),
		row("S9", nil, put(conditions(f.terminal("Ready", "Ready")),
			flows.Invalid(flows.Cause{Reason: "FieldValueNotSupported", Field: "status.conditions.[0].type", Message: `Unsupported value: "Ready": supported values: "Issued", "Denied", "Failed"`}))),
		row("S10", nil, put(conditions(condition{Type: "Denied", Status: "True", Message: "m"}),
			flows.Invalid(conditionErrors([]metav1.Condition{{Type: "Denied", Status: "True", Message: "m"}})...))),
		row("S11", nil, put(conditions(f.terminal("Denied", "bad reason!")),
			flows.Invalid(conditionErrors([]metav1.Condition{{Type: "Denied", Status: "True", Reason: "bad reason!", Message: "m", LastTransitionTime: metav1.NewTime(nb)}})...))),
		row("S12", nil, put(conditions(denied, denied), flows.Invalid(append([]flows.Cause{atMostOne(1, "Denied")},
			conditionErrors([]metav1.Condition{{Type: "Denied", Status: "True", Reason: "UnsupportedKeyType", Message: "m", LastTransitionTime: metav1.NewTime(nb)},
				{Type: "Denied", Status: "True", Reason: "UnsupportedKeyType", Message: "m", LastTransitionTime: metav1.NewTime(nb)}})...)...))),
		row("S13", nil, put(iss(badChain(otherLeaf)), flows.Invalid(
			chainCause(otherLeaf, "leaf certificate was not issued to the requested public key")))),
		row("S14", nil, put(iss(noTimes), flows.Invalid(
			flows.Cause{Reason: "FieldValueRequired", Field: "status.notBefore", Message: "Required value: must be present and consistent with the issued certificate"},
			flows.Cause{Reason: "FieldValueRequired", Field: "status.notAfter", Message: "Required value: must be present and consistent with the issued certificate"},
			flows.Cause{Reason: "FieldValueRequired", Field: "status.beginRefreshAt", Message: "Required value: must be present and in the range [notbefore+10min, notafter-10min]"}))),
		row("S15", nil, put(iss(issuance{good.chain, nb.Add(time.Second), good.notAfter, good.refreshAt}),
			flows.Invalid(timeCause("notBefore", nb.Add(time.Second), "must be set to the NotBefore time encoded in the leaf certificate")))),
		row("S16", nil, put(iss(issuance{good.chain, nb, good.notAfter.Add(time.Second), good.refreshAt}),
			flows.Invalid(timeCause("notAfter", good.notAfter.Add(time.Second), "must be set to the NotAfter time encoded in the leaf certificate")))),
		row("S17", nil, put(iss(withLeaf(nb, nb.Add(30*time.Minute), nb.Add(15*time.Minute))),
			flows.Invalid(flows.Cause{Reason: "FieldValueInvalid", Field: "status.certificateChain", Message: "Invalid value: 1800000000000: leaf certificate lifetime must be >= 1 hour"}))),
		row("S18", nil, put(iss(withLeaf(nb, nb.Add(25*time.Hour), nb.Add(20*time.Hour))),
			flows.Invalid(flows.Cause{Reason: "FieldValueInvalid", Field: "status.certificateChain", Message: "Invalid value: 90000000000000: leaf certificate lifetime must be <= spec.maxExpirationSeconds (86400)"}))),
		row("S19", nil, put(iss(withLeaf(past, past.Add(24*time.Hour), past.Add(20*time.Hour))),
			flows.Invalid(timeCause("notBefore", past, "must be set to within 5 minutes of kube-apiserver's current time")))),
		row("S20", nil, put(iss(earlyRefresh), flows.Invalid(timeCause("beginRefreshAt", earlyRefresh.refreshAt, "must be at least 10 minutes after status.notBefore")))),
		row("S20b", nil, put(iss(lateRefresh), flows.Invalid(timeCause("beginRefreshAt", lateRefresh.refreshAt, "must be at least 10 minutes before status.notAfter")))),
		row("S21", nil, put(iss(badChain("garbage")), flows.Invalid(chainCause("garbage", "issued certificate chain must contain at least one certificate")))),
		row("S22", nil, put(iss(badChain(pemBlock("PRIVATE KEY", []byte("k")))), flows.Invalid(
			chainCause(pemBlock("PRIVATE KEY", []byte("k")), "issued certificate chain must consist entirely of CERTIFICATE PEM blocks")))),
		row("S23", nil, put(iss(badChain(pemBlock("CERTIFICATE", []byte("not DER")))), flows.Invalid(
			chainCause(pemBlock("CERTIFICATE", []byte("not DER")), "leaf certificate does not parse as valid X.509")))),
		row("S24", nil, put(iss(badChain(leaf+pemBlock("FOO", []byte("x")))), flows.Invalid(
			chainCause(leaf+pemBlock("FOO", []byte("x")), "issued certificate chain must consist entirely of CERTFICATE PEM blocks")))),
		row("S24b", nil, put(iss(badChain(leaf+pemBlock("CERTIFICATE", []byte("x")))), flows.Invalid(
			chainCause(leaf+pemBlock("CERTIFICATE", []byte("x")), "intermediate certificate does not parse as valid X.509")))),
		row("S25", nil, put(iss(badChain(good.chain+strings.Repeat("x", 102401-len(good.chain)))), flows.Invalid(
			flows.Cause{Reason: "FieldValueTooLong", Field: "status.certificateChain", Message: "Too long: may not be more than 102400 bytes"}))),
		row("S26", nil, put(iss(withLeaf(nb, nb.Add(24*time.Hour), nb.Add(20*time.Hour), "a..b", ".x")), flows.Invalid(
			flows.Cause{Reason: "FieldValueInvalid", Field: "status.certificateChain", Message: `Invalid value: "a..b": leaf certificate's DNSName should not contain '..'`},
			flows.Cause{Reason: "FieldValueInvalid", Field: "status.certificateChain", Message: `Invalid value: ".x": leaf certificate's DNSName should not start or end with '.'`}))),
		row("S27", nil, put(statusOverlay(map[string]any{"certificateChain": good.chain}),
			flows.Invalid(statusCause(`status is immutable unless transitioning to "Issued", "Denied", or "Failed"`)))),
		row("S31", modified, flows.Step{Do: flows.Request{Method: "PATCH", Subresource: "status", Overlay: conditions(denied)}, Want: flows.Updated(true)}),
	}
}
