package conventiontest

import (
	"context"
	"maps"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	acmetav1 "k8s.io/client-go/applyconfigurations/meta/v1"

	acwidgetsv1 "github.com/metagen-dev/metagen/examples/widgets/client/applyconfiguration/widgets/v1"
	typedwidgetsv1 "github.com/metagen-dev/metagen/examples/widgets/client/clientset/typed/widgets/v1"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// The field managers of the apply tests.
const (
	managerA      = "conventiontest-a"
	managerB      = "conventiontest-b"
	statusManager = "conventiontest-status"
)

// ApplyTests are the server-side apply tests that need no more than a
// widgets client and its namespace: RunConventionTests runs them on a
// server, and a fake clientset's test (NewClientset) runs them on its
// field-managed tracker.
var ApplyTests = []struct {
	Name string
	Run  func(*testing.T, typedwidgetsv1.WidgetInterface, string)
}{
	{"ApplyCreatesThenUpdates", testApplyCreatesThenUpdates},
	{"ApplyConflictsUnlessForced", testApplyConflicts},
	{"ExtractReturnsOwnedFields", testExtract},
}

// apply applies a widget's spec as manager, failing the test on error.
func apply(t *testing.T, c typedwidgetsv1.WidgetInterface, w *acwidgetsv1.WidgetApplyConfiguration, manager string) *widgetsv1.Widget {
	t.Helper()
	got, err := c.Apply(context.Background(), w, metav1.ApplyOptions{FieldManager: manager})
	if err != nil {
		t.Fatalf("apply as %s: %v", manager, err)
	}
	return got
}

// applied starts a widget's apply configuration and removes the widget at
// the end of the test.
func applied(t *testing.T, c typedwidgetsv1.WidgetInterface, name, namespace string) func() *acwidgetsv1.WidgetApplyConfiguration {
	t.Cleanup(func() { cleanup(c, name) })
	return func() *acwidgetsv1.WidgetApplyConfiguration { return acwidgetsv1.Widget(name, namespace) }
}

// Apply creates the object, then updates it in place; a field the manager
// leaves out of its next apply is removed, since it owned it alone.
func testApplyCreatesThenUpdates(t *testing.T, c typedwidgetsv1.WidgetInterface, namespace string) {
	widget := applied(t, c, "apply-create", namespace)
	created := apply(t, c, widget().WithSpec(acwidgetsv1.WidgetSpec().WithColor("red").WithReplicas(1).
		WithParts(acwidgetsv1.Part().WithName("axle"))), managerA)
	if created.Spec.Color != "red" || len(created.Spec.Parts) != 1 {
		t.Fatalf("created %+v, want a red widget with one part", created)
	}
	if entry := managedBy(created, managerA); entry == nil || entry.Operation != metav1.ManagedFieldsOperationApply {
		t.Errorf("managedFields %+v, want an Apply entry of %s", created.ManagedFields, managerA)
	}
	updated := apply(t, c, widget().WithSpec(acwidgetsv1.WidgetSpec().WithColor("red").WithReplicas(3)), managerA)
	if updated.UID != created.UID || !updated.CreationTimestamp.Equal(&created.CreationTimestamp) {
		t.Errorf("the second apply made a new object (uid %s → %s), want an update in place", created.UID, updated.UID)
	}
	if updated.Spec.Replicas == nil || *updated.Spec.Replicas != 3 || len(updated.Spec.Parts) != 0 {
		t.Errorf("after the second apply: replicas %v, parts %+v; want 3 and none", updated.Spec.Replicas, updated.Spec.Parts)
	}
}

// A second manager changing a field the first owns gets 409 Conflict,
// naming the owner and the field; with Force it takes the field over.
func testApplyConflicts(t *testing.T, c typedwidgetsv1.WidgetInterface, namespace string) {
	ctx := context.Background()
	widget := applied(t, c, "apply-conflict", namespace)
	apply(t, c, widget().WithSpec(acwidgetsv1.WidgetSpec().WithColor("red").WithReplicas(1)), managerA)

	blue := widget().WithSpec(acwidgetsv1.WidgetSpec().WithColor("blue"))
	_, err := c.Apply(ctx, blue, metav1.ApplyOptions{FieldManager: managerB})
	if !apierrors.IsConflict(err) {
		t.Fatalf("apply of another manager's field: %v, want 409 Conflict", err)
	}
	for _, want := range []string{`conflict with "` + managerA + `"`, ".spec.color"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("conflict %q does not name %s", err, want)
		}
	}
	forced, err := c.Apply(ctx, blue, metav1.ApplyOptions{FieldManager: managerB, Force: true})
	if err != nil {
		t.Fatalf("forced apply: %v", err)
	}
	if forced.Spec.Color != "blue" || forced.Spec.Replicas == nil || *forced.Spec.Replicas != 1 {
		t.Errorf("after the forced apply: color %q, replicas %v; want blue, and A's 1 kept", forced.Spec.Color, forced.Spec.Replicas)
	}
	a, err := acwidgetsv1.ExtractWidget(forced, managerA)
	if err != nil {
		t.Fatal(err)
	}
	if a.Spec == nil || a.Spec.Color != nil || a.Spec.Replicas == nil {
		t.Errorf("%s owns spec %+v after the forced apply, want replicas but no longer color", managerA, a.Spec)
	}
}

