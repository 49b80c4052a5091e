package flows

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Result is the outcome of one flow on one server.
type Result struct {
	Flow  Flow
	Steps []StepResult
	// Events are the watch events seen, rendered like Flow.Watch.
	Events []string
	// Err is set when the flow could not run to its end: a transport
	// error, or a body that is not JSON.
	Err error
}

// StepResult pairs the expected and the observed answer to one request.
type StepResult struct {
	Request   Request
	Want, Got Observation
}

// Diff describes every difference from the table, one block per step; it
// is empty when the server agrees with the table.
func (r Result) Diff() string {
	var b strings.Builder
	if r.Err != nil {
		fmt.Fprintf(&b, "error: %v\n", r.Err)
	}
	for i, s := range r.Steps {
		if d := cmp.Diff(s.Want, s.Got); d != "" {
			fmt.Fprintf(&b, "step %d %s %s%s (-want +got):\n%s", i+1, s.Request.Method, s.Request.Name, s.Request.Query, d)
		}
	}
	if d := cmp.Diff(r.Flow.Watch, r.Events); d != "" && r.Err == nil {
		fmt.Fprintf(&b, "watch events (-want +got):\n%s", d)
	}
	return b.String()
}

// Compare describes every difference between the answers of two servers
// to the same flow: a is the reference (the real kube-apiserver).
func Compare(a, b Result) string {
	var d strings.Builder
	if a.Err != nil || b.Err != nil {
		fmt.Fprintf(&d, "errors: %v / %v\n", a.Err, b.Err)
	}
	for i := range max(len(a.Steps), len(b.Steps)) {
		var x, y *Observation
		if i < len(a.Steps) {
			x = &a.Steps[i].Got
		}
		if i < len(b.Steps) {
			y = &b.Steps[i].Got
		}
		if diff := cmp.Diff(x, y); diff != "" {
			fmt.Fprintf(&d, "step %d (-reference +other):\n%s", i+1, diff)
		}
	}
	if diff := cmp.Diff(a.Events, b.Events); diff != "" {
		fmt.Fprintf(&d, "watch events (-reference +other):\n%s", diff)
	}
	return d.String()
}

// Run runs each flow on resource r in namespace ns, which must exist.
func Run(ctx context.Context, c *Client, r Resource, ns string, flows []Flow) []Result {
	results := make([]Result, 0, len(flows))
	for _, f := range flows {
		results = append(results, runFlow(ctx, c, r, ns, f))
	}
	return results
}

// state is what a flow knows about its object between steps.
type state struct {
	instance
	generation int64
	// last is the last object the server returned, the base of a PUT.
	last map[string]any
}

func runFlow(ctx context.Context, c *Client, r Resource, ns string, f Flow) Result {
	st := &state{instance: instance{name: "flow-" + ObjectName(f.ID), ns: ns}}
	res := Result{Flow: f}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	events, err := c.watch(ctx, r, ns, st.name)
	if err != nil {
		res.Err = fmt.Errorf("opening the watch: %w", err)
		return res
	}
	defer c.cleanup(context.WithoutCancel(ctx), r, ns, st.name)
	for _, step := range f.Steps {
		want := step.Want.expect(r, st.generation)
		got, err := st.send(ctx, c, r, step.Do)
		if err != nil {
			res.Err = fmt.Errorf("step %s %s: %w", step.Do.Method, step.Do.Query, err)
			return res
		}
		res.Steps = append(res.Steps, StepResult{Request: step.Do, Want: want, Got: got})
	}
	res.Events = collect(events, len(f.Watch))
	return res
}

// send builds and sends one request, observes the answer, and updates the
// state from it.
func (st *state) send(ctx context.Context, c *Client, r Resource, req Request) (Observation, error) {
	name := req.Name
	if name == "" {
		name = st.name
	}
	path := r.CollectionPath(st.ns)
	if req.Method != "POST" {
		path += "/" + name
	}
	if req.Subresource != "" {
		path += "/" + req.Subresource
	}
	body, contentType, err := st.body(r, req)
	if err != nil {
		return Observation{}, err
	}
	resp, raw, err := c.Do(ctx, req.Method, path, st.fill(req.Query), contentType, body)
	if err != nil {
		return Observation{}, err
	}
	got, w, err := observe(resp, raw, st.rv)
	if err != nil {
		return Observation{}, err
	}
	got.normalize(st.instance)
	// The state follows the stored object, which a dry run leaves alone.
	if got.Kind == KindObject && req.Name == "" && !strings.Contains(req.Query+req.Overlay, "dryRun") {
		st.remember(w, raw)
	}
	return got, nil
}

// body returns the request body for req, built from the state.
func (st *state) body(r Resource, req Request) ([]byte, string, error) {
	overlay := st.fill(req.Overlay)
	switch req.Method {
	case "POST":
		b, err := r.NewObject(map[string]any{"name": st.name, "namespace": st.ns}, overlay)
		return b, "application/json", err
	case "PUT":
		b, err := MergeJSON(st.last, overlay)
		return b, "application/json", err
	case "PATCH":
		ct := req.ContentType
		if ct == "" {
			ct = "application/merge-patch+json"
		}
		return []byte(overlay), ct, nil
	case "DELETE":
		if overlay == "" {
			return nil, "", nil
		}
		return []byte(overlay), "application/json", nil
	}
	return nil, "", nil
}

// remember keeps the object the server returned.
func (st *state) remember(w wireObject, raw []byte) {
	if st.uid == "" {
		st.uid = w.Metadata.UID
	}
	st.rv = w.Metadata.ResourceVersion
	st.generation = w.Metadata.Generation
	st.last = nil
	_ = json.Unmarshal(raw, &st.last)
}

// fill replaces the instance placeholders in s with the current values.
func (st *state) fill(s string) string {
	return strings.NewReplacer("{name}", st.name, "{ns}", st.ns, "{uid}", st.uid, "{rv}", st.rv).Replace(s)
}

// collect returns the events received until want of them arrived (plus a
// short wait for unexpected extra ones) or a deadline passed.
func collect(events <-chan string, want int) []string {
	var got []string
	deadline := time.After(5 * time.Second)
	var extra <-chan time.Time
	if want == 0 {
		extra = time.After(300 * time.Millisecond)
	}
	for {
		select {
		case e, ok := <-events:
			if !ok {
				return got
			}
			got = append(got, e)
			if len(got) == want {
				extra = time.After(300 * time.Millisecond)
			}
		case <-extra:
			return got
		case <-deadline:
			return got
		}
	}
}

// ObjectName turns a flow ID such as "D2+D5" into an object name "d2-d5".
func ObjectName(id string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			return c
		case c >= 'A' && c <= 'Z':
			return c - 'A' + 'a'
		}
		return '-'
	}, id)
}

// MergeJSON applies each JSON merge patch (RFC 7386) in order to a copy
// of base and returns the result. Empty patches are skipped.
func MergeJSON(base map[string]any, patches ...string) ([]byte, error) {
	raw, err := json.Marshal(base)
	if err != nil {
		return nil, err
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	for _, p := range patches {
		if p == "" {
			continue
		}
		var patch any
		if err := json.Unmarshal([]byte(p), &patch); err != nil {
			return nil, fmt.Errorf("bad overlay %q: %w", p, err)
		}
		doc = mergePatch(doc, patch)
	}
	return json.Marshal(doc)
}

func mergePatch(doc, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	d, ok := doc.(map[string]any)
	if !ok {
		d = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(d, k)
		} else {
			d[k] = mergePatch(d[k], v)
		}
	}
	return d
}
