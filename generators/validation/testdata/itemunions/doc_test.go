package itemunions

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func valid() *Pipeline {
	return &Pipeline{
		Tasks: []Task{{Name: "succeeded"}, {Name: "other"}},
		Ports: []Port{{Name: "http", Port: 80}, {Name: "https", Port: 8443}},
	}
}

func TestValid(t *testing.T) {
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Create, nil, valid(), nil))
}

func TestUnion(t *testing.T) {
	obj := valid()
	obj.Tasks = []Task{{Name: "succeeded"}, {Name: "failed", State: "Failed"}}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Create, nil, obj, nil),
		`tasks: Invalid value: "{tasks[{\"name\": \"succeeded\"}], tasks[{\"name\": \"failed\"}]}": must specify exactly one of: `+"`"+`tasks[{"name": "succeeded"}]`+"`, `"+`tasks[{"name": "failed"}]`+"`")
	obj.Tasks = []Task{{Name: "other"}}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Create, nil, obj, nil),
		`tasks: Invalid value: "": must specify one of: `+"`"+`tasks[{"name": "succeeded"}]`+"`, `"+`tasks[{"name": "failed"}]`+"`")
	// The union's items keep their own tags.
	obj.Tasks = []Task{{Name: "failed"}}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Create, nil, obj, nil),
		`tasks[0].state: Required value`)
}

func TestZeroOrOneOf(t *testing.T) {
	obj := valid()
	obj.Speeds = []Task{{Name: "fast"}, {Name: "medium"}}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Create, nil, obj, nil))
	obj.Speeds = []Task{{Name: "slow"}, {Name: "fast"}}
	errs := Validate_Pipeline(expect.Ctx, expect.Create, nil, obj, nil)
	expect.Errors(t, errs,
		`speeds: Invalid value: "{speeds[{\"name\": \"fast\"}], speeds[{\"name\": \"slow\"}]}": must specify at most one of: `+"`"+`speeds[{"name": "fast"}]`+"`, `"+`speeds[{"name": "slow"}]`+"`")
	if len(errs) == 1 && errs[0].Origin != "zeroOrOneOf" {
		t.Errorf("origin %q", errs[0].Origin)
	}
}

// Unions with names and two keys: the keys select the item, and the
// union's family runs where its first member is written.
func TestNamedUnionsWithTwoKeys(t *testing.T) {
	obj := valid()
	obj.Ports = []Port{{Name: "http", Port: 8080}, {Name: "ssh", Port: 22}, {Name: "telnet", Port: 23}}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Create, nil, obj, nil),
		`ports: Invalid value: "": must specify one of: `+"`"+`ports[{"name": "https", "port": 443}]`+"`, `"+`ports[{"name": "http", "port": 80}]`+"`",
		`ports: Invalid value: "{ports[{\"name\": \"ssh\", \"port\": 22}], ports[{\"name\": \"telnet\", \"port\": 23}]}": must specify at most one of: `+"`"+`ports[{"name": "ssh", "port": 22}]`+"`, `"+`ports[{"name": "telnet", "port": 23}]`+"`")
}

// A list type names its members by the type's name. Its members are
// written c, a, b; validation-gen v0.37.2 would report c and a here.
func TestListTypeMembersInTheOrderWritten(t *testing.T) {
	obj := valid()
	obj.Steps = StepList{{Name: ptr.To("b")}, {Name: ptr.To("a")}, {Name: nil}}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Create, nil, obj, nil),
		`steps: Invalid value: "{StepList[{\"name\": \"a\"}], StepList[{\"name\": \"b\"}]}": must specify at most one of: `+"`"+`StepList[{"name": "c"}]`+"`, `"+`StepList[{"name": "a"}]`+"`, `"+`StepList[{"name": "b"}]`+"`")
	obj.Steps = StepList{{Name: ptr.To("a")}}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Create, nil, obj, nil))
}

// An unchanged list is not validated again; a changed list whose
// membership is unchanged passes the union too (the union ratchets on
// membership), while its items' own tags still run.
func TestRatcheting(t *testing.T) {
	invalid := func() *Pipeline {
		return &Pipeline{
			Tasks:  []Task{{Name: "succeeded"}, {Name: "failed", State: "Failed"}},
			Speeds: []Task{{Name: "fast"}, {Name: "slow"}},
		}
	}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Update, nil, invalid(), invalid()))
	obj := invalid()
	obj.Tasks[0].State = "Done"
	obj.Speeds = append(obj.Speeds, Task{Name: "medium"})
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Update, nil, obj, invalid()))
	obj.Tasks[1].State = ""
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Update, nil, obj, invalid()),
		`tasks[1].state: Required value`)
	// A change of membership is validated.
	obj = invalid()
	obj.Tasks = obj.Tasks[:1]
	obj.Speeds = []Task{{Name: "slow"}}
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Update, nil, obj, &Pipeline{Tasks: []Task{{Name: "failed", State: "x"}}}))
	expect.Errors(t, Validate_Pipeline(expect.Ctx, expect.Update, nil, invalid(), &Pipeline{Tasks: []Task{{Name: "failed", State: "x"}}, Speeds: []Task{{Name: "slow"}}}),
		`tasks: Invalid value: "{tasks[{\"name\": \"succeeded\"}], tasks[{\"name\": \"failed\"}]}": must specify exactly one of: `+"`"+`tasks[{"name": "succeeded"}]`+"`, `"+`tasks[{"name": "failed"}]`+"`",
		`speeds: Invalid value: "{speeds[{\"name\": \"fast\"}], speeds[{\"name\": \"slow\"}]}": must specify at most one of: `+"`"+`speeds[{"name": "fast"}]`+"`, `"+`speeds[{"name": "slow"}]`+"`")
}
