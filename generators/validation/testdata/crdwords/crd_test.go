package crdwords

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

// apiserver validates obj as kube-apiserver's custom resource strategy does
// on create, with the schema of the CRD metagen writes: the schema
// validation (ValidateCustomResource), then the list-type validation
// (ValidateListSetsAndMaps). Metadata is valid in every object, and the
// CRD has no CEL rules.
type apiserver struct {
	validator  apiservervalidation.SchemaValidator
	structural *structuralschema.Structural
}

func loadCRD(t *testing.T) *apiserver {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("crds", "*.yaml"))
	if len(files) != 1 {
		t.Fatalf("want the one CRD metagen writes in crds/, found %v", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &crd); err != nil {
		t.Fatal(err)
	}
	var schema apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(crd.Spec.Versions[0].Schema.OpenAPIV3Schema, &schema, nil); err != nil {
		t.Fatal(err)
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(&schema)
	if err != nil {
		t.Fatal(err)
	}
	structural, err := structuralschema.NewStructural(&schema)
	if err != nil {
		t.Fatal(err)
	}
	return &apiserver{validator: validator, structural: structural}
}

func (a *apiserver) validate(t *testing.T, obj *Widget) field.ErrorList {
	t.Helper()
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	// The apiserver's JSON decoder: whole numbers are int64.
	var u map[string]any
	if err := utiljson.Unmarshal(data, &u); err != nil {
		t.Fatal(err)
	}
	errs := apiservervalidation.ValidateCustomResource(nil, u, a.validator)
	return append(errs, listtype.ValidateListSetsAndMaps(nil, a.structural, u)...)
}

func valid() *Widget {
	return &Widget{
		ObjectMeta: metav1.ObjectMeta{Name: "w", Namespace: "default"},
		Spec: WidgetSpec{
			Count: 5, Ratio: 1.25, Step: 10, Code: "abc", Speed: "fast", Owner: ptr.To("me"), Alias: "a", Nick: "nn",
		},
	}
}

// corpus are the objects, each a change of valid(): valid and invalid
// values of every keyword, at and beyond their edges.
var corpus = []struct {
	name   string
	change func(*Widget)
}{
	{"valid", func(*Widget) {}},
	{"minimum edge", func(w *Widget) { w.Spec.Count = 1 }},
	{"below minimum", func(w *Widget) { w.Spec.Count = 0 }},
	{"maximum edge", func(w *Widget) { w.Spec.Count = 10 }},
	{"above maximum", func(w *Widget) { w.Spec.Count = 11 }},
	{"exclusive minimum edge", func(w *Widget) { w.Spec.Ratio = 0 }},
	{"exclusive maximum edge", func(w *Widget) { w.Spec.Ratio = 1.5 }},
	{"inside exclusive bounds", func(w *Widget) { w.Spec.Ratio = 0.5 }},
	{"whole number under a fractional exclusive maximum", func(w *Widget) { w.Spec.Ratio = 1 }},
	{"below exclusive minimum", func(w *Widget) { w.Spec.Ratio = -0.5 }},
	{"fractional minimum, fractional value below", func(w *Widget) { w.Spec.Half = ptr.To(0.25) }},
	{"fractional minimum, whole float below", func(w *Widget) { w.Spec.Half = ptr.To(0.0) }},
	{"fractional minimum at edge", func(w *Widget) { w.Spec.Half = ptr.To(0.5) }},
	{"multiple", func(w *Widget) { w.Spec.Step = -15 }},
	{"not a multiple", func(w *Widget) { w.Spec.Step = 7 }},
	{"fractional multiple", func(w *Widget) { w.Spec.Quarter = ptr.To(0.75) }},
	{"not a fractional multiple", func(w *Widget) { w.Spec.Quarter = ptr.To(0.3) }},
	{"too short", func(w *Widget) { w.Spec.Code = "a" }},
	{"too long", func(w *Widget) { w.Spec.Code = "abcdef" }},
	{"too long and not matching: one error", func(w *Widget) { w.Spec.Code = "ABCDEF" }},
	{"too short and not matching: one error", func(w *Widget) { w.Spec.Code = "A" }},
	{"not matching", func(w *Widget) { w.Spec.Code = "aBc" }},
	{"length edges", func(w *Widget) { w.Spec.Code = "abcde" }},
	{"three runes, more bytes", func(w *Widget) { w.Spec.Short = "héé" }},
	{"four runes", func(w *Widget) { w.Spec.Short = "héé!" }},
	{"email", func(w *Widget) { w.Spec.Email = "a@example.com" }},
	{"not an email", func(w *Widget) { w.Spec.Email = "nope" }},
	{"uuid", func(w *Widget) { w.Spec.UID = "7a1b8d0c-2f3e-4a5b-8c9d-0e1f2a3b4c5d" }},
	{"not a uuid", func(w *Widget) { w.Spec.UID = "7a1b8d0c" }},
	{"enum value", func(w *Widget) { w.Spec.Speed = "very slow" }},
	{"not an enum value", func(w *Widget) { w.Spec.Speed = "medium" }},
	{"empty enum value", func(w *Widget) { w.Spec.Speed = "" }},
	{"number enum value", func(w *Widget) { w.Spec.Level = 2 }},
	{"not a number enum value", func(w *Widget) { w.Spec.Level = 4 }},
	{"min items edge", func(w *Widget) { w.Spec.Tags = []string{"a"} }},
	{"max items edge", func(w *Widget) { w.Spec.Tags = []string{"a", "b", "c"} }},
	{"too many items", func(w *Widget) { w.Spec.Tags = []string{"a", "b", "c", "d"} }},
	{"bad items, too many", func(w *Widget) { w.Spec.Tags = []string{"toolong", "B", "c", "d"} }},
	{"empty list omitted", func(w *Widget) { w.Spec.Tags = []string{} }},
	{"min properties edge", func(w *Widget) { w.Spec.Env = map[string]string{"A": "1"} }},
	{"too many properties", func(w *Widget) { w.Spec.Env = map[string]string{"A": "1", "B": "2", "C": "3"} }},
	{"map values", func(w *Widget) { w.Spec.Limits = map[string]Limit{"a": {Value: 1, Kind: "hard"}} }},
	{"bad map values", func(w *Widget) {
		w.Spec.Limits = map[string]Limit{"a": {Value: -1}, "b": {Value: 2, Kind: "medium"}, "c.d": {Value: -2, Kind: "x"}}
	}},
	{"required pointer missing", func(w *Widget) { w.Spec.Owner = nil }},
	{"required pointer to empty", func(w *Widget) { w.Spec.Owner = ptr.To("") }},
	{"required value always written", func(w *Widget) { w.Spec.Alias = "" }},
	{"required and omitted when empty", func(w *Widget) { w.Spec.Nick = "" }},
	{"required and too short", func(w *Widget) { w.Spec.Nick = "n" }},
	{"set", func(w *Widget) { w.Spec.Set = []string{"a", "b"} }},
	{"set duplicates", func(w *Widget) { w.Spec.Set = []string{"a", "b", "a", "a", "b"} }},
	{"number set duplicates", func(w *Widget) { w.Spec.Numbers = []int32{1, 2, 1} }},
	{"list map", func(w *Widget) {
		w.Spec.Ports = []Port{{Name: "a", Protocol: "TCP", Number: 1}, {Name: "a", Protocol: "UDP", Number: 2}}
	}},
	{"list map duplicate keys", func(w *Widget) {
		w.Spec.Ports = []Port{{Name: "a", Protocol: "TCP", Number: 1}, {Name: "a", Protocol: "TCP", Number: 2}, {Name: "a", Protocol: "TCP", Number: 0}}
	}},
	{"list map duplicate key, bad item", func(w *Widget) {
		w.Spec.Items = []Item{{ID: "x", Value: 1}, {ID: "x", Value: 2}, {ID: "long", Value: 1}, {ID: "y"}}
	}},
	{"list map too many, duplicates", func(w *Widget) {
		w.Spec.Items = []Item{{ID: "x"}, {ID: "x"}, {ID: "y"}, {ID: "y"}}
	}},
	{"bytes within base64 length", func(w *Widget) { w.Spec.Blob = []byte("abcd") }},
	{"bytes over base64 length", func(w *Widget) { w.Spec.Blob = []byte("abcdefg") }},
	{"declared-base type, valid", func(w *Widget) { w.Spec.Header = "X-Abc" }},
	{"declared-base type, own max length", func(w *Widget) { w.Spec.Header = "Accept" }},
	{"declared-base type, base enum", func(w *Widget) { w.Spec.Header = "Nope" }},
	{"declared-base type, base pattern", func(w *Widget) { w.Spec.Header = "A:b" }},
	{"declared-base type, base min length", func(w *Widget) { w.Spec.Headers = []HTTPHeader{"X-Abc", ""} }},
	{"declared-base type, no allOf branch holds", func(w *Widget) { w.Spec.Headers = []HTTPHeader{"abcdefghij"} }},
	{"declared-base type, own pattern (allOf), base length", func(w *Widget) { w.Spec.Header = "accept" }},
	{"field over type, valid", func(w *Widget) { w.Spec.Word = "abc" }},
	{"field over type, field's bound", func(w *Widget) { w.Spec.Head = "Accept" }},
	{"field over type, type's pattern", func(w *Widget) { w.Spec.Head = "A:b" }},
	{"field over type, field's enum value the type's lacks", func(w *Widget) { w.Spec.Head = "Other" }},
	{"field over type, field's bound, type's pattern at the top", func(w *Widget) { w.Spec.Word = "abcdefg" }},
	{"field over type, field's own bound", func(w *Widget) { w.Spec.Word = "a" }},
	{"field over type, no allOf branch holds", func(w *Widget) { w.Spec.Word = "ABCDEFGHIJKL" }},
	{"items over item type", func(w *Widget) { w.Spec.Words = []Word{"abc", "abcd", "ABCDEFGHIJKL", "x1"} }},
	{"many at once", func(w *Widget) {
		w.Spec.Count, w.Spec.Ratio, w.Spec.Step, w.Spec.Code, w.Spec.Speed = 0, 2, 3, "", "no"
		w.Spec.Owner, w.Spec.Alias, w.Spec.Nick = nil, "", ""
		w.Spec.Tags = []string{"x", "x"}
		w.Spec.Set = []string{"x", "x"}
	}},
}

// TestCRDWords validates every object of the corpus with the generated
// validation and with apiextensions-apiserver's validation of the CRD, and
// wants the same errors: types, paths, bad values (as JSON) and details,
// in the same order for each path. Across paths kube-apiserver's order
// follows Go map iteration (an object's properties, a map's keys), so both
// lists are compared sorted by path, each path's errors in their order.
func TestCRDWords(t *testing.T) {
	server := loadCRD(t)
	agree, invalid := 0, 0
	for _, c := range corpus {
		obj := valid()
		c.change(obj)
		got := render(Validate_Widget(expect.Ctx, expect.Create, nil, obj, nil))
		want := render(server.validate(t, obj))
		if len(want) > 0 {
			invalid++
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:\ngenerated validation:\n  %s\nkube-apiserver:\n  %s", c.name, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			continue
		}
		agree++
	}
	if invalid == 0 || invalid == len(corpus) {
		t.Errorf("the corpus needs valid and invalid objects: %d of %d invalid", invalid, len(corpus))
	}
	fmt.Printf("crdwords: markers=%d objects=%d invalid=%d agree=%d\n", countMarkers(t), len(corpus), invalid, agree)
}

// render spells each error with all it is compared by, sorted by path
// (stable: a path's errors keep their order).
func render(errs field.ErrorList) []string {
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Field < errs[j].Field })
	var out []string
	for _, err := range errs {
		value, jerr := json.Marshal(err.BadValue)
		if jerr != nil {
			value = []byte(fmt.Sprintf("%#v", err.BadValue))
		}
		out = append(out, fmt.Sprintf("%s | %s | %s | %s", err.Field, err.Type, bytes.TrimSpace(value), err.Detail))
	}
	return out
}

// countMarkers counts the kinds of schema markers types.go uses.
func countMarkers(t *testing.T) int {
	data, err := os.ReadFile("types.go")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, m := range regexp.MustCompile(`// \+((?:kubebuilder:validation:(?:items:)?)?[A-Za-z]+)(?:=([a-z]+))?`).FindAllStringSubmatch(string(data), -1) {
		name := strings.TrimPrefix(m[1], "kubebuilder:validation:items:")
		name = strings.TrimPrefix(name, "kubebuilder:validation:")
		if name == "optional" || strings.HasPrefix(m[1], "kubebuilder:object") {
			continue
		}
		if name == "listType" {
			name += "=" + m[2]
		}
		kinds[name] = true
	}
	return len(kinds)
}
