package v1_test

import (
	"testing"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/metagentest"
)

// The checked-in generated code must be what metagen generates now.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	metagentest.Verify(t, ".")
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
