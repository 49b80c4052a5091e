package markers

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdmarkers "sigs.k8s.io/controller-tools/pkg/crd/markers"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"
)

// TestControllerToolsSpellings walks controller-tools' registry (the crd,
// object, rbac, webhook and applyconfiguration markers of controller-gen
// v0.23.0) and feeds each definition the spellings controller-tools
// accepts (spacing after ':' and ',', quoting styles, ':=', {a,b} and a;b
// lists, maps, argument order, repeated markers) and some it refuses,
// through metagen's parser and through controller-tools' own: both must
// accept and refuse the same lines and read the same value.
//
// The markers controller-tools shares with the gengo dialects (+k8s: tags,
// +optional, +listType, +default, +groupName …) are read with gengo's
// grammar, whose anchors (code-generator, openapi-gen) read them too: for
// those only the spellings both grammars read alike are compared.
func TestControllerToolsSpellings(t *testing.T) {
	defs := ControllerTools().AllDefinitions()
	sort.Slice(defs, func(i, j int) bool {
		if defs[i].Name != defs[j].Name {
			return defs[i].Name < defs[j].Name
		}
		return defs[i].Target < defs[j].Target
	})
	var total, accepted, refused, repeated, gengoDefs, gengoSpellings int
	for _, ctDef := range defs {
		target := map[ctmarkers.TargetType]Target{
			ctmarkers.DescribesPackage: OnPackage, ctmarkers.DescribesType: OnType, ctmarkers.DescribesField: OnField,
		}[ctDef.Target]
		def := metagenDefOf(ctDef.Name)
		if def == nil {
			t.Errorf("controller-tools' +%s (%s) has no metagen definition", ctDef.Name, ctDef.Target)
			continue
		}
		if def.Dialect != kubebuilder {
			gengoDefs++
			gengoSpellings += compareGengo(t, ctDef, def, target)
			continue
		}
		if def.Targets&target == 0 {
			t.Errorf("+%s: controller-tools reads it on a %s, metagen only on a %s", ctDef.Name, ctDef.Target, def.Targets)
			continue
		}
		for _, spelling := range spellings(ctDef) {
			if ControllerTools().Lookup(spelling, ctDef.Target) != ctDef {
				continue // controller-gen reads no such marker (+name: with nothing after it)
			}
			total++
			want, ctErr := ctDef.Parse(spelling)
			set, errs := parseOne(target, spelling)
			switch {
			case ctErr != nil:
				refused++
				if len(errs) == 0 {
					t.Errorf("%s on a %s: controller-tools refuses it (%v), metagen reads %v", spelling, target, ctErr, set)
				}
				continue
			case refusedAtGeneration(want):
				refused++ // controller-gen reads it, and refuses it when it writes the schema
				if len(errs) == 0 {
					t.Errorf("%s on a %s: controller-gen refuses %#v when it writes the schema, metagen reads %v", spelling, target, want, set)
				}
				continue
			case len(errs) > 0:
				t.Errorf("%s on a %s: controller-tools reads %#v, metagen refuses it: %v", spelling, target, want, errs)
				continue
			case len(set) != 1 || set[0].Def != def:
				t.Errorf("%s on a %s: metagen reads %v, want one +%s", spelling, target, set, def.Name)
				continue
			}
			accepted++
			if got, wantJSON := canonicalOurs(t, set[0]), canonicalTheirs(t, ctDef, want); got != wantJSON {
				t.Errorf("%s on a %s:\n metagen reads           %s\n controller-tools reads %s", spelling, target, got, wantJSON)
			}
			// Repeated: controller-tools keeps every value, in order.
			twice, errs := parseOne(target, spelling, spelling)
			if len(errs) > 0 || len(twice.All(def.Name)) != 2 {
				t.Errorf("%s written twice on a %s: metagen reads %v (%v), want both", spelling, target, twice, errs)
			}
			repeated++
		}
	}
	t.Logf("controller-tools definitions: %d (kubebuilder dialect, read with controller-tools' parser: %d; shared with gengo dialects: %d)",
		len(defs), len(defs)-gengoDefs, gengoDefs)
	t.Logf("kubebuilder spellings: %d (accepted by both, same value: %d; refused by both: %d; repeated-marker checks: %d); gengo-dialect spellings compared: %d",
		total, accepted, refused, repeated, gengoSpellings)
	if total < 500 || refused == 0 || gengoSpellings == 0 {
		t.Errorf("too few spellings: %d (%d refused, %d gengo)", total, refused, gengoSpellings)
	}
}

