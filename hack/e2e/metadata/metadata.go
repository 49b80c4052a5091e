// Package metadata sends the metadata validation corpus
// (internal/metacorpus) to a server as creates and updates, and compares
// the server's causes with what metagen's validation (schema/meta.Rules)
// returns for the same request, once the request has gone the way it goes
// through kube-apiserver before validation (metacorpus.Store.Through: the
// field manager, the store's resourceVersion rule, generation on create).
//
// Creates are dry runs. An update first stores the case's old object for
// real (and DELETEs it when the case wants it terminating), then sends the
// update as a dry run, then removes the object. Dry runs answer with the
// same validation as real writes (spec §3.9, §1.1).
package metadata

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/internal/metacorpus"
	"github.com/metagen-dev/metagen/schema/meta"
)

// Namespace is where the corpus's namespaced objects live ("t1" in the
// corpus). The caller creates it.
const Namespace = "t1"

// Target is a resource of the server and what the comparison needs to know
// about it: its metadata rules and what its registry does before
// validation.
type Target struct {
	flows.Resource
	// Rules replace the rules of the cases sent to the resource.
	Rules meta.Rules
	Store metacorpus.Store
}

// Targets are the resources the corpus goes to.
var Targets = []Target{
	{
		// A namespaced built-in type with DNS-subdomain names, whose update
		// validation runs the create validation again
		// (ValidateConfigMapUpdate calls ValidateConfigMap).
		Resource: flows.ConfigMaps,
		Rules:    meta.Rules{Namespaced: true, UpdateRevalidates: true},
		Store:    metacorpus.Store{APIVersions: []string{"v1"}, UnconditionalUpdate: true},
	},
	{
		// A namespaced custom resource.
		Resource: flows.Widgets,
		Rules:    meta.Rules{Namespaced: true, CustomResource: true},
		Store:    metacorpus.Store{APIVersions: []string{flows.Widgets.Group + "/" + flows.Widgets.Version}, GenerationOnCreate: true},
	},
}

// Fits reports whether a case of the corpus is about a kind of type the
// target is: the same scope and name format, a built-in type or a custom
// resource as the target is, and no finalizer rules of its own.
func (t Target) Fits(c metacorpus.Case) bool {
	r := c.Rules
	return r.Namespaced == t.Rules.Namespaced && r.NameFormat == t.Rules.NameFormat &&
		r.CustomResource == t.Rules.CustomResource && r.Group == "" && len(r.OwnedFinalizers) == 0
}

// Outcome is the result of one case.
type Outcome struct {
	Case metacorpus.Case
	// Unsent says why the case could not be sent: its old object cannot be
	// stored on the server. Such cases are counted apart.
	Unsent string
	// Early is the HTTP code when the server answered before validation
	// (400 name or namespace mismatch, 409 uid precondition or stale
	// resourceVersion, 500 resourceVersion on create): metagen's
	// validation is not what answers those, so they are counted apart.
	Early int
	// Diff is empty when the server and metagen agree.
	Diff string
}

// Run sends every case to the target, with the target's rules, and
// compares.
func Run(ctx context.Context, c *flows.Client, t Target, cases []metacorpus.Case) ([]Outcome, error) {
	var outcomes []Outcome
	for _, tc := range cases {
		tc.Rules = t.Rules
		o, err := runCase(ctx, c, t, tc)
		if err != nil {
			return outcomes, fmt.Errorf("%s: %w", tc.Name, err)
		}
		outcomes = append(outcomes, o)
	}
	return outcomes, nil
}

// answer is a server's reply, reduced to what the suite compares.
type answer struct {
	code     int
	name     string // the object's name, generated or not
	causes   []flows.Cause
	warnings []string
	meta     metav1.ObjectMeta
}

