package cel

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func valid() *Widget {
	return &Widget{
		ObjectMeta: metav1.ObjectMeta{Name: "w-1", Namespace: "ns", ResourceVersion: "1"},
		Spec: WidgetSpec{Min: 1, Max: 2, Mode: "fast", URL: "https://example.com",
			Ports: []Port{{Name: "http", Port: 80}, {Name: "none"}}},
	}
}

func TestValid(t *testing.T) {
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Create, nil, valid(), nil))
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Update, nil, valid(), valid()))
}

// Every rule of the schema fails, with message, messageExpression, reason
// and fieldPath as kube-apiserver reports them: the value of an object is
// not shown, a scalar's is.
func TestInvalidOnCreate(t *testing.T) {
	obj := valid()
	obj.Name = "x"
	obj.Spec.Min, obj.Spec.Max = 5, 2
	obj.Spec.Path = "/a"
	obj.Spec.Ports[0].Port = 0
	obj.Spec.Size = ptr.To[int32](0)
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Create, nil, obj, nil),
		`<nil>: Invalid value: name must start with w-`,
		`spec: Invalid value: exactly one of the fields in [url path] must be set`,
		`spec.min: Forbidden: min exceeds max in mode fast`,
		`spec.ports[0]: Required value: port is required`,
		`spec.size: Invalid value: 0: size may only grow`,
	)
}

// Transition rules (oldSelf) run on update only, and not when the old value
// is absent, unless the rule is optionalOldSelf.
func TestTransitionRules(t *testing.T) {
	old, obj := valid(), valid()
	obj.Spec.Mode = "slow"
	old.Spec.Size, obj.Spec.Size = ptr.To[int32](5), ptr.To[int32](3)
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Update, nil, obj, old),
		`spec.mode: Invalid value: "slow": mode is immutable`,
		`spec.size: Invalid value: 3: size may only grow`,
	)
	// Growing is fine; a mode that was not set before may be set.
	old.Spec.Mode, obj.Spec.Size = "", ptr.To[int32](7)
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Update, nil, obj, old))
	// Removing the mode: the struct's transition rule.
	old.Spec.Mode, obj.Spec.Mode = "fast", ""
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Update, nil, obj, old),
		`spec: Invalid value: mode may not be removed`,
	)
	// optionalOldSelf: without an old size, the rule runs with no oldSelf.
	old.Spec.Mode, obj.Spec.Mode = "fast", "fast"
	old.Spec.Size, obj.Spec.Size = nil, ptr.To[int32](0)
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Update, nil, obj, old),
		`spec.size: Invalid value: 0: size may only grow`,
	)
}

// A value that fails a rule and did so before the update, unchanged, is
// not reported again (ratcheting); a changed one is.
func TestRatcheting(t *testing.T) {
	old := valid()
	old.Spec.Ports[0].Port = 0
	obj := old.DeepCopyObject().(*Widget)
	obj.Spec.Ports = append([]Port(nil), old.Spec.Ports...)
	obj.Spec.Ports = append(obj.Spec.Ports, Port{Name: "https", Port: 443})
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Update, nil, obj, old))
	obj.Spec.Ports = append(obj.Spec.Ports, Port{Name: "other"})
	expect.Errors(t, Validate_Widget(expect.Ctx, expect.Update, nil, obj, old),
		`spec.ports[3]: Required value: port is required`,
	)
}

// As kube-apiserver does, the rules are not evaluated when other checks
// found a value that is missing, too long, too many, of the wrong type or
// not supported; other errors leave them running.
func TestNotCheckedAfterBlockingErrors(t *testing.T) {
	obj := valid()
	obj.Name = "x"
	obj.Spec.Ports[0].Name = "much-too-long" // Too long: blocks
	errs := Validate_Widget(expect.Ctx, expect.Create, nil, obj, nil)
	if len(errs) != 2 || errs[0].Field != "spec.ports[0].name" {
		t.Fatalf("want the name's error and one for the rules, got %v", errs)
	}
	expect.Errors(t, errs[1:],
		`<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation`,
	)
	obj = valid()
	obj.Name = "x"
	obj.Spec.Max = 101 // Invalid: does not block
	errs = Validate_Widget(expect.Ctx, expect.Create, nil, obj, nil)
	if len(errs) != 2 || errs[0].Field != "spec.max" {
		t.Fatalf("want the maximum's error and the rule's, got %v", errs)
	}
	expect.Errors(t, errs[1:],
		`<nil>: Invalid value: name must start with w-`,
	)
}

// The scheme runs them: what the in-process server and fake clients call.
func TestScheme(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := RegisterValidations(scheme); err != nil {
		t.Fatal(err)
	}
	obj := valid()
	obj.Name = "x"
	expect.Errors(t, scheme.Validate(expect.Ctx, nil, obj),
		`<nil>: Invalid value: name must start with w-`,
	)
	old, obj := valid(), valid()
	obj.Spec.Mode = "slow"
	expect.Errors(t, scheme.ValidateUpdate(expect.Ctx, nil, obj, old),
		`spec.mode: Invalid value: "slow": mode is immutable`,
	)
}
