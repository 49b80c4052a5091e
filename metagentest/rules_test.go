package metagentest_test

import (
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/metagentest"
	"github.com/metagen-dev/metagen/server"
)

func widget(color string, replicas int32) *widgetsv1.Widget {
	return &widgetsv1.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: "w"},
		Spec:       widgetsv1.WidgetSpec{Color: color, Replicas: ptr.To(replicas)},
	}
}

func withGeneration(w *widgetsv1.Widget, generation int64) *widgetsv1.Widget {
	w.Status.ObservedGeneration = generation
	return w
}

const widgetYAML = `
apiVersion: widgets.example.com/v1
kind: Widget
metadata:
  name: w
spec:
  color: red
  replicas: 101
`

// widgetCases are creates and updates, from Go values and YAML, of the
// widgets example (its +k8s: rules: validation-gen's words).
var widgetCases = []metagentest.RuleCase{
	{Name: "valid", Object: widget("red", 1)},
	{Name: "over the maximum, from YAML", YAML: widgetYAML,
		Want: []string{"spec.replicas: Invalid value: 101: must be less than or equal to 100"}},
	{Name: "status is dropped on create", Object: withGeneration(widget("red", 1), -1)},
	{Name: "update to an invalid value", Old: widget("red", 1), Object: widget("red", 101),
		Want: []string{"spec.replicas: Invalid value: 101: must be less than or equal to 100"}},
	{Name: "status update", Subresource: "status", Old: widget("red", 1), Object: withGeneration(widget("red", 1), -1),
		Want: []string{"status.observedGeneration: Invalid value: -1: must be greater than or equal to 0"}},
	{Name: "status update keeps the stored spec", Subresource: "status", Old: widget("red", 1), Object: withGeneration(widget("red", 101), 2)},
	{Name: "update keeps the stored status", Old: widget("red", 1), Object: withGeneration(widget("red", 2), -1)},
}

func widgetsScheme(t *testing.T) *runtime.Scheme {
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	return scheme
}

func TestRules(t *testing.T) {
	metagentest.Rules(t, widgetsScheme(t), widgetCases)
}

// The same table on the in-process server gives the same answers.
func TestRulesOnTheInProcessServer(t *testing.T) {
	scheme := widgetsScheme(t)
	s := server.StartForTest(t, server.Options{Scheme: scheme})
	metagentest.RulesOnServer(t, s.RESTConfig(), scheme, "default", widgetCases)
}

// A case whose errors differ from the validation's is reported, with both.
func TestRulesReportDifferences(t *testing.T) {
	c := metagentest.RuleCase{Name: "x", Object: widget("red", 101)}
	errs, err := metagentest.Validate(widgetsScheme(t), c)
	if err != nil {
		t.Fatal(err)
	}
	got := metagentest.ErrorStrings(errs)
	if len(got) != 1 || !strings.HasPrefix(got[0], "spec.replicas: ") {
		t.Errorf("Validate: %q, want the spec.replicas error", got)
	}
	if _, err := metagentest.Validate(widgetsScheme(t), metagentest.RuleCase{Name: "y", Object: widget("red", 1), YAML: widgetYAML}); err == nil {
		t.Error("a case with a Go object and YAML: no error")
	}
	if _, err := metagentest.Validate(widgetsScheme(t), metagentest.RuleCase{Name: "z", Subresource: "status", Object: widget("red", 1)}); err == nil {
		t.Error("a /status case without a stored object: no error")
	}
}
