package pcr

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"fmt"
	"net"
	"net/url"
	"time"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// sans are the subject alternative names of a leaf. raw, when set, is the
// whole extension, in the order given, and the other lists are ignored: it
// makes names crypto/x509 would not encode, and orders the kinds freely.
type sans struct {
	dns, emails []string
	ips         []net.IP
	uris        []string
	raw         []rawName
}

// rawName is one GeneralName: its context tag (RFC 5280 §4.2.1.6) and bytes.
type rawName struct {
	tag   int
	value string
}

const (
	tagEmail = 1
	tagDNS   = 2
	tagURI   = 6
	tagIP    = 7
)

var oidSubjectAltName = asn1.ObjectIdentifier{2, 5, 29, 17}

func (s sans) apply(template *x509.Certificate) {
	if len(s.raw) > 0 {
		var values []asn1.RawValue
		for _, n := range s.raw {
			values = append(values, asn1.RawValue{Tag: n.tag, Class: asn1.ClassContextSpecific, Bytes: []byte(n.value)})
		}
		der, err := asn1.Marshal(values)
		if err != nil {
			panic(err)
		}
		template.ExtraExtensions = append(template.ExtraExtensions, pkix.Extension{Id: oidSubjectAltName, Value: der})
		return
	}
	template.DNSNames, template.EmailAddresses, template.IPAddresses = s.dns, s.emails, s.ips
	for _, raw := range s.uris {
		u, err := url.Parse(raw)
		if err != nil {
			panic(err)
		}
		template.URIs = append(template.URIs, u)
	}
}