// refusedAtGeneration reports whether controller-gen, having read the
// value, refuses it when it applies it to a schema: a title that is no
// string (Title.ApplyToSchema).
func refusedAtGeneration(value any) bool {
	if title, ok := value.(crdmarkers.Title); ok {
		return title.ApplyToSchema(nil, &apiextensionsv1.JSONSchemaProps{}) != nil
	}
	return false
}

func parseOne(target Target, lines ...string) (Set, []error) {
	fset := token.NewFileSet()
	f := fset.AddFile("x.go", -1, 1000)
	group := &ast.CommentGroup{}
	for i, line := range lines {
		group.List = append(group.List, &ast.Comment{Slash: token.Pos(f.Base() + i*100), Text: "// " + line})
	}
	set, problems := ParseGroups(fset, target, group)
	errs, _ := diag.Split(problems...)
	return set, errs
}

// samples are values controller-tools reads for an argument, in several
// spellings; values metagen checks further are ones kube-apiserver takes.
func samples(arg ctmarkers.Argument, name string) []string {
	switch name {
	case "scope":
		return []string{"Cluster", `"Namespaced"`}
	case "reason":
		return []string{"FieldValueForbidden", `"FieldValueInvalid"`}
	case "rule":
		return []string{`"self.end > self.start"`, "`self.size() <= 5`", "self.x"}
	case "annotations", "labels":
		return []string{`{"a=b","c=d"}`, "a=b;c=d", `"k=v"`}
	}
	switch arg.Type {
	case ctmarkers.StringType:
		return []string{"abc", `"a b, c"`, "`raw:x`"}
	case ctmarkers.IntType:
		return []string{"5", "0"}
	case ctmarkers.NumberType:
		return []string{"1.5", "-2", "3"}
	case ctmarkers.BoolType:
		return []string{"true", "false"}
	case ctmarkers.SliceType:
		return []string{"{a,b}", "a;b", `{"a", "b c"}`, "a", `""`}
	case ctmarkers.AnyType:
		return []string{"5", `"x"`, "{a,b}", "a;b", "{key: v, n: 1}", "true", "{}", `{"a": 1}`, "-1.5", "bare text", "[1, 2]", "null"}
	case ctmarkers.RawType:
		return []string{"package", "true"}
	}
	return []string{"x"}
}

// spellings of one controller-tools definition, accepted and refused.
func spellings(d *ctmarkers.Definition) []string {
	name := "+" + d.Name
	var out []string
	switch {
	case d.Empty():
		return []string{name, name + "=true", name + ":x=1"}
	case d.AnonymousField():
		for _, v := range samples(d.Fields[""], valueName(d)) {
			out = append(out, name+"="+v, name+":="+v, name+"= "+v)
		}
		return append(out, name, name+"=")
	}
	args := sortedArgs(d)
	var required []string
	for _, a := range args {
		if !d.Fields[a].Optional {
			required = append(required, a)
		}
	}
	// Each argument in each of its spellings, the others at their first.
	for _, a := range args {
		for _, v := range samples(d.Fields[a], a) {
			var parts []string
			for _, b := range args {
				if b == a {
					parts = append(parts, b+"="+v)
				} else if !d.Fields[b].Optional {
					parts = append(parts, b+"="+samples(d.Fields[b], b)[0])
				}
			}
			joined := strings.Join(parts, ",")
			out = append(out, name+":"+joined)
			out = append(out, name+": "+strings.Join(parts, ", ")) // spaces after ':' and ','
			if len(parts) > 1 {
				reversed := append([]string(nil), parts...)
				for i, j := 0, len(reversed)-1; i < j; i, j = i+1, j-1 {
					reversed[i], reversed[j] = reversed[j], reversed[i]
				}
				out = append(out, name+":"+strings.Join(reversed, ","))
			}
		}
	}
	// Refused: an unknown argument, a required one missing.
	var all []string
	for _, a := range required {
		all = append(all, a+"="+samples(d.Fields[a], a)[0])
	}
	out = append(out, name+":"+strings.Join(append(all, "bogusArg=1"), ","))
	if len(required) > 0 {
		out = append(out, name+":"+strings.Join(all[1:], ","))
	}
	return out
}

