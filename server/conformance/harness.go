// Package conformance is a differential harness for Kubernetes API servers:
// a table of request sequences, each request's answer checked (status code,
// Object or Status, reason, message, causes, key metadata, Warning headers,
// watch events), written to run unchanged against metagen's in-process
// server or any rest.Config, a real kube-apiserver included.
//
// The cases describe how kube-apiserver 1.37 treats a custom resource (the
// example Widget, served from a CRD) on ObjectMeta, finalizers and deletion;
// each names its line in the metagen conventions spec (sections 1–3 and 5).
// The N cases cover namespaces on a server without a controller manager: the
// Namespace registry, and the NamespaceLifecycle admission's answers to
// creates in missing and terminating namespaces.
// A server serving the same kind from Go types is expected to answer the
// same way, or as for a built-in type (Target.BuiltIn) when its validation
// says so.
//
// Against a real cluster, install the Widget CRD (server/testdata/crds) and
// run, from a test:
//
//	target := conformance.WidgetTarget()
//	conformance.Run(t, restConfig, target, conformance.Cases(target), conformance.Options{})
//
// The harness creates a namespace when the server serves namespaces, and
// removes the finalizers of everything it created before deleting it; the
// namespaces a case creates are deleted and finalized.
package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

// Options tune a run.
type Options struct {
	// Only runs the cases whose ID is listed (all when empty).
	Only []string
	// Skip leaves out the cases whose ID is listed, with the reason logged.
	Skip map[string]string
}

// Run runs cases against the server cfg points at, as subtests of t.
func Run(t *testing.T, cfg *rest.Config, target Target, cases []Case, opts Options) {
	t.Helper()
	client, err := newClient(cfg, target)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := client.setUpNamespace(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.tearDownNamespace(context.Background()) })
	only := map[string]bool{}
	for _, id := range opts.Only {
		only[id] = true
	}
	for _, c := range cases {
		if len(only) > 0 && !only[c.ID] {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			if reason, ok := opts.Skip[c.ID]; ok {
				t.Skip(reason)
			}
			run := newCaseRun(t, client, c)
			defer run.cleanUp()
			run.steps()
		})
	}
}

// caseRun is the state of one case: the objects seen, open watches.
type caseRun struct {
	t             *testing.T
	client        *client
	c             Case
	saved         map[string]map[string]any // last object seen, by name
	aliases       map[string]map[string]any // objects saved with SaveAs
	continueToken any                       // of the last list
	watches       []*openWatch
	namespaces    []string // namespaces the case created, removed at the end
}

func newCaseRun(t *testing.T, client *client, c Case) *caseRun {
	return &caseRun{t: t, client: client, c: c, saved: map[string]map[string]any{}, aliases: map[string]map[string]any{}}
}

// object returns the object saved under name, an alias first.
func (r *caseRun) object(name string) map[string]any {
	if obj, ok := r.aliases[name]; ok {
		return obj
	}
	return r.saved[name]
}

func (r *caseRun) steps() {
	for i, step := range r.c.Steps {
		label := fmt.Sprintf("%s step %d (%s %s%s)", r.c.ID, i+1, step.Method, step.Name, subresourceSuffix(step.Subresource))
		if step.Method == "WATCH" {
			if !r.openWatch(label, step) {
				return
			}
			continue
		}
		if !r.do(label, step) {
			return
		}
	}
	for _, w := range r.watches {
		w.check(r)
	}
}

func subresourceSuffix(subresource string) string {
	if subresource == "" {
		return ""
	}
	return "/" + subresource
}

// do sends one request and checks its answer; false stops the case.
func (r *caseRun) do(label string, step Step) bool {
	body, contentType, err := r.requestBody(step)
	if err != nil {
		r.t.Fatalf("%s: %v", label, err)
	}
	path := r.client.path(step.Name, step.Subresource)
	if step.Path != "" {
		path = r.template(step.Path)
	}
	resp, err := r.client.do(context.Background(), step.Method, path, r.template(step.Query), body, contentType)
	if err != nil {
		r.t.Errorf("%s: %v", label, err)
		return false
	}
	failures := r.check(step.Want, resp)
	failures = append(failures, r.checkList(step.Want, resp.object)...)
	if len(failures) > 0 {
		r.t.Errorf("%s [%s %s]: %s\n  request:  %s %s?%s %s\n  response: %d %s\n  warnings: %q",
			label, r.c.Spec, r.c.Title, strings.Join(failures, "\n  "),
			step.Method, path, r.template(step.Query), body,
			resp.code, resp.raw, resp.warnings)
		return false
	}
	r.save(resp, step.SaveAs)
	return true
}

