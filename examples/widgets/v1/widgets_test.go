package v1_test

import (
	"context"
	"testing"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/internal/metacorpus"
	"github.com/metagen-dev/metagen/metagentest"
	"github.com/metagen-dev/metagen/schema/meta"
)

// The checked-in generated code must be what metagen generates now.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	metagentest.Verify(t, "./examples/widgets/v1")
}

func TestWidgetIsARuntimeObjectInTheScheme(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	kinds, _, err := scheme.ObjectKinds(&widgetsv1.Widget{})
	if err != nil || len(kinds) != 1 || kinds[0].Kind != "Widget" || kinds[0].Group != "widgets.example.com" {
		t.Fatalf("kinds = %v, err = %v", kinds, err)
	}
}

func TestDeepCopySharesNothing(t *testing.T) {
	replicas := int32(3)
	size := resource.MustParse("2Gi")
	original := &widgetsv1.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: "w", Labels: map[string]string{"app": "demo"}},
		Spec: widgetsv1.WidgetSpec{
			Color:    "red",
			Replicas: &replicas,
			Size:     &size,
			Parts:    []widgetsv1.Part{{Name: "axle", Suppliers: []string{"acme"}}},
			Settings: map[string]string{"mode": "fast"},
		},
	}
	copied := original.DeepCopyObject().(*widgetsv1.Widget)
	if !apiequality.Semantic.DeepEqual(original, copied) {
		t.Fatal("copy differs from the original")
	}
	*copied.Spec.Replicas = 5
	copied.Spec.Parts[0].Suppliers[0] = "other"
	copied.Spec.Settings["mode"] = "slow"
	copied.Labels["app"] = "changed"
	if *original.Spec.Replicas != 3 || original.Spec.Parts[0].Suppliers[0] != "acme" ||
		original.Spec.Settings["mode"] != "fast" || original.Labels["app"] != "demo" {
		t.Fatalf("changing the copy changed the original: %+v", original)
	}
}

// validWidget is a widget every rule accepts.
func validWidget() *widgetsv1.Widget {
	replicas := int32(3)
	return &widgetsv1.Widget{
		ObjectMeta: metav1.ObjectMeta{
			Name: "w", Namespace: "default", ResourceVersion: "1",
			Labels:     map[string]string{"app.kubernetes.io/name": "demo"},
			Finalizers: []string{"widgets.example.com/cleanup"},
		},
		Spec: widgetsv1.WidgetSpec{
			Color:    "dark-red",
			Replicas: &replicas,
			Parts:    []widgetsv1.Part{{Name: "axle", Suppliers: []string{"acme.example.com"}}, {Name: "wheel"}},
			Settings: map[string]string{"example.com/mode": "fast"},
		},
		Status: widgetsv1.WidgetStatus{
			Conditions: []metav1.Condition{{
				Type: "Ready", Status: metav1.ConditionTrue, Reason: "Assembled",
				LastTransitionTime: metav1.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			}},
		},
	}
}

func newScheme(t testing.TB) *runtime.Scheme {
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	return scheme
}

func TestSchemeValidateAcceptsAGoodWidget(t *testing.T) {
	scheme := newScheme(t)
	if errs := scheme.Validate(context.Background(), nil, validWidget()); len(errs) != 0 {
		t.Errorf("create: %v", errs)
	}
	if errs := scheme.ValidateUpdate(context.Background(), nil, validWidget(), validWidget(), "status"); len(errs) != 0 {
		t.Errorf("status update: %v", errs)
	}
}

// scheme.Validate runs the generated validation that AddToScheme registers:
// metadata as kube-apiserver checks it, then the field rules of types.go
// (the status's on /status writes only, as kube-apiserver drops a create's).
func TestSchemeValidateCatchesABadWidget(t *testing.T) {
	bad := validWidget()
	bad.Name = "Not_A_DNS_Name"
	bad.Namespace = ""
	bad.Finalizers = []string{"widgets.example.com/unknown"}
	bad.Spec.Color = "Red"
	bad.Spec.Replicas = new(int32)
	*bad.Spec.Replicas = 101
	bad.Spec.Parts = append(bad.Spec.Parts, widgetsv1.Part{Name: "axle"})
	bad.Spec.Settings = map[string]string{"not a key": "x"}
	bad.Status.Conditions[0].Reason = ""
	got := newScheme(t).Validate(context.Background(), nil, bad)
	want := []string{
		`metadata.name: Invalid value: "Not_A_DNS_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
		`metadata.namespace: Required value`,
		`metadata.finalizers[0]: Unsupported value: "widgets.example.com/unknown": supported values: "widgets.example.com/cleanup"`,
		`spec.color: Invalid value: "Red": spec.color in body should match '^[a-z]+(-[a-z]+)*$'`,
		`spec.replicas: Invalid value: 101: must be less than or equal to 100`,
		`spec.parts[2]: Duplicate value: {"name":"axle"}`,
		`spec.settings: Invalid value: "not a key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
	}
	// kube-apiserver drops a create's status (Widget serves /status): its
	// bad condition is reported on a /status write, not on the create.
	status := newScheme(t).ValidateUpdate(context.Background(), nil, bad, validWidget(), "status")
	if len(status) == 0 || status[len(status)-1].Error() != `status.conditions[0].reason: Required value` {
		t.Errorf("status update: %v, want status.conditions[0].reason: Required value last", status)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].Error() != want[i] {
			t.Errorf("error %d:\n  got:  %s\n  want: %s", i, got[i].Error(), want[i])
		}
	}
}

// On update, unchanged values are not validated again: a stored widget that
// predates a rule can still be updated, as long as the update does not touch
// the offending field.
func TestUpdateRatchetsUnchangedFields(t *testing.T) {
	old := validWidget()
	old.Spec.Color = "Legacy"
	updated := old.DeepCopy()
	updated.Labels["tier"] = "web"
	if errs := newScheme(t).ValidateUpdate(context.Background(), nil, updated, old); len(errs) != 0 {
		t.Errorf("unchanged color was validated again: %v", errs)
	}
	updated.Spec.Color = "Still Bad"
	if errs := newScheme(t).ValidateUpdate(context.Background(), nil, updated, old); len(errs) != 1 {
		t.Errorf("a changed color is validated: %v", errs)
	}
}

// The generated Validate_Widget reports exactly what kube-apiserver reports
// about metadata, on every case of the differential corpus for namespaced
// built-in types (internal/metacorpus).
func TestGeneratedMetadataAgreesWithTheServer(t *testing.T) {
	cases, agree := 0, 0
	for _, c := range metacorpus.Corpus(400) {
		if !c.Rules.Namespaced || c.Rules.CustomResource || c.Rules.NameFormat != meta.DNSSubdomain {
			continue
		}
		cases++
		obj, op := validWidget(), operation.Operation{Type: operation.Create}
		obj.ObjectMeta = *c.Obj.DeepCopy()
		var old *widgetsv1.Widget
		if c.Old != nil {
			old, op = validWidget(), operation.Operation{Type: operation.Update}
			old.ObjectMeta = *c.Old.DeepCopy()
			meta.PrepareForUpdate(&obj.ObjectMeta, &old.ObjectMeta)
		}
		got, want := widgetsv1.Validate_Widget(context.Background(), op, nil, obj, old), c.Server()
		if !metacorpus.SameCauses(got, want) {
			t.Errorf("%s: %s\n  generated: %q\n  server:    %q", c.Name, metacorpus.Describe(c), metacorpus.Render(got), metacorpus.Render(want))
			continue
		}
		agree++
	}
	t.Logf("generated corpus: cases=%d agree=%d", cases, agree)
}