// valueName names the value of a marker of one value for samples: the
// last part of its name.
func valueName(d *ctmarkers.Definition) string {
	return d.Name[strings.LastIndexByte(d.Name, ':')+1:]
}

func sortedArgs(d *ctmarkers.Definition) []string {
	var args []string
	for a := range d.Fields {
		args = append(args, a)
	}
	sort.Strings(args)
	return args
}

// canonicalTheirs is controller-tools' value as JSON: a struct's non-zero
// arguments by the names controller-tools' definition gives them.
func canonicalTheirs(t *testing.T, d *ctmarkers.Definition, value any) string {
	v := reflect.ValueOf(value)
	if d.Empty() {
		return "null"
	}
	if d.AnonymousField() {
		if field := d.FieldNames[""]; field != "" {
			v = v.FieldByName(field)
		}
		return asJSON(t, plainValue(v.Interface()))
	}
	object := map[string]any{}
	for arg, field := range d.FieldNames {
		if f := v.FieldByName(field); !f.IsZero() {
			object[arg] = plainValue(f.Interface())
		}
	}
	return asJSON(t, object)
}

// canonicalOurs is metagen's typed value as JSON, by metagen's own
// argument names (its types' marker tags).
func canonicalOurs(t *testing.T, m Marker) string {
	typed := m.Typed
	if item, ok := typed.(ItemValidation); ok {
		typed = item.Marker.Typed
	}
	if lit, ok := typed.(Literal); ok {
		return asJSON(t, lit.Value)
	}
	v := reflect.ValueOf(typed)
	if !v.IsValid() {
		return "null"
	}
	if v.Kind() != reflect.Struct {
		return asJSON(t, plainValue(typed))
	}
	object := map[string]any{}
	for arg, field := range argFields(v.Type()) {
		if f := v.Field(field.index); !f.IsZero() {
			object[arg] = plainValue(f.Interface())
		}
	}
	return asJSON(t, object)
}