// requestBody encodes a step's body and picks its content type.
func (r *caseRun) requestBody(step Step) ([]byte, string, error) {
	contentType := step.ContentType
	if contentType == "" {
		contentType = "application/json"
		if step.Method == http.MethodPatch {
			contentType = "application/merge-patch+json"
		}
	}
	switch body := step.Body.(type) {
	case nil:
		return nil, contentType, nil
	case string:
		return []byte(r.template(body)), contentType, nil
	default:
		data, err := json.Marshal(r.templateValue(body))
		return data, contentType, err
	}
}

// save remembers the object an answer carried, and a list's continue token.
func (r *caseRun) save(resp *response, alias string) {
	if resp.object == nil || resp.object["kind"] == "Status" {
		return
	}
	if _, isList := resp.object["items"]; isList {
		r.continueToken, _ = lookup(resp.object, "metadata.continue")
		return
	}
	if name, _ := lookup(resp.object, "metadata.name"); name != nil {
		r.saved[name.(string)] = resp.object
		if resp.object["kind"] == "Namespace" && resp.code == http.StatusCreated {
			r.namespaces = append(r.namespaces, name.(string))
		}
	}
	if alias != "" {
		r.aliases[alias] = resp.object
	}
}

// checkList compares the items of a list answer with want.
func (r *caseRun) checkList(want Want, obj map[string]any) []string {
	var failures []string
	if want.Names != nil {
		items, _ := obj["items"].([]any)
		names := []string{}
		for _, item := range items {
			name, _ := lookup(item.(map[string]any), "metadata.name")
			names = append(names, fmt.Sprint(name))
		}
		if wantNames := r.templateAll(want.Names); !equalStrings(names, wantNames) {
			failures = append(failures, fmt.Sprintf("items %q, want %q", names, wantNames))
		}
	}
	if want.More != nil {
		token, _ := lookup(obj, "metadata.continue")
		if more := token != nil && token != ""; more != *want.More {
			failures = append(failures, fmt.Sprintf("continue token present %v, want %v", more, *want.More))
		}
	}
	return failures
}

// check compares an answer with want and lists the differences.
func (r *caseRun) check(want Want, resp *response) []string {
	var failures []string
	if resp.code != want.Code {
		failures = append(failures, fmt.Sprintf("code %d, want %d", resp.code, want.Code))
	}
	if want.Warnings != nil && !equalStrings(resp.warnings, r.templateAll(want.Warnings)) {
		failures = append(failures, fmt.Sprintf("warnings %q, want %q", resp.warnings, r.templateAll(want.Warnings)))
	}
	if want.Status != nil {
		failures = append(failures, r.checkStatus(*want.Status, resp.object)...)
	}
	if want.Object != nil {
		wantKind := want.Object.Kind
		if wantKind == "" {
			wantKind = r.client.target.Kind
		}
		if kind, _ := resp.object["kind"].(string); kind != wantKind {
			failures = append(failures, fmt.Sprintf("kind %q, want an object of kind %s", kind, wantKind))
		} else {
			failures = append(failures, r.checkObject(*want.Object, resp.object)...)
		}
	}
	return failures
}

func (r *caseRun) checkStatus(want StatusWant, status map[string]any) []string {
	if status["kind"] != "Status" {
		return []string{fmt.Sprintf("kind %v, want Status", status["kind"])}
	}
	var failures []string
	expect := func(path, pattern string) {
		if pattern == "" {
			return
		}
		got, _ := lookup(status, path)
		if !matches(r.template(pattern), got) {
			failures = append(failures, fmt.Sprintf("%s %q, want %q", path, got, r.template(pattern)))
		}
	}
	wantStatus := want.Status
	if wantStatus == "" {
		wantStatus = "Failure"
	}
	expect("status", wantStatus)
	expect("reason", want.Reason)
	expect("message", want.Message)
	expect("details.kind", want.DetailsKind)
	expect("details.name", want.DetailsName)
	expect("details.group", want.DetailsGroup)
	if want.RetryAfterSeconds != 0 {
		if got, _ := lookup(status, "details.retryAfterSeconds"); got != float64(want.RetryAfterSeconds) {
			failures = append(failures, fmt.Sprintf("details.retryAfterSeconds %v, want %d", got, want.RetryAfterSeconds))
		}
	}
	if _, hasCode := status["code"]; want.NoCode && hasCode {
		failures = append(failures, "code present, want none")
	}
	return append(failures, r.checkCauses(want.Causes, status)...)
}