func runCase(ctx context.Context, c *flows.Client, t Target, tc metacorpus.Case) (Outcome, error) {
	r := t.Resource
	obj := tc.Obj.DeepCopy()
	// The handler fills an empty namespace from the URL before validation.
	if obj.Namespace == "" {
		obj.Namespace = Namespace
	}
	var got answer
	var old *metav1.ObjectMeta
	var err error
	if tc.Old == nil {
		// The store rejects a resourceVersion on create before validation
		// looks at metadata (spec §1.10), so it is left out.
		obj.ResourceVersion = ""
		got, err = send(ctx, c, "POST", r.CollectionPath(Namespace), r, obj)
	} else {
		var stored *answer
		stored, err = storeOld(ctx, c, r, tc.Old)
		if err != nil || stored == nil {
			return Outcome{Case: tc, Unsent: "its old object cannot be stored"}, err
		}
		defer remove(context.WithoutCancel(ctx), c, r, stored.meta.Name)
		old = &stored.meta
		useStoredValues(obj, tc.Old, old)
		// To the stored object's URL, as a client would: a changed name
		// then gets the handler's 400.
		got, err = send(ctx, c, "PUT", r.CollectionPath(Namespace)+"/"+old.Name, r, obj)
	}
	if err != nil {
		return Outcome{}, err
	}
	if got.code != http.StatusUnprocessableEntity && got.code >= 300 {
		return Outcome{Case: tc, Early: got.code}, nil
	}
	// A generated name is validated as the name (spec §1.3).
	if obj.Name == "" && got.name != "" {
		obj.Name = got.name
	}
	ours := metacorpus.Case{Name: tc.Name, Rules: tc.Rules, Obj: obj, Old: old}
	return Outcome{Case: tc, Diff: compare(got, ours, t.Store)}, nil
}

// send writes obj as a dry run and reduces the answer.
func send(ctx context.Context, c *flows.Client, method, path string, r flows.Resource, obj *metav1.ObjectMeta) (answer, error) {
	body, err := r.NewObject(obj)
	if err != nil {
		return answer{}, err
	}
	return do(ctx, c, method, path, "dryRun=All", body)
}

