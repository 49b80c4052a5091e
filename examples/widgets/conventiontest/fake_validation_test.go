package conventiontest_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	acwidgetsv1 "github.com/metagen-dev/metagen/examples/widgets/client/applyconfiguration/widgets/v1"
	"github.com/metagen-dev/metagen/examples/widgets/client/clientset/fake"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// The generated fake validates every kind of write with the scheme's
// validation and answers kube-apiserver's 422: create, update, merge and
// JSON patch, server-side apply, and the /status update, patch and apply,
// each checked against the scheme's own answer for the object the fake would
// have stored. WithoutValidation lets the same writes through.
func TestFakeClientsetValidatesWrites(t *testing.T) {
	ctx := context.Background()
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	stored := widget("w")
	stored.ResourceVersion = "1" // what the validation of an update sees
	badSpec := func() *widgetsv1.Widget {
		w := stored.DeepCopy()
		w.Spec.Color = "Not Valid"
		w.Spec.Replicas = ptr.To[int32](101)
		return w
	}
	badStatus := func() *widgetsv1.Widget {
		w := stored.DeepCopy()
		w.Status.ObservedGeneration = -1
		return w
	}
	update := func(w *widgetsv1.Widget, sub ...string) field.ErrorList {
		return scheme.ValidateUpdate(ctx, nil, w, stored, sub...)
	}
	newBad := badSpec()
	newBad.Name, newBad.ResourceVersion = "new", ""

	for _, tc := range []struct {
		name  string
		write func(c *fake.Clientset) error
		want  field.ErrorList
	}{
		{"create", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").Create(ctx, newBad.DeepCopy(), metav1.CreateOptions{})
			return err
		}, scheme.Validate(ctx, nil, newBad)},
		{"update", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").Update(ctx, badSpec(), metav1.UpdateOptions{})
			return err
		}, update(badSpec())},
		{"merge patch", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").Patch(ctx, "w", types.MergePatchType, []byte(`{"spec":{"color":"Not Valid","replicas":101}}`), metav1.PatchOptions{})
			return err
		}, update(badSpec())},
		{"JSON patch", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").Patch(ctx, "w", types.JSONPatchType, []byte(`[{"op":"replace","path":"/spec/color","value":"Not Valid"},{"op":"add","path":"/spec/replicas","value":101}]`), metav1.PatchOptions{})
			return err
		}, update(badSpec())},
		{"apply", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").Apply(ctx, acwidgetsv1.Widget("w", "ns").WithSpec(acwidgetsv1.WidgetSpec().WithColor("Not Valid").WithReplicas(101)), metav1.ApplyOptions{FieldManager: "t", Force: true})
			return err
		}, update(badSpec())},
		{"apply that creates", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").Apply(ctx, acwidgetsv1.Widget("new", "ns").WithSpec(acwidgetsv1.WidgetSpec().WithColor("Not Valid").WithReplicas(101)), metav1.ApplyOptions{FieldManager: "t"})
			return err
		}, scheme.Validate(ctx, nil, newBad)},
		{"status update", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").UpdateStatus(ctx, badStatus(), metav1.UpdateOptions{})
			return err
		}, update(badStatus(), "status")},
		{"status patch", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").Patch(ctx, "w", types.MergePatchType, []byte(`{"status":{"observedGeneration":-1}}`), metav1.PatchOptions{}, "status")
			return err
		}, update(badStatus(), "status")},
		{"status apply", func(c *fake.Clientset) error {
			_, err := c.WidgetsV1().Widgets("ns").ApplyStatus(ctx, acwidgetsv1.Widget("w", "ns").WithStatus(acwidgetsv1.WidgetStatus().WithObservedGeneration(-1)), metav1.ApplyOptions{FieldManager: "t"})
			return err
		}, update(badStatus(), "status")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.want) == 0 {
				t.Fatal("the scheme finds nothing wrong: the test's write is not invalid")
			}
			for _, name := range []string{"NewSimpleClientset", "NewClientset"} {
				newClientset := fake.NewClientset
				if name == "NewSimpleClientset" {
					if tc.name == "apply that creates" {
						continue // client-go's simple tracker cannot apply to a missing object
					}
					newClientset = fake.NewSimpleClientset
				}
				c := newClientset(stored.DeepCopy())
				expectFake422(t, name, tc.write(c), tc.want)
				got, err := c.WidgetsV1().Widgets("ns").Get(ctx, "w", metav1.GetOptions{})
				if err != nil || got.Spec.Color != "red" || got.Status.ObservedGeneration != 0 {
					t.Errorf("%s: stored after the refused write: %+v, %v", name, got, err)
				}

				c = newClientset(stored.DeepCopy()).WithoutValidation()
				if err := tc.write(c); err != nil {
					t.Errorf("%s: WithoutValidation: %v", name, err)
				}
				c = newClientset(stored.DeepCopy()).WithoutValidation()
				c.Validation(true)
				expectFake422(t, name+" after Validation(true)", tc.write(c), tc.want)
			}
		})
	}
}

func expectFake422(t *testing.T, clientset string, err error, want field.ErrorList) {
	t.Helper()
	status, ok := err.(apierrors.APIStatus)
	if !ok || status.Status().Code != http.StatusUnprocessableEntity {
		t.Fatalf("%s: %v, want a 422", clientset, err)
	}
	s := status.Status()
	name := s.Details.Name
	if wantMessage := fmt.Sprintf(`Widget.widgets.example.com %q is invalid: %v`, name, want.ToAggregate()); s.Message != wantMessage {
		t.Errorf("%s: message\n%s\nwant\n%s", clientset, s.Message, wantMessage)
	}
	if s.Details.Kind != "Widget" || s.Details.Group != "widgets.example.com" || len(s.Details.Causes) != len(want) {
		t.Fatalf("%s: details %+v, want kind Widget and %d causes", clientset, s.Details, len(want))
	}
	for i, e := range want {
		if c := s.Details.Causes[i]; c.Type != metav1.CauseType(e.Type) || c.Field != e.Field || c.Message != e.ErrorBody() {
			t.Errorf("%s: cause %d = %+v, want %s %s %q", clientset, i, c, e.Type, e.Field, e.ErrorBody())
		}
	}
}
