package kubebuilderjson

import (
	"encoding/json"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func valid() *Spec { return &Spec{Data: []byte("abc"), Weight: 1} }

func TestValid(t *testing.T) {
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, valid(), nil))
}

func TestInvalid(t *testing.T) {
	obj := &Spec{Hosts: &[]string{"a", "b", "c"}, Data: []byte("abcdefg"), StatusCode: ptr.To(300), Weight: 0.75}
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil),
		`hosts: Too many: 3: must have at most 2 items`,
		`data: Too long: may not be more than 8 bytes`,
		`statusCode: Unsupported value: 300: supported values: "301", "302", "308"`,
		`weight: Unsupported value: 0.75: supported values: "0.5", "1", "2"`,
	)
	obj = &Spec{Hosts: &[]string{}, Data: []byte{}, Weight: 0}
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil),
		`hosts: Invalid value: 0: hosts in body should have at least 1 items`,
		`data: Invalid value: "": data in body should be at least 4 chars long`,
		`weight: Unsupported value: 0: supported values: "0.5", "1", "2"`,
	)
}

// As in kube-apiserver, a whole enum value takes the numbers that truncate
// to it.
func TestNumbersCompareAsTheServerCompares(t *testing.T) {
	obj := valid()
	obj.Weight = 1.5
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil))
}

// The rules that depend on how a struct serializes are the CRD schema's
// alone: the generated code checks nothing about Limits, Extra and Token.
func TestSchemaOnlyRulesAreNotChecked(t *testing.T) {
	obj := valid()
	obj.Extra = &Limits{}
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil))
}

func TestItemsOfNamedListType(t *testing.T) {
	obj := valid()
	obj.Mounts = []Mount{{"a"}, {"a", "b", "c"}}
	expect.Errors(t, Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil),
		`mounts[1]: Too many: 3: must have at most 2 items`)
}

// specSchema is the CRD schema controller-gen writes for Spec's fields
// with generated checks, decoded as kube-apiserver decodes a CRD.
const specSchema = `{"type": "object", "properties": {
	"hosts": {"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string"}},
	"data": {"type": "string", "format": "byte", "minLength": 4, "maxLength": 8},
	"statusCode": {"type": "integer", "enum": [301, 302, 308]},
	"weight": {"type": "number", "enum": [0.5, 1, 2]}
}}`

// The generated checks and kube-apiserver's validation of the same JSON
// with the CRD schema report errors on the same fields, on each side of
// every boundary: a nil *[]T or []byte is absent or null (which
// kube-apiserver drops), a []byte's length is its base64 string's, and
// numbers equal as numbers.
func TestAgreesWithCRDSchema(t *testing.T) {
	validator, structural := crdValidator(t)
	list := func(n int) *[]string { l := make([]string, n); return &l }
	var cases []*Spec
	for _, hosts := range []*[]string{nil, new([]string), list(0), list(1), list(2), list(3)} {
		cases = append(cases, &Spec{Hosts: hosts, Weight: 1})
	}
	for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 7} {
		cases = append(cases, &Spec{Data: make([]byte, n), Weight: 1})
	}
	cases = append(cases, &Spec{Weight: 1}) // nil Data: null
	for _, code := range []int{0, 300, 301, 302, 308, 309} {
		cases = append(cases, &Spec{StatusCode: ptr.To(code), Weight: 1})
	}
	for _, weight := range []float64{0, 0.25, 0.5, 0.75, 1, 1.5, 1.999, 2, 2.0000001, 3, -0.5, -1} {
		cases = append(cases, &Spec{Weight: weight})
	}
	for _, obj := range cases {
		data, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		var object map[string]any // numbers decode as kube-apiserver decodes them
		if err := utiljson.Unmarshal(data, &object); err != nil {
			t.Fatal(err)
		}
		defaulting.PruneNonNullableNullsWithoutDefaults(object, structural)
		delete(object, "limits") // schema-only: see TestSchemaOnlyRulesAreNotChecked
		delete(object, "token")
		schemaErrs := apiservervalidation.ValidateCustomResource(nil, object, validator)
		goErrs := Validate_Spec(expect.Ctx, expect.Create, nil, obj, nil)
		if got, want := fields(goErrs), fields(schemaErrs); got != want {
			t.Errorf("%s: generated code reports %q, the CRD schema %q\n  %v\n  %v", data, got, want, goErrs, schemaErrs)
		}
	}
	t.Logf("corpus: %d objects, generated checks and CRD schema agree on each", len(cases))
}

func crdValidator(t *testing.T) (apiservervalidation.SchemaValidator, *structuralschema.Structural) {
	t.Helper()
	var external apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal([]byte(specSchema), &external); err != nil {
		t.Fatal(err)
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&external, &internal, nil); err != nil {
		t.Fatal(err)
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(&internal)
	if err != nil {
		t.Fatal(err)
	}
	structural, err := structuralschema.NewStructural(&internal)
	if err != nil {
		t.Fatal(err)
	}
	return validator, structural
}

// fields lists the fields an error list reports on, once each (the schema
// adds format byte's own error on an empty []byte).
func fields(errs field.ErrorList) string {
	seen := sets.New[string]()
	for _, err := range errs {
		seen.Insert(err.Field)
	}
	return strings.Join(sets.List(seen), ",")
}