func do(ctx context.Context, c *flows.Client, method, path, query string, body []byte) (answer, error) {
	resp, raw, err := c.Do(ctx, method, path, query, "application/json", body)
	if err != nil {
		return answer{}, err
	}
	var w struct {
		Metadata metav1.ObjectMeta `json:"metadata"`
		Details  struct {
			Name   string        `json:"name"`
			Causes []flows.Cause `json:"causes"`
		} `json:"details"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return answer{}, fmt.Errorf("%s %s: HTTP %d, body is not JSON: %.200s", method, path, resp.StatusCode, raw)
	}
	a := answer{code: resp.StatusCode, name: w.Metadata.Name, meta: w.Metadata}
	if resp.StatusCode == http.StatusUnprocessableEntity {
		a.name, a.causes = w.Details.Name, w.Details.Causes
	}
	a.warnings = resp.Header.Values("Warning")
	return a, nil
}

// storeOld creates the case's old object for real, and DELETEs it when the
// case wants it terminating. It returns nil when the server refuses it.
func storeOld(ctx context.Context, c *flows.Client, r flows.Resource, old *metav1.ObjectMeta) (*answer, error) {
	if old.Name == "" || old.Namespace != Namespace ||
		(old.DeletionTimestamp != nil && len(old.Finalizers) == 0) {
		return nil, nil
	}
	meta := metav1.ObjectMeta{
		Name: old.Name, Namespace: old.Namespace, Generation: old.Generation,
		Labels: old.Labels, Annotations: old.Annotations,
		OwnerReferences: old.OwnerReferences, Finalizers: old.Finalizers,
	}
	body, err := r.NewObject(meta)
	if err != nil {
		return nil, err
	}
	path := r.CollectionPath(Namespace)
	a, err := do(ctx, c, "POST", path, "", body)
	if err != nil || a.code != http.StatusCreated {
		return nil, err
	}
	if old.DeletionTimestamp != nil {
		a, err = do(ctx, c, "DELETE", path+"/"+old.Name, "", nil)
		if err != nil || a.code != http.StatusOK {
			remove(ctx, c, r, old.Name)
			return nil, err
		}
	}
	return &a, nil
}

// useStoredValues replaces, in obj, each system field that the case copied
// from its old object with the value the server stored instead.
func useStoredValues(obj, caseOld, stored *metav1.ObjectMeta) {
	if obj.UID == caseOld.UID {
		obj.UID = stored.UID
	}
	if obj.ResourceVersion == caseOld.ResourceVersion {
		obj.ResourceVersion = stored.ResourceVersion
	}
	if obj.CreationTimestamp.Equal(&caseOld.CreationTimestamp) {
		obj.CreationTimestamp = stored.CreationTimestamp
	}
	if obj.DeletionTimestamp != nil && obj.DeletionTimestamp.Equal(caseOld.DeletionTimestamp) {
		obj.DeletionTimestamp = stored.DeletionTimestamp
	}
	if obj.Generation == caseOld.Generation {
		obj.Generation = stored.Generation
	}
}

// remove deletes the object, finalizers first.
func remove(ctx context.Context, c *flows.Client, r flows.Resource, name string) {
	path := r.CollectionPath(Namespace) + "/" + name
	c.Do(ctx, "PATCH", path, "", "application/merge-patch+json", []byte(`{"metadata":{"finalizers":null}}`))
	c.Do(ctx, "DELETE", path, "", "", nil)
}

// compare describes how the server's answer differs from metagen's: the
// outcome (accepted or 422), the causes, and on success the warnings.
// metagen's side is the request as the store hands it to validation, then
// Rules; or the store's own answer when it gives one.
func compare(got answer, sent metacorpus.Case, store metacorpus.Store) string {
	ours, errs := sent.Through(store)
	if errs == nil {
		errs = ours.Ours()
	}
	var d strings.Builder
	if accepted := got.code < 300; accepted != (len(errs) == 0) {
		fmt.Fprintf(&d, "server answered %d, metagen returned %d errors\n", got.code, len(errs))
	}
	want := causes(errs)
	if !sameCauses(got.causes, want) {
		fmt.Fprintf(&d, "causes:\n  server:  %s\n  metagen: %s\n", render(got.causes), render(want))
	}
	if got.code < 300 {
		wantWarnings := ours.Rules.Warnings(ours.Obj, ours.Old)
		if gotWarnings := warningTexts(got.warnings); !slices.Equal(gotWarnings, wantWarnings) {
			fmt.Fprintf(&d, "warnings:\n  server:  %q\n  metagen: %q\n", gotWarnings, wantWarnings)
		}
	}
	if d.Len() > 0 {
		fmt.Fprintf(&d, "case: %s\n", metacorpus.Describe(sent))
	}
	return d.String()
}

// causes renders a field.ErrorList as a 422's details.causes.
func causes(errs field.ErrorList) []flows.Cause {
	var out []flows.Cause
	for _, e := range errs {
		out = append(out, flows.Cause{Reason: string(e.Type), Field: e.Field, Message: e.ErrorBody()})
	}
	return out
}

// sameCauses compares two cause lists. Paths must come in the same order;
// within one path the order is free, because apimachinery ranges over the
// labels and annotations maps.
func sameCauses(a, b []flows.Cause) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Field != b[i].Field {
			return false
		}
	}
	ra, rb := render(a), render(b)
	slices.Sort(ra)
	slices.Sort(rb)
	return slices.Equal(ra, rb)
}

func render(cs []flows.Cause) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.Reason+" "+c.Field+": "+c.Message)
	}
	return out
}

// warningTexts returns the texts of Warning header values.
func warningTexts(headers []string) []string {
	parsed, _ := utilnet.ParseWarningHeaders(headers)
	var texts []string
	for _, w := range parsed {
		texts = append(texts, w.Text)
	}
	return texts
}
