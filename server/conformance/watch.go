package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// eventTimeout bounds the wait for one expected watch event.
const eventTimeout = 10 * time.Second

// quietPeriod is how long a watch must stay silent after its last expected
// event for the case to pass.
const quietPeriod = 300 * time.Millisecond

// openWatch is a watch a WATCH step opened: its events arrive on events.
type openWatch struct {
	label  string
	want   []Event
	events chan watchEvent
	cancel context.CancelFunc
}

type watchEvent struct {
	Type   string         `json:"type"`
	Object map[string]any `json:"object"`
}

// openWatch starts a watch on the object named by the step, from the
// resourceVersion last seen for it (or from the step's query).
func (r *caseRun) openWatch(label string, step Step) bool {
	query := r.template(step.Query)
	if query == "" {
		rv, _ := lookup(r.saved[step.Name], "metadata.resourceVersion")
		query = url.Values{
			"watch":           {"1"},
			"fieldSelector":   {"metadata.name=" + step.Name},
			"resourceVersion": {fmt.Sprint(rv)},
		}.Encode()
	}
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.client.host+r.client.path("", "")+"?"+query, nil)
	if err != nil {
		cancel()
		r.t.Fatalf("%s: %v", label, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := r.client.http.Do(req)
	if err != nil {
		cancel()
		r.t.Errorf("%s: %v", label, err)
		return false
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		cancel()
		r.t.Errorf("%s: watch answered %d", label, resp.StatusCode)
		return false
	}
	w := &openWatch{label: label, want: step.Events, events: make(chan watchEvent, 100), cancel: cancel}
	go func() {
		defer resp.Body.Close()
		defer close(w.events)
		decoder := json.NewDecoder(resp.Body)
		for {
			var e watchEvent
			if err := decoder.Decode(&e); err != nil {
				return
			}
			if e.Type != "BOOKMARK" {
				w.events <- e
			}
		}
	}()
	r.watches = append(r.watches, w)
	return true
}

// check compares the events seen with the expected ones, in order, and
// requires silence afterwards.
func (w *openWatch) check(r *caseRun) {
	for i, want := range w.want {
		select {
		case e, ok := <-w.events:
			if !ok {
				r.t.Errorf("%s: watch ended before event %d (%s)", w.label, i+1, want.Type)
				return
			}
			if failures := w.compare(r, want, e); len(failures) > 0 {
				r.t.Errorf("%s: event %d: %v\n  event: %s %s", w.label, i+1, failures, e.Type, compact(e.Object))
				return
			}
		case <-time.After(eventTimeout):
			r.t.Errorf("%s: no event %d (%s) after %v", w.label, i+1, want.Type, eventTimeout)
			return
		}
	}
	select {
	case e, ok := <-w.events:
		if ok {
			r.t.Errorf("%s: unexpected event after the expected ones: %s %s", w.label, e.Type, compact(e.Object))
		}
	case <-time.After(quietPeriod):
	}
}

func (w *openWatch) compare(r *caseRun, want Event, got watchEvent) []string {
	var failures []string
	if got.Type != want.Type {
		failures = append(failures, fmt.Sprintf("type %s, want %s", got.Type, want.Type))
	}
	return append(failures, r.checkObject(want.Object, got.Object)...)
}

func (w *openWatch) stop() { w.cancel() }
