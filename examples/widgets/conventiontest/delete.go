package conventiontest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	typedwidgetsv1 "github.com/metagen-dev/metagen/examples/widgets/client/clientset/typed/widgets/v1"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/schema/lifecycle"
)

func deleteWith(t *testing.T, c typedwidgetsv1.WidgetInterface, name string, opts metav1.DeleteOptions) lifecycle.Outcome[*widgetsv1.Widget] {
	t.Helper()
	outcome, err := c.DeleteWithOutcome(context.Background(), name, opts)
	if err != nil {
		t.Fatalf("deleting %s: %v", name, err)
	}
	return outcome
}

// No finalizers: 200 with a Status, the object is removed.
func testDeleteGone(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	create(t, c, "delete-gone")
	outcome := deleteWith(t, c, "delete-gone", metav1.DeleteOptions{})
	if outcome.Result != lifecycle.Gone || outcome.Code != 200 || outcome.Object != nil {
		t.Errorf("outcome %v (code %d, object %v), want Gone with a Status (200, no object)", outcome, outcome.Code, outcome.Object)
	}
	expectGone(t, c, "delete-gone")
}

// With finalizers: 200 with the object, deletionTimestamp set, grace 0
// (even when 30 s were asked: custom types are not graceful), finalizers
// pending. A repeated DELETE changes nothing.
func testDeleteTerminating(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	create(t, c, "delete-terminating", finalizerA)
	grace := int64(30)
	outcome := deleteWith(t, c, "delete-terminating", metav1.DeleteOptions{GracePeriodSeconds: &grace})
	if outcome.Result != lifecycle.Terminating || outcome.Code != 200 || !slices.Equal(outcome.Pending, []string{finalizerA}) {
		t.Fatalf("outcome %v (code %d), want Terminating with %q, 200", outcome, outcome.Code, finalizerA)
	}
	w := outcome.Object
	if w.DeletionTimestamp == nil || w.DeletionGracePeriodSeconds == nil || *w.DeletionGracePeriodSeconds != 0 {
		t.Errorf("object in the answer: deletionTimestamp %v, grace %v; want set, 0", w.DeletionTimestamp, w.DeletionGracePeriodSeconds)
	}
	again := deleteWith(t, c, "delete-terminating", metav1.DeleteOptions{})
	if again.Result != lifecycle.Terminating || again.Object.ResourceVersion != w.ResourceVersion {
		t.Errorf("repeated delete: %v at resourceVersion %s, want Terminating at %s", again, again.Object.ResourceVersion, w.ResourceVersion)
	}
}

// orphanDependents=false on an object that is kept: 202 with the object.
func testDeleteAccepted(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	create(t, c, "delete-accepted", finalizerA)
	orphan := false
	outcome := deleteWith(t, c, "delete-accepted", metav1.DeleteOptions{OrphanDependents: &orphan})
	if outcome.Result != lifecycle.Terminating || outcome.Code != 202 {
		t.Errorf("outcome %v (code %d), want Terminating, 202", outcome, outcome.Code)
	}
}

func testDeleteNotFound(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	outcome := deleteWith(t, c, "no-such-widget", metav1.DeleteOptions{})
	if outcome.Result != lifecycle.NotFound || outcome.Code != 404 {
		t.Errorf("outcome %v (code %d), want NotFound, 404", outcome, outcome.Code)
	}
}

// Foreground and Orphan keep the object with the garbage collector's
// finalizer (no controller manager removes it here), and the timeout error
// says whose it is.
func testDeletePropagation(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	for _, tc := range []struct {
		policy metav1.DeletionPropagation
		want   string
	}{
		{metav1.DeletePropagationForeground, metav1.FinalizerDeleteDependents},
		{metav1.DeletePropagationOrphan, metav1.FinalizerOrphanDependents},
	} {
		name := "delete-" + strings.ToLower(string(tc.policy))
		create(t, c, name)
		outcome := deleteWith(t, c, name, metav1.DeleteOptions{PropagationPolicy: &tc.policy})
		if outcome.Result != lifecycle.Terminating || !slices.Equal(outcome.Pending, []string{tc.want}) {
			t.Errorf("%s: outcome %v, want Terminating with %q", tc.policy, outcome, tc.want)
		}
	}
	background := metav1.DeletePropagationBackground
	create(t, c, "delete-background")
	if outcome := deleteWith(t, c, "delete-background", metav1.DeleteOptions{PropagationPolicy: &background}); outcome.Result != lifecycle.Gone {
		t.Errorf("Background: outcome %v, want Gone", outcome)
	}
}

