package generatedregister

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

// AddToScheme, from the generated register file, brings the generated
// validation along.
func TestAddToSchemeRegistersTheValidation(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	if !scheme.HasValidationFunc(&Gadget{}) {
		t.Fatal("Gadget has no validation in the scheme")
	}
	expect.Errors(t, scheme.Validate(expect.Ctx, nil, &Gadget{ObjectMeta: metav1.ObjectMeta{Name: "g", Namespace: "ns"}}),
		`spec.replicas: Invalid value: 0: must be greater than or equal to 1`)
}