// Extract returns what one manager owns, and nothing another manager set:
// the extract, modify, apply workflow keeps the other manager's fields.
func testExtract(t *testing.T, c typedwidgetsv1.WidgetInterface, namespace string) {
	widget := applied(t, c, "apply-extract", namespace)
	apply(t, c, widget().WithSpec(acwidgetsv1.WidgetSpec().WithColor("red").WithReplicas(2).
		WithSettings(map[string]string{"a": "1"})), managerA)
	both := apply(t, c, widget().WithSpec(acwidgetsv1.WidgetSpec().WithSettings(map[string]string{"b": "2"})), managerB)
	if !maps.Equal(both.Spec.Settings, map[string]string{"a": "1", "b": "2"}) {
		t.Fatalf("settings %v, want both managers' keys", both.Spec.Settings)
	}

	a, err := acwidgetsv1.ExtractWidget(both, managerA)
	if err != nil {
		t.Fatal(err)
	}
	if *a.GetName() != both.Name || *a.GetNamespace() != both.Namespace || *a.GetKind() != "Widget" || *a.GetAPIVersion() != "widgets.example.com/v1" {
		t.Errorf("extracted identity %s/%s %s %s, want the widget's", *a.GetNamespace(), *a.GetName(), *a.GetAPIVersion(), *a.GetKind())
	}
	if a.Spec == nil || a.Spec.Color == nil || *a.Spec.Color != "red" || a.Spec.Replicas == nil || *a.Spec.Replicas != 2 ||
		!maps.Equal(a.Spec.Settings, map[string]string{"a": "1"}) || a.Status != nil {
		t.Errorf("%s's fields %+v, want color red, replicas 2, settings a=1 and no more", managerA, a.Spec)
	}
	b, err := acwidgetsv1.ExtractWidget(both, managerB)
	if err != nil {
		t.Fatal(err)
	}
	if b.Spec == nil || b.Spec.Color != nil || b.Spec.Replicas != nil || !maps.Equal(b.Spec.Settings, map[string]string{"b": "2"}) {
		t.Errorf("%s's fields %+v, want settings b=2 and no more", managerB, b.Spec)
	}
	none, err := acwidgetsv1.ExtractWidget(both, "nobody")
	if err != nil || none.Spec != nil {
		t.Errorf("extract for a manager that owns nothing: %+v, %v; want identity only", none.Spec, err)
	}

	a.Spec.WithReplicas(5)
	after := apply(t, c, a, managerA)
	if *after.Spec.Replicas != 5 || !maps.Equal(after.Spec.Settings, map[string]string{"a": "1", "b": "2"}) {
		t.Errorf("after applying the modified extract: replicas %d, settings %v; want 5 and both keys", *after.Spec.Replicas, after.Spec.Settings)
	}
}

// ApplyStatus writes the status through /status, leaving the spec alone,
// and the status manager's fields are found under the status subresource.
// (A fake clientset's tracker does not record subresources.)
func testApplyStatus(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	namespace := e.namespace
	ctx := context.Background()
	widget := applied(t, c, "apply-status", namespace)
	apply(t, c, widget().WithSpec(acwidgetsv1.WidgetSpec().WithColor("red")), managerA)
	condition := acmetav1.Condition().WithType("Ready").WithStatus(metav1.ConditionTrue).
		WithReason("Assembled").WithMessage("all parts in place").WithLastTransitionTime(metav1.Now())
	status := widget().
		WithSpec(acwidgetsv1.WidgetSpec().WithColor("blue")). // dropped: /status keeps the spec
		WithStatus(acwidgetsv1.WidgetStatus().WithObservedGeneration(1).WithConditions(condition))
	got, err := c.ApplyStatus(ctx, status, metav1.ApplyOptions{FieldManager: statusManager})
	if err != nil {
		t.Fatal(err)
	}
	if got.Spec.Color != "red" || got.Status.ObservedGeneration != 1 || len(got.Status.Conditions) != 1 || got.Status.Conditions[0].Type != "Ready" {
		t.Errorf("after ApplyStatus: color %q, status %+v; want red and the applied status", got.Spec.Color, got.Status)
	}
	if entry := managedBy(got, statusManager); entry == nil || entry.Subresource != "status" {
		t.Errorf("managedFields %+v, want an entry of %s for the status subresource", got.ManagedFields, statusManager)
	}
	owned, err := acwidgetsv1.ExtractWidgetStatus(got, statusManager)
	if err != nil {
		t.Fatal(err)
	}
	if owned.Spec != nil || owned.Status == nil || owned.Status.ObservedGeneration == nil || *owned.Status.ObservedGeneration != 1 || len(owned.Status.Conditions) != 1 {
		t.Errorf("%s's fields: spec %+v, status %+v; want the status alone", statusManager, owned.Spec, owned.Status)
	}
	if main, err := acwidgetsv1.ExtractWidget(got, statusManager); err != nil || main.Status != nil {
		t.Errorf("%s owns nothing of the main resource, extract gave %+v, %v", statusManager, main.Status, err)
	}
}

// managedBy returns the managed fields entry of manager, or nil.
func managedBy(w *widgetsv1.Widget, manager string) *metav1.ManagedFieldsEntry {
	for i, entry := range w.ManagedFields {
		if entry.Manager == manager {
			return &w.ManagedFields[i]
		}
	}
	return nil
}
