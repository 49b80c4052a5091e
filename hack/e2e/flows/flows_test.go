package flows

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMergeJSON(t *testing.T) {
	base := map[string]any{"metadata": map[string]any{"name": "a", "finalizers": []any{"x"}}, "data": map[string]any{"k": "v"}}
	got, err := MergeJSON(base, `{"metadata":{"finalizers":null,"labels":{"l":"1"}}}`, "")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"data":{"k":"v"},"metadata":{"labels":{"l":"1"},"name":"a"}}`
	if string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, ok := base["metadata"].(map[string]any)["finalizers"]; !ok {
		t.Error("MergeJSON changed its base")
	}
}

func TestNormalize(t *testing.T) {
	o := Observation{
		Message: `Operation cannot be fulfilled on Widget.e2e.metagen.dev "d25": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (1234). uid 77-aa`,
		Details: &Details{Name: "d25"},
	}
	o.normalize(instance{name: "d25", ns: "ns1", uid: "77-aa", rv: "1234"})
	want := `Operation cannot be fulfilled on Widget.e2e.metagen.dev "{name}": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record ({rv}). uid {uid}`
	if o.Message != want || o.Details.Name != "{name}" {
		t.Errorf("got %q, %q", o.Message, o.Details.Name)
	}
}

func TestExpectFillsResource(t *testing.T) {
	got := NotFound().expect(Widgets, 0)
	want := Observation{Code: 404, Kind: KindStatus, Status: "Failure", Reason: "NotFound",
		Message: `widgets.e2e.metagen.dev "{name}" not found`,
		Details: &Details{Name: "{name}", Group: "e2e.metagen.dev", Kind: "widgets"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
}

func TestGenerationChange(t *testing.T) {
	for _, c := range []struct {
		r      Resource
		change GenerationChange
		last   int64
		want   int64
	}{
		{Widgets, GenCreated, 0, 1},
		{ConfigMaps, GenCreated, 0, 0},
		{Widgets, GenBumped, 1, 2},
		{ConfigMaps, GenBumped, 0, 0},
		{Widgets, GenSame, 2, 2},
	} {
		if got := c.change.apply(c.r, c.last); got != c.want {
			t.Errorf("%s %d from %d: got %d, want %d", c.r.Kind, c.change, c.last, got, c.want)
		}
	}
}

func TestObjectName(t *testing.T) {
	if got := ObjectName("D2+D5+D8"); got != "d2-d5-d8" {
		t.Errorf("got %q", got)
	}
}