// A precondition that does not match is a typed 409; matching ones delete.
func testDeletePreconditions(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	w := create(t, c, "delete-preconditions")
	wrongUID, wrongRV := types.UID("not-the-uid"), "1"
	for _, p := range []metav1.Preconditions{{UID: &wrongUID}, {ResourceVersion: &wrongRV}} {
		_, err := c.DeleteWithOutcome(context.Background(), w.Name, metav1.DeleteOptions{Preconditions: &p})
		var failed *lifecycle.PreconditionFailedError
		if !errors.As(err, &failed) || !apierrors.IsConflict(err) {
			t.Errorf("preconditions %v: %v, want *lifecycle.PreconditionFailedError (409)", p, err)
		}
	}
	get(t, c, w.Name)
	p := metav1.Preconditions{UID: &w.UID, ResourceVersion: &w.ResourceVersion}
	if outcome := deleteWith(t, c, w.Name, metav1.DeleteOptions{Preconditions: &p}); outcome.Result != lifecycle.Gone {
		t.Errorf("matching preconditions: %v, want Gone", outcome)
	}
}

// dryRun=All reports what would happen and changes nothing.
func testDeleteDryRun(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	dryRun := metav1.DeleteOptions{DryRun: []string{metav1.DryRunAll}}
	create(t, c, "dry-plain")
	if outcome := deleteWith(t, c, "dry-plain", dryRun); outcome.Result != lifecycle.Gone || !outcome.DryRun {
		t.Errorf("dry run without finalizers: %v (dry run %v), want Gone, dry run", outcome, outcome.DryRun)
	}
	get(t, c, "dry-plain")
	create(t, c, "dry-finalizer", finalizerA)
	if outcome := deleteWith(t, c, "dry-finalizer", dryRun); outcome.Result != lifecycle.Terminating || !outcome.DryRun {
		t.Errorf("dry run with finalizers: %v, want Terminating, dry run", outcome)
	}
	if w := get(t, c, "dry-finalizer"); w.DeletionTimestamp != nil {
		t.Error("a dry run stored a deletionTimestamp")
	}
}

// DeleteAndWait returns once a finalizer's owner lets the object go, and
// learns it from a watch: a handful of requests, however long it waits.
func testDeleteAndWaitWatches(t *testing.T, e *env) {
	c, requests := e.widgets(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	const name = "wait-gone"
	create(t, c, name, finalizerA)
	released := make(chan error, 1)
	go func() {
		time.Sleep(500 * time.Millisecond)
		owner, _ := e.widgets(t)
		_, _, err := owner.RemoveFinalizer(ctx, name, finalizerA)
		released <- err
	}()
	gets := requests.count("GET")
	outcome, err := c.DeleteAndWait(ctx, name, metav1.DeleteOptions{})
	if err != nil || outcome.Result != lifecycle.Gone {
		t.Fatalf("DeleteAndWait: %v, %v; want Gone", outcome, err)
	}
	if err := <-released; err != nil {
		t.Fatal(err)
	}
	// One watch (a GET) and one read after it; polling for 500 ms would send many.
	if n := requests.count("GET") - gets; n > 4 {
		t.Errorf("%d GET requests while waiting, want a watch and a read", n)
	}
	expectGone(t, c, name)
	create(t, c, "wait-plain")
	if outcome, err := c.DeleteAndWait(ctx, "wait-plain", metav1.DeleteOptions{}); err != nil || outcome.Result != lifecycle.Gone {
		t.Errorf("without finalizers: %v, %v; want Gone", outcome, err)
	}
}

// When the context ends first, the error names what blocks the deletion.
func testDeleteAndWaitTimeout(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	create(t, c, "wait-stuck", finalizerA, finalizerB)
	ctx, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
	defer cancel()
	outcome, err := c.DeleteAndWait(ctx, "wait-stuck", metav1.DeleteOptions{})
	var stuck *lifecycle.StillTerminatingError
	if !errors.As(err, &stuck) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want *lifecycle.StillTerminatingError wrapping context.DeadlineExceeded", err)
	}
	if !slices.Equal(stuck.Finalizers, []string{finalizerA, finalizerB}) ||
		!slices.Equal(stuck.Components, []string{"example.com", "other.example.org"}) {
		t.Errorf("finalizers %q from %q, want %q from example.com, other.example.org", stuck.Finalizers, stuck.Components, []string{finalizerA, finalizerB})
	}
	for _, part := range []string{`"wait-stuck" is still terminating`, `"example.com/a", "other.example.org/b"`, "example.com, other.example.org"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error %q does not say %q", err, part)
		}
	}
	if outcome.Result != lifecycle.Terminating {
		t.Errorf("outcome %v, want Terminating", outcome)
	}
}

// UpdateStatus and PatchStatus write the status subresource only.
func testStatus(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	ctx := context.Background()
	w := create(t, c, "status")
	w.Status.ObservedGeneration = 1
	w.Spec.Color = "blue" // dropped: /status keeps the spec
	updated, err := c.UpdateStatus(ctx, w, metav1.UpdateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if updated.Status.ObservedGeneration != 1 || updated.Spec.Color != "red" {
		t.Errorf("after UpdateStatus: observedGeneration %d, color %q; want 1, red", updated.Status.ObservedGeneration, updated.Spec.Color)
	}
	patched, err := c.PatchStatus(ctx, w.Name, types.MergePatchType, []byte(`{"status":{"observedGeneration":2}}`), metav1.PatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if patched.Status.ObservedGeneration != 2 {
		t.Errorf("after PatchStatus: observedGeneration %d, want 2", patched.Status.ObservedGeneration)
	}
}