func asJSON(t *testing.T, v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// compareGengo compares the canonical "+name=value" spellings of a marker
// controller-tools shares with a gengo dialect: metagen reads the value
// controller-tools reads.
func compareGengo(t *testing.T, d *ctmarkers.Definition, def *Def, target Target) int {
	values := map[string]string{
		"k8s:maxItems": "5", "k8s:minimum": "-3", "k8s:maximum": "10",
		"k8s:listType": "map", "listType": "set", "k8s:listMapKey": "name", "listMapKey": "name",
		"mapType": "atomic", "structType": "granular", "groupName": "widgets.example.com",
		"k8s:deepcopy-gen": "package", "k8s:deepcopy-gen:interfaces": "k8s.io/apimachinery/pkg/runtime.Object",
		"default": `{"a": 1}`,
	}
	if def.Targets&target == 0 {
		return 0 // where metagen's dialect does not read it (+k8s:enum on a field)
	}
	if d.Name == "k8s:deepcopy-gen" && target == OnType {
		values[d.Name] = "true"
	}
	spelling := "+" + d.Name
	if v, ok := values[d.Name]; ok {
		spelling += "=" + v
	} else if !d.Empty() {
		t.Errorf("+%s: no sample value", d.Name)
		return 0
	}
	want, err := d.Parse(spelling)
	if err != nil {
		t.Errorf("%s: controller-tools refuses the sample: %v", spelling, err)
		return 0
	}
	set, errs := parseOne(target, spelling)
	if len(errs) > 0 || len(set) != 1 || set[0].Def != def {
		t.Errorf("%s on a %s: metagen reads %v (%v)", spelling, target, set, errs)
		return 1
	}
	got := set[0].Value
	if tag, ok := set[0].Typed.(ValidationTag); ok && tag.ValueType == "int" {
		got = fmt.Sprint(tag.Int)
	}
	if d.Empty() {
		return 1
	}
	theirs := canonicalTheirs(t, d, want)
	switch v := want.(type) {
	case ctmarkers.RawArguments:
		theirs = asJSON(t, string(v))
	default:
		if f := reflect.ValueOf(v); f.Kind() == reflect.Struct && f.NumField() == 1 { // KubernetesDefault{Value}
			theirs = asJSON(t, plainValue(f.Field(0).Interface()))
		}
	}
	if ours := asJSON(t, plainValue(got)); ours != theirs && asJSON(t, mustJSON(got)) != theirs {
		t.Errorf("%s on a %s: metagen reads %s, controller-tools %s", spelling, target, ours, theirs)
	}
	return 1
}

// mustJSON reads a JSON value, or a whole number, as encoding/json does.
func mustJSON(text string) any {
	var v any
	if json.Unmarshal([]byte(text), &v) != nil {
		return text
	}
	return v
}

// The spelling of metagen issue 32: a space after the name's ':', which
// controller-gen reads (the text before the first '=' ends in the first
// argument's name).
func TestXValidationWithASpaceAfterTheColon(t *testing.T) {
	line := `+kubebuilder:validation:XValidation: message="end must be greater than start",rule="self.end > self.start"`
	set, errs := parseOne(OnType, line)
	if len(errs) > 0 || len(set) != 1 {
		t.Fatalf("%s: %v %v", line, set, errs)
	}
	x, ok := Value[XValidation](set[0])
	if !ok || x.Rule != "self.end > self.start" || x.Message == nil || *x.Message != "end must be greater than start" {
		t.Errorf("%s: read %#v", line, set[0].Typed)
	}
}

// A marker of a foreign dialect on the wrong kind of declaration is
// ignored by its anchor: a positioned warning, and no marker of the
// declaration; metagen's own namespace stays closed.
func TestMisplacedForeignMarkerIsAWarning(t *testing.T) {
	for _, tc := range []struct {
		target  Target
		line    string
		warning bool
	}{
		{OnType, "+optional", true},
		{OnType, "+required", true},
		{OnField, "+kubebuilder:resource:scope=Cluster", true},
		{OnField, "+kubebuilder:object:root=true", true},
		{OnField, "+genclient", true},
		{OnField, "+metagen:plural=mice", false},
		{OnType, "+k8s:ifMode(\"A\")=+k8s:required", false}, // validation-gen refuses a tag out of its scope
	} {
		fset := token.NewFileSet()
		f := fset.AddFile("x.go", -1, 100)
		set, problems := ParseGroups(fset, tc.target, &ast.CommentGroup{List: []*ast.Comment{{Slash: token.Pos(f.Base()), Text: "// " + tc.line}}})
		errs, warnings := diag.Split(problems...)
		switch {
		case tc.warning && (len(errs) > 0 || len(warnings) != 1 || len(set) != 0):
			t.Errorf("%s on a %s: set %v, errors %v, warnings %v; want one warning and no marker", tc.line, tc.target, set, errs, warnings)
		case tc.warning && !strings.Contains(warnings[0].Error(), "x.go:1:4: warning: marker") || tc.warning && !strings.Contains(warnings[0].Error(), "ignores it here too"):
			t.Errorf("%s: warning %q, want it positioned, saying the anchor ignores it", tc.line, warnings[0])
		case !tc.warning && len(errs) != 1:
			t.Errorf("%s on a %s: errors %v, want one", tc.line, tc.target, errs)
		}
	}
}