func (r *caseRun) checkCauses(want []Cause, status map[string]any) []string {
	got, _ := lookup(status, "details.causes")
	causes, _ := got.([]any)
	if len(want) == 0 {
		if len(causes) > 0 {
			return []string{fmt.Sprintf("%d causes, want none", len(causes))}
		}
		return nil
	}
	if len(causes) != len(want) {
		return []string{fmt.Sprintf("%d causes, want %d", len(causes), len(want))}
	}
	var failures []string
	for i, w := range want {
		cause, _ := causes[i].(map[string]any)
		for key, pattern := range map[string]string{"reason": w.Reason, "field": w.Field, "message": w.Message} {
			if pattern != "" && !matches(r.template(pattern), cause[key]) {
				failures = append(failures, fmt.Sprintf("causes[%d].%s %q, want %q", i, key, cause[key], r.template(pattern)))
			}
		}
	}
	return failures
}

func (r *caseRun) checkObject(want ObjectWant, obj map[string]any) []string {
	var failures []string
	if want.Name != "" {
		if name, _ := lookup(obj, "metadata.name"); !matches(r.template(want.Name), name) {
			failures = append(failures, fmt.Sprintf("metadata.name %q, want %q", name, want.Name))
		}
	}
	paths := make([]string, 0, len(want.Fields))
	for path := range want.Fields {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		failures = append(failures, r.checkField(obj, path, want.Fields[path])...)
	}
	if want.Terminating != nil {
		_, terminating := lookup(obj, "metadata.deletionTimestamp")
		if terminating != *want.Terminating {
			failures = append(failures, fmt.Sprintf("terminating %v, want %v", terminating, *want.Terminating))
		}
	}
	return append(failures, r.checkRV(want.ResourceVersion, obj)...)
}

func (r *caseRun) checkField(obj map[string]any, path string, want any) []string {
	got, found := lookup(obj, path)
	if _, mustBeAbsent := want.(absent); mustBeAbsent {
		if found {
			return []string{fmt.Sprintf("%s = %s, want it absent", path, compact(got))}
		}
		return nil
	}
	if !found {
		return []string{fmt.Sprintf("%s absent, want %s", path, compact(want))}
	}
	if at, ok := want.(At); ok {
		return r.checkTime(path, got, at)
	}
	if pattern, ok := want.(string); ok {
		if !matches(r.template(pattern), got) {
			return []string{fmt.Sprintf("%s = %s, want %q", path, compact(got), r.template(pattern))}
		}
		return nil
	}
	if compact(normalizeJSON(want)) != compact(got) {
		return []string{fmt.Sprintf("%s = %s, want %s", path, compact(got), compact(want))}
	}
	return nil
}

func (r *caseRun) checkTime(path string, got any, at At) []string {
	value, err := time.Parse(time.RFC3339, fmt.Sprint(got))
	if err != nil {
		return []string{fmt.Sprintf("%s = %v, want a time", path, got)}
	}
	base := time.Now()
	if at.Base != "" {
		saved, _ := lookup(r.object(at.Base), "metadata.deletionTimestamp")
		if base, err = time.Parse(time.RFC3339, fmt.Sprint(saved)); err != nil {
			return []string{fmt.Sprintf("no deletionTimestamp saved for %s", at.Base)}
		}
	}
	want := base.Add(at.Offset)
	if diff := value.Sub(want); diff > timeSlack || diff < -timeSlack {
		return []string{fmt.Sprintf("%s = %s, want %s (±%v)", path, value.Format(time.RFC3339), want.Format(time.RFC3339), timeSlack)}
	}
	return nil
}

