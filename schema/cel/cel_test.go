package cel_test

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/schema/cel"
)

type spec struct {
	Replicas int32  `json:"replicas"`
	Mode     string `json:"mode,omitempty"`
}

const schema = `{"type":"object","properties":{
	"replicas":{"type":"integer","format":"int32","x-kubernetes-validations":[{"rule":"self >= 0","messageExpression":"'replicas ' + string(self) + ' is negative'","reason":"FieldValueForbidden"}]},
	"mode":{"type":"string","maxLength":8,"x-kubernetes-validations":[{"rule":"self == oldSelf","message":"mode is immutable"}]}}}`

var (
	ctx    = context.Background()
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
)

func render(errs field.ErrorList) string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return strings.Join(out, "\n")
}

func TestRules(t *testing.T) {
	rules := cel.New(schema, false)
	for _, c := range []struct {
		name     string
		op       operation.Operation
		obj, old *spec
		prior    field.ErrorList
		want     string
	}{
		{"valid", create, &spec{Replicas: 1, Mode: "a"}, nil, nil, ""},
		{"messageExpression and reason", create, &spec{Replicas: -1}, nil, nil, "replicas: Forbidden: replicas -1 is negative"},
		{"transition rule not on create", create, &spec{Replicas: 1, Mode: "b"}, nil, nil, ""},
		{"transition rule on update", update, &spec{Replicas: 1, Mode: "b"}, &spec{Replicas: 1, Mode: "a"}, nil, `mode: Invalid value: "b": mode is immutable`},
		{"no old value, no transition rule", update, &spec{Replicas: 1, Mode: "b"}, &spec{Replicas: 1}, nil, ""},
		{"unchanged invalid value ratcheted", update, &spec{Replicas: -1, Mode: "a"}, &spec{Replicas: -1, Mode: "a"}, nil, ""},
		{"changed invalid value reported", update, &spec{Replicas: -2, Mode: "a"}, &spec{Replicas: -1, Mode: "a"}, nil, "replicas: Forbidden: replicas -2 is negative"},
		{"blocked", create, &spec{Replicas: -1}, nil, field.ErrorList{field.TooLong(field.NewPath("mode"), "", 8)},
			"<nil>: Invalid value: null: " + cel.NotChecked},
		{"not blocked by Invalid", create, &spec{Replicas: -1}, nil, field.ErrorList{field.Invalid(field.NewPath("mode"), "", "bad")},
			"replicas: Forbidden: replicas -1 is negative"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var old any
			if c.old != nil {
				old = c.old
			} else {
				old = (*spec)(nil) // as generated code passes it on create
			}
			if got := render(rules.Validate(ctx, c.op, nil, c.obj, old, c.prior)); got != c.want {
				t.Errorf("got\n  %s\nwant\n  %s", got, c.want)
			}
		})
	}
}

func TestBadSchemaIsAnInternalError(t *testing.T) {
	rules := cel.New(`{"type":`, false)
	errs := rules.Validate(ctx, create, nil, &spec{}, nil, nil)
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeInternal {
		t.Fatalf("got %v, want one internal error", errs)
	}
	if rules.Compile() == nil {
		t.Error("Compile of a bad schema succeeds")
	}
}

// The rules see the object as kube-apiserver decodes it: the schema's
// defaults applied; and a resource serving /status has no status on create.
func TestDefaultsAndDroppedStatus(t *testing.T) {
	type status struct {
		Phase string `json:"phase,omitempty"`
	}
	type object struct {
		Mode   string `json:"mode,omitempty"`
		Status status `json:"status"`
	}
	const schema = `{"type":"object","properties":{
		"mode":{"type":"string","default":"auto","x-kubernetes-validations":[{"rule":"self == 'auto' || self == 'manual'","message":"unknown mode"}]},
		"status":{"type":"object","properties":{"phase":{"type":"string"}},"x-kubernetes-validations":[{"rule":"has(self.phase)","message":"phase is required"}]}},
		"x-kubernetes-validations":[{"rule":"self.mode != ''","message":"no mode"}]}`
	obj := &object{Status: status{}}
	// The status rule holds on a create only when the status is dropped.
	if got := render(cel.New(schema, false).Validate(ctx, create, nil, obj, nil, nil)); !strings.Contains(got, "phase is required") || strings.Contains(got, "no mode") {
		t.Errorf("create without dropping the status: %q, want the status rule's error only (mode defaulted)", got)
	}
	if got := render(cel.New(schema, false).StatusSubresource().Validate(ctx, create, nil, obj, nil, nil)); got != "" {
		t.Errorf("create of a /status resource: %q, want nothing", got)
	}
	if got := render(cel.New(schema, false).StatusSubresource().Validate(ctx, update, nil, obj, &object{Mode: "auto", Status: status{Phase: "x"}}, nil)); !strings.Contains(got, "phase is required") {
		t.Errorf("update of a /status resource: %q, want the status rule's error", got)
	}
}
