package flows

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	utilnet "k8s.io/apimachinery/pkg/util/net"
)

// Observation is one answer reduced to what the conventions promise. Two
// servers agree on a request when their Observations are equal.
type Observation struct {
	Code int
	// Kind is KindObject or KindStatus.
	Kind string
	// Status fields.
	Status  string `json:",omitempty"`
	Reason  string `json:",omitempty"`
	Message string `json:",omitempty"`
	Details *Details
	Causes  []Cause
	// Object fields.
	Deleting   bool
	Grace      *int64
	Finalizers []string
	Generation int64
	RVChanged  bool
	Warnings   []string
}

// wireObject holds the fields of a response body that an Observation keeps.
type wireObject struct {
	Kind     string `json:"kind"`
	Metadata struct {
		Name                       string   `json:"name"`
		UID                        string   `json:"uid"`
		ResourceVersion            string   `json:"resourceVersion"`
		Generation                 int64    `json:"generation"`
		DeletionTimestamp          *string  `json:"deletionTimestamp"`
		DeletionGracePeriodSeconds *int64   `json:"deletionGracePeriodSeconds"`
		Finalizers                 []string `json:"finalizers"`
	} `json:"metadata"`
	// Status fields; an object's own status is a JSON object and is skipped.
	Status  json.RawMessage `json:"status"`
	Reason  string          `json:"reason"`
	Message string          `json:"message"`
	Details *struct {
		Details
		Causes []Cause `json:"causes"`
	} `json:"details"`
}

// observe reduces resp and its body. lastRV is the resourceVersion the flow
// last saw for its object.
func observe(resp *http.Response, body []byte, lastRV string) (Observation, wireObject, error) {
	var w wireObject
	if err := json.Unmarshal(body, &w); err != nil {
		return Observation{}, w, fmt.Errorf("HTTP %d, body is not JSON: %.200s", resp.StatusCode, body)
	}
	o := Observation{Code: resp.StatusCode, Warnings: warnings(resp.Header)}
	if w.Kind == "Status" {
		o.Kind = KindStatus
		_ = json.Unmarshal(w.Status, &o.Status)
		o.Reason, o.Message = w.Reason, w.Message
		if w.Details != nil {
			d := w.Details.Details
			o.Details, o.Causes = &d, w.Details.Causes
		}
		return o, w, nil
	}
	m := w.Metadata
	o.Kind = KindObject
	o.Deleting = m.DeletionTimestamp != nil
	o.Grace = m.DeletionGracePeriodSeconds
	o.Finalizers = m.Finalizers
	o.Generation = m.Generation
	o.RVChanged = m.ResourceVersion != lastRV
	return o, w, nil
}

// warnings returns the texts of the Warning headers.
func warnings(h http.Header) []string {
	parsed, _ := utilnet.ParseWarningHeaders(h.Values("Warning"))
	var texts []string
	for _, w := range parsed {
		texts = append(texts, w.Text)
	}
	return texts
}

// instance holds the values that differ between two runs of the same flow
// and are replaced by placeholders before answers are compared.
type instance struct {
	name, ns, uid, rv string
}

// normalize replaces the flow's uid, resourceVersion, namespace and name in
// the texts of o by {uid}, {rv}, {ns} and {name}.
func (o *Observation) normalize(in instance) {
	pairs := []string{}
	for _, p := range [][2]string{{in.uid, "{uid}"}, {in.ns, "{ns}"}, {in.name, "{name}"}} {
		if p[0] != "" {
			pairs = append(pairs, p[0], p[1])
		}
	}
	r := strings.NewReplacer(pairs...)
	// A resourceVersion is a number, so it is replaced only as a whole word.
	rv := regexp.MustCompile(`\b` + regexp.QuoteMeta(in.rv) + `\b`)
	fix := func(s string) string {
		s = r.Replace(s)
		if in.rv != "" {
			s = rv.ReplaceAllString(s, "{rv}")
		}
		return s
	}
	o.Message = fix(o.Message)
	for i := range o.Causes {
		o.Causes[i].Message = fix(o.Causes[i].Message)
	}
	for i := range o.Warnings {
		o.Warnings[i] = fix(o.Warnings[i])
	}
	if o.Details != nil {
		o.Details.Name = fix(o.Details.Name)
	}
}

// expect turns a Want into the Observation it describes for resource r,
// given the generation last seen.
func (w Want) expect(r Resource, lastGeneration int64) Observation {
	o := Observation{
		Code: w.Code, Kind: w.Kind, Reason: w.Reason, Message: r.fill(w.Message),
		Deleting: w.Deleting, Grace: w.Grace, Finalizers: w.Finalizers,
		RVChanged: w.RVChanged,
	}
	if w.Kind == KindStatus {
		o.Status = "Success"
		if w.Code >= 300 {
			o.Status = "Failure"
		}
	}
	if w.Details != nil {
		d := *w.Details
		d.Name, d.Group, d.Kind = r.fill(d.Name), r.fill(d.Group), r.fill(d.Kind)
		o.Details = &d
	}
	copies := 1
	if r.RepeatsCauses && w.CauseCopies > 1 {
		copies = w.CauseCopies
	}
	for range copies {
		for _, c := range w.Causes {
			o.Causes = append(o.Causes, Cause{Reason: c.Reason, Field: c.Field, Message: r.fill(c.Message)})
		}
	}
	for _, s := range w.Warnings {
		o.Warnings = append(o.Warnings, r.fill(s))
	}
	if w.Kind == KindObject {
		o.Generation = w.Generation.apply(r, lastGeneration)
	}
	return o
}

// apply returns the generation the change leads to from last.
func (g GenerationChange) apply(r Resource, last int64) int64 {
	switch g {
	case GenCreated:
		return r.CreateGeneration
	case GenBumped:
		if last > 0 {
			return last + 1
		}
	}
	return last
}