func (r *caseRun) checkRV(check RVCheck, obj map[string]any) []string {
	got, _ := lookup(obj, "metadata.resourceVersion")
	switch check.kind {
	case "none":
		if got != nil && got != "" {
			return []string{fmt.Sprintf("resourceVersion %v, want none", got)}
		}
	case "same", "new":
		saved, ok := r.saved[r.template(check.name)]
		if !ok {
			return []string{fmt.Sprintf("no saved object %q to compare the resourceVersion with", check.name)}
		}
		before, _ := lookup(saved, "metadata.resourceVersion")
		if same := got == before; same != (check.kind == "same") {
			return []string{fmt.Sprintf("resourceVersion %v, saved %v: want %s", got, before, check.kind)}
		}
	}
	return nil
}

// template replaces ${ns}, ${continue}, ${uid:NAME} and ${rv:NAME} with the
// namespace, the last list's continue token (query-escaped), and the uid and
// resourceVersion last seen for object NAME.
var placeholder = regexp.MustCompile(`\$\{(ns|continue|uid|rv):?([^}]*)\}`)

func (r *caseRun) template(s string) string {
	return placeholder.ReplaceAllStringFunc(s, func(m string) string {
		parts := placeholder.FindStringSubmatch(m)
		switch parts[1] {
		case "ns":
			return r.client.namespace
		case "continue":
			return url.QueryEscape(fmt.Sprint(r.continueToken))
		case "uid":
			v, _ := lookup(r.object(parts[2]), "metadata.uid")
			return fmt.Sprint(v)
		default:
			v, _ := lookup(r.object(parts[2]), "metadata.resourceVersion")
			return fmt.Sprint(v)
		}
	})
}

func (r *caseRun) templateAll(in []string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = r.template(s)
	}
	return out
}

// templateValue templates the strings inside a JSON-like value.
func (r *caseRun) templateValue(v any) any {
	switch v := v.(type) {
	case string:
		return r.template(v)
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = r.templateValue(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = r.templateValue(e)
		}
		return out
	}
	return v
}

// cleanUp removes the finalizers of every object of the target's kind the
// case saw and deletes them, so nothing is left terminating, then removes
// the namespaces the case created: deleted, their finalizers removed, and
// finalized.
func (r *caseRun) cleanUp() {
	for _, w := range r.watches {
		w.stop()
	}
	ctx := context.Background()
	removeFinalizers := []byte(`{"metadata":{"finalizers":null}}`)
	for name, obj := range r.saved {
		if obj["kind"] != r.client.target.Kind {
			continue
		}
		path := r.client.path(name, "")
		if ns, _ := lookup(obj, "metadata.namespace"); ns != nil && ns != r.client.namespace {
			path = r.client.pathIn(fmt.Sprint(ns), name)
		}
		_, _ = r.client.do(ctx, http.MethodPatch, path, "", removeFinalizers, "application/merge-patch+json")
		_, _ = r.client.do(ctx, http.MethodDelete, path, "", nil, "")
	}
	for _, ns := range r.namespaces {
		path := "/api/v1/namespaces/" + ns
		finalize := fmt.Sprintf(`{"apiVersion":"v1","kind":"Namespace","metadata":{"name":%q},"spec":{"finalizers":[]}}`, ns)
		_, _ = r.client.do(ctx, http.MethodPatch, path, "", removeFinalizers, "application/merge-patch+json")
		_, _ = r.client.do(ctx, http.MethodDelete, path, "", nil, "")
		_, _ = r.client.do(ctx, http.MethodPut, path+"/finalize", "", []byte(finalize), "application/json")
	}
}

// matches compares a value with a pattern: /regexp/ or an exact string.
func matches(pattern string, value any) bool {
	s := fmt.Sprint(value)
	if value == nil {
		s = ""
	}
	if len(pattern) > 1 && strings.HasPrefix(pattern, "/") && strings.HasSuffix(pattern, "/") {
		return regexp.MustCompile(pattern[1 : len(pattern)-1]).MatchString(s)
	}
	return s == pattern
}

// lookup returns the value at a dotted path of a decoded JSON object.
func lookup(obj map[string]any, path string) (any, bool) {
	var cur any = obj
	for _, key := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[key]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// normalizeJSON round-trips v through JSON so Go values compare with decoded ones.
func normalizeJSON(v any) any {
	data, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(data, &out)
	return out
}

func compact(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