// sanFlows issue leaves whose names break none, one, two or all of the
// server's checks, for each kind of name. kube-apiserver 1.37.2 checks every
// DNS name (empty; contains ".."; starts or ends with "."; each check on its
// own, so one name can fail two), then every email address (net/mail must
// parse it), all before the key and the times; it has no checks of its own
// for URIs and IP addresses, which crypto/x509 refuses only when it cannot
// parse the leaf (a URI host that is not a domain, an IP of neither 4 nor 16
// bytes), and then nothing else about the leaf is reported. The answers were
// recorded from kube-apiserver 1.37.2.
func (f *Fixture) sanFlows() []flows.Flow {
	nb := f.Now
	issue := func(pub any, names sans, timed bool) issuance {
		i := issuance{chain: f.leafWith(pub, nb, nb.Add(24*time.Hour), names)}
		if timed {
			i.notBefore, i.notAfter, i.refreshAt = nb, nb.Add(24*time.Hour), nb.Add(20*time.Hour)
		}
		return i
	}
	invalid := func(value any, message string) flows.Cause {
		return flows.Cause{Reason: "FieldValueInvalid", Field: "status.certificateChain", Message: fmt.Sprintf("Invalid value: %q: %s", value, message)}
	}
	empty := func() flows.Cause { return invalid("", "leaf certificate should not contain empty DNSName") }
	dots := func(name string) flows.Cause {
		return invalid(name, "leaf certificate's DNSName should not contain '..'")
	}
	edge := func(name string) flows.Cause {
		return invalid(name, "leaf certificate's DNSName should not start or end with '.'")
	}
	email := func(address string) flows.Cause {
		return invalid(address, "leaf certificate should not contain invalid EmailAddress")
	}
	required := func(field, message string) flows.Cause {
		return flows.Cause{Reason: "FieldValueRequired", Field: "status." + field, Message: "Required value: " + message}
	}
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)

	// row creates P0 and issues i; want nil means the server accepts it.
	row := func(id string, i issuance, want func(chain string) []flows.Cause) flows.Flow {
		step := flows.Step{Do: flows.PutStatus(statusOverlay(f.issued(i))), Want: flows.Updated(true)}
		watch := []string{"ADDED", "MODIFIED"}
		if want != nil {
			step.Want, watch = flows.Invalid(want(i.chain)...), []string{"ADDED"}
		}
		return flows.Flow{ID: id, Steps: []flows.Step{{Do: flows.Create(""), Want: flows.Created()}, step}, Watch: watch}
	}
	leaf := func(names sans) issuance { return issue(f.Key.Public(), names, true) }
	causes := func(cs ...flows.Cause) func(string) []flows.Cause {
		return func(string) []flows.Cause { return cs }
	}
	unparsable := func(chain string) []flows.Cause {
		return []flows.Cause{invalid(chain, "leaf certificate does not parse as valid X.509")}
	}
	return []flows.Flow{
		// DNS names.
		row("S26-dns-ok", leaf(sans{dns: []string{"a.example.com", "*.example.com", "UPPER.example", "a_b", "-a-", "a b", "x"}}), nil),
		row("S26-dns-empty", leaf(sans{dns: []string{""}}), causes(empty())),
		row("S26-dns-dots", leaf(sans{dns: []string{"a..b"}}), causes(dots("a..b"))),
		row("S26-dns-leading", leaf(sans{dns: []string{".a"}}), causes(edge(".a"))),
		row("S26-dns-trailing", leaf(sans{dns: []string{"a."}}), causes(edge("a."))),
		row("S26-dns-dot", leaf(sans{dns: []string{"."}}), causes(edge("."))),
		row("S26-dns-two", leaf(sans{dns: []string{".a..b."}}), causes(dots(".a..b."), edge(".a..b."))),
		row("S26-dns-dotdot", leaf(sans{dns: []string{".."}}), causes(dots(".."), edge(".."))),
		row("S26-dns-many", leaf(sans{dns: []string{"", "a..b.", "ok.example", ".x"}}),
			causes(empty(), dots("a..b."), edge("a..b."), edge(".x"))),
		row("S26-dns-nonascii", leaf(sans{raw: []rawName{{tagDNS, "é.example"}}}), unparsable),
		// Email addresses: one check, net/mail.ParseAddress.
		row("S26-email-ok", leaf(sans{emails: []string{"a@example.com", "Name <n@example.com>", "<a@b>", `"q q"@b`, "a@[1.2.3.4]"}}), nil),
		row("S26-email-empty", leaf(sans{emails: []string{""}}), causes(email(""))),
		row("S26-email-bad", leaf(sans{emails: []string{"x", "a@b@c", "ok@example.com", "a..b@c"}}),
			causes(email("x"), email("a@b@c"), email("a..b@c"))),
		row("S26-email-nonascii", leaf(sans{raw: []rawName{{tagEmail, "é@example.com"}}}), unparsable),
		// URIs: crypto/x509's parse is the only check.
		row("S26-uri-ok", leaf(sans{uris: []string{"spiffe://example.com/ns/a/sa/b", "urn:x:y", "file:///x", "https://[::1]/", "https://1.2.3.4:99/", "https://UPPER.example/"}}), nil),
		row("S26-uri-dots", leaf(sans{uris: []string{"https://a..b/"}}), unparsable),
		row("S26-uri-trailing", leaf(sans{uris: []string{"https://a.b./"}}), unparsable),
		row("S26-uri-two", leaf(sans{uris: []string{"https://.a..b./"}}), unparsable),
		row("S26-uri-escape", leaf(sans{raw: []rawName{{tagURI, "https://a%zz/"}}}), unparsable),
		row("S26-uri+dns", leaf(sans{dns: []string{".a..b."}, uris: []string{"https://a..b/"}}), unparsable),
		// IP addresses: 4 or 16 bytes, else the leaf does not parse.
		row("S26-ip-ok", leaf(sans{ips: []net.IP{net.IPv4(1, 2, 3, 4), net.IPv4zero, net.IPv4bcast, net.IPv6zero, net.IPv6loopback, net.ParseIP("::ffff:10.0.0.1"), net.ParseIP("fe80::1")}}), nil),
		row("S26-ip-len5", leaf(sans{ips: []net.IP{{1, 2, 3, 4, 5}}}), unparsable),
		row("S26-ip-len0", leaf(sans{ips: []net.IP{{}}}), unparsable),
		row("S26-ip+dns", leaf(sans{dns: []string{".a..b."}, ips: []net.IP{{1, 2, 3}}}), unparsable),
		// Every kind at once: DNS names first, then emails, whatever the
		// order in the extension.
		row("S26-all", leaf(sans{dns: []string{".a..b.", ""}, emails: []string{"x"}, uris: []string{"spiffe://example.com/a"}, ips: []net.IP{net.IPv4(10, 0, 0, 1), net.IPv6loopback}}),
			causes(dots(".a..b."), edge(".a..b."), empty(), email("x"))),
		row("S26-order", leaf(sans{raw: []rawName{{tagEmail, "x"}, {tagURI, "urn:x"}, {tagDNS, ".a..b."}, {tagIP, "\x0a\x00\x00\x01"}, {tagEmail, "y@"}}}),
			causes(dots(".a..b."), edge(".a..b."), email("x"), email("y@"))),
		// With the checks that follow: a key mismatch ends the list (the
		// times are not looked at); missing times are added; a wrong time
		// is not reported while a name is wrong.
		row("S26-san+key", issue(otherKey.Public(), sans{dns: []string{"a..b"}, emails: []string{"x"}}, false), func(chain string) []flows.Cause {
			return []flows.Cause{dots("a..b"), email("x"), invalid(chain, "leaf certificate was not issued to the requested public key")}
		}),
		row("S26-san+times", issue(f.Key.Public(), sans{dns: []string{"a..b"}}, false), causes(dots("a..b"),
			required("notBefore", "must be present and consistent with the issued certificate"),
			required("notAfter", "must be present and consistent with the issued certificate"),
			required("beginRefreshAt", "must be present and in the range [notbefore+10min, notafter-10min]"))),
		row("S26-san+notBefore", func() issuance {
			i := leaf(sans{dns: []string{".x"}})
			i.notBefore = nb.Add(time.Second)
			return i
		}(), causes(edge(".x"))),
	}
}
