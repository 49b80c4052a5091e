package v1_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"sigs.k8s.io/randfill"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// FuzzValidateWidget validates random widgets, on create and on updates of
// random or slightly changed old widgets: the generated code never panics,
// and the scheme runs the same validation.
func FuzzValidateWidget(f *testing.F) {
	for _, seed := range []string{"", "widget", "\x00\x01\x02\x03", "a longer seed for deeper values"} {
		f.Add([]byte(seed), uint8(0))
		f.Add([]byte(seed), uint8(1))
		f.Add([]byte(seed), uint8(2))
	}
	scheme := newScheme(f)
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		filler := randfill.NewFromGoFuzz(data).NilChance(0.3).NumElements(0, 4).MaxDepth(6)
		obj := &widgetsv1.Widget{}
		filler.Fill(obj)
		ctx := context.Background()
		switch mode % 3 {
		case 0:
			errs := widgetsv1.Validate_Widget(ctx, operation.Operation{Type: operation.Create}, nil, obj, nil)
			if len(errs) != len(scheme.Validate(ctx, nil, obj)) {
				t.Errorf("the scheme runs other validation: %v", errs)
			}
		case 1:
			old := &widgetsv1.Widget{}
			filler.Fill(old)
			widgetsv1.Validate_Widget(ctx, operation.Operation{Type: operation.Update}, nil, obj, old)
		case 2:
			old := obj.DeepCopy()
			if len(old.Spec.Parts) > 0 {
				old.Spec.Parts[0].Suppliers = append(old.Spec.Parts[0].Suppliers, "Changed")
			}
			old.Spec.Color += "x"
			scheme.ValidateUpdate(ctx, nil, obj, old, "status")
		}
	})
}
