package dialects

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

// +optional decides over +kubebuilder:validation:Required, +required over
// +kubebuilder:validation:Optional; the other kubebuilder rules apply when
// the value is set.
func TestPresence(t *testing.T) {
	expect.Errors(t, Validate_PortStatus(expect.Ctx, expect.Create, nil, &PortStatus{Port: ptr.To[int32](80)}, nil))
	expect.Errors(t, Validate_PortStatus(expect.Ctx, expect.Create, nil, &PortStatus{Error: ptr.To("Not-A-Word!")}, nil),
		// As the CRD's schema validation, the first string keyword
		// that fails.
		"error: Too long: may not be more than 8 bytes",
		"port: Required value")
}

// +listType on a string says nothing to validate; an enum without
// constants allows no value.
func TestListTypeAndEmptyEnum(t *testing.T) {
	expect.Errors(t, Validate_PortStatus(expect.Ctx, expect.Create, nil, &PortStatus{Port: ptr.To[int32](80), SideEffects: ptr.To("Some")}, nil))
	expect.Errors(t, Validate_PortStatus(expect.Ctx, expect.Create, nil, &PortStatus{Port: ptr.To[int32](80), Nothing: "x"}, nil),
		`nothing: Unsupported value: "x"`)
}
