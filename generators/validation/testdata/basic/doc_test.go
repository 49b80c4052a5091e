package basic

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/randfill"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func valid() *Thing {
	return &Thing{
		ObjectMeta: metav1.ObjectMeta{Name: "t", Namespace: "ns", ResourceVersion: "1"},
		Spec: ThingSpec{
			Name: "n", Replicas: ptr.To[int32](3), Short: "a-b", Word: "abc",
			Items:  []Item{{Name: "a", Weight: 1}, {Name: "b"}},
			Labels: map[string]string{"example.com/k": "v"},
			Color:  Red, Fixed: "f",
		},
	}
}

const shortNameMessage = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"

func TestValid(t *testing.T) {
	expect.Errors(t, Validate_Thing(expect.Ctx, expect.Create, nil, valid(), nil))
	expect.Errors(t, Validate_Thing(expect.Ctx, expect.Update, nil, valid(), valid()))
}

func TestInvalid(t *testing.T) {
	obj := valid()
	obj.Name = "Bad_Name"
	obj.Spec.Name = ""
	obj.Spec.Replicas = ptr.To[int32](11)
	obj.Spec.Short = "A.b"
	obj.Spec.Word = "ABC"
	obj.Spec.Items = []Item{{Name: "a", Weight: -1}, {Name: "a"}, {Name: "c"}, {Name: "d"}, {Name: "e"}}
	obj.Spec.Labels = map[string]string{"-k": "toolongvalue"}
	obj.Spec.Color = "green"
	expect.Errors(t, Validate_Thing(expect.Ctx, expect.Create, nil, obj, nil),
		`metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
		`spec.name: Required value`,
		`spec.replicas: Invalid value: 11: must be less than or equal to 10`,
		`spec.short: Invalid value: "A.b": `+shortNameMessage,
		`spec.word: Invalid value: "ABC": spec.word in body should match '^[a-z]+$'`,
		`spec.items: Too many: 5: must have at most 4 items`,
		`spec.labels: Invalid value: "-k": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		`spec.labels[-k]: Too long: may not be more than 8 characters`,
		`spec.color: Unsupported value: "green": supported values: "blue", "red"`,
	)
	obj.Spec.Items = obj.Spec.Items[:3]
	expect.Errors(t, Validate_Thing(expect.Ctx, expect.Create, nil, valid(), nil))
}

func TestListMapItems(t *testing.T) {
	obj := valid()
	obj.Spec.Items = []Item{{Name: "a", Weight: -1}, {Name: "a"}}
	expect.Errors(t, Validate_Thing(expect.Ctx, expect.Create, nil, obj, nil),
		`spec.items[1]: Duplicate value: {"name":"a","weight":0}`,
		`spec.items[0].weight: Invalid value: -1: must be greater than or equal to 0`,
	)
}

// Unchanged values are not validated again; list items are paired by key.
func TestRatcheting(t *testing.T) {
	old := valid()
	old.Spec.Short = "A.b"
	old.Spec.Items = []Item{{Name: "a", Weight: -1}, {Name: "b", Weight: -2}}
	obj := old.DeepCopyObject().(*Thing)
	obj.Spec.Items = []Item{{Name: "b", Weight: -2}, {Name: "a", Weight: -3}, {Name: "c", Weight: -4}}
	expect.Errors(t, Validate_Thing(expect.Ctx, expect.Update, nil, obj, old),
		`spec.items[1].weight: Invalid value: -3: must be greater than or equal to 0`,
		`spec.items[2].weight: Invalid value: -4: must be greater than or equal to 0`,
	)
}

func TestImmutable(t *testing.T) {
	old := valid()
	obj := valid()
	obj.Spec.Fixed = "changed"
	expect.Errors(t, Validate_Thing(expect.Ctx, expect.Update, nil, obj, old),
		`spec.fixed: Invalid value: null: field is immutable`)
}

func TestSchemeRunsValidationForStatusToo(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := localSchemeBuilder.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	obj := valid()
	obj.Spec.Name = ""
	expect.Errors(t, scheme.Validate(expect.Ctx, nil, obj), `spec.name: Required value`)
	expect.Errors(t, scheme.ValidateUpdate(expect.Ctx, nil, obj, valid(), "status"), `spec.name: Required value`)
	expect.Errors(t, scheme.ValidateUpdate(expect.Ctx, nil, obj, valid(), "scale"),
		`<nil>: Internal error: no validation found for *basic.Thing, subresource: /scale`)
}

// FuzzValidateThing: random things never panic, on create or update.
func FuzzValidateThing(f *testing.F) {
	f.Add([]byte("thing"), true)
	f.Add([]byte{9, 8, 7}, false)
	f.Fuzz(func(t *testing.T, data []byte, update bool) {
		filler := randfill.NewFromGoFuzz(data).NilChance(0.3).NumElements(0, 5)
		var obj, old Thing
		filler.Fill(&obj)
		filler.Fill(&old)
		if update {
			Validate_Thing(expect.Ctx, expect.Update, nil, &obj, &old)
		} else {
			Validate_Thing(expect.Ctx, expect.Create, nil, &obj, nil)
		}
	})
}
