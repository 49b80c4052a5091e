package markers

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// parseComment parses the comment lines above a declaration written on target.
func parseComment(t *testing.T, target Target, lines ...string) (Set, []error) {
	t.Helper()
	src := "package p\n\n" + "//" + strings.Join(lines, "\n//") + "\ntype T struct{}\n"
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "types.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return ParseGroups(fset, target, file.Decls[0].(*ast.GenDecl).Doc)
}

func TestParseReadsValuesArgsAndParams(t *testing.T) {
	set, errs := parseComment(t, OnType,
		" +k8s:deepcopy-gen=true",
		" +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object",
		" +genclient",
		" +kubebuilder:resource:path=widgets,scope=Namespaced",
		" +k8s:ifEnabled(MyGate)=+k8s:minimum=1",
		" A plain line with a + sign in it.",
		" +build ignored",
	)
	if len(errs) > 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	want := []string{
		"+k8s:deepcopy-gen=true",
		"+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object",
		"+genclient",
		"+kubebuilder:resource:path=widgets,scope=Namespaced",
		"+k8s:ifEnabled(MyGate)=+k8s:minimum=1",
	}
	if len(set) != len(want) {
		t.Fatalf("got %d markers %v, want %d", len(set), set, len(want))
	}
	for i, m := range set {
		if m.String() != want[i] || m.Def == nil {
			t.Errorf("marker %d = %q (def %v), want %q", i, m.String(), m.Def, want[i])
		}
	}
	resource, _ := set.Get("kubebuilder:resource")
	if resource.Args != "path=widgets,scope=Namespaced" {
		t.Errorf("kubebuilder:resource args = %q", resource.Args)
	}
	gate, _ := set.Get("k8s:ifEnabled")
	if gate.Param != "MyGate" || gate.Value != "+k8s:minimum=1" {
		t.Errorf("ifEnabled param %q value %q", gate.Param, gate.Value)
	}
	if pos := set[0].Pos; pos.Line != 3 || pos.Column != 4 {
		t.Errorf("position = %v, want types.go:3:4 (the '+')", pos)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		target Target
		line   string
		want   string
	}{
		{"unknown in our namespace", OnType, "+metagen:frobnicate", `types.go:3:4: unknown marker "+metagen:frobnicate" (see "metagen help markers")`},
		{"reordered words", OnType, "+metagen:finalizers-allowed=a.io/x", `unknown marker "+metagen:finalizers-allowed" (did you mean "+metagen:allowed-finalizers"?)`},
		{"misspelled foreign", OnType, "+k8s:deepcopy-gen:interface=x.io/y.Z", `(did you mean "+k8s:deepcopy-gen:interfaces"?)`},
		{"misspelled case", OnType, "+genclient:nonnamespaced", `(did you mean "+genclient:nonNamespaced"?)`},
		{"misspelled kubebuilder", OnField, "+kubebuilder:validation:Minimun=1", `(did you mean "+kubebuilder:validation:Minimum"?)`},
		{"wrong target", OnField, "+genclient", `marker "+genclient" is not allowed on a field: it applies to a type`},
		{"package value on type", OnType, "+k8s:deepcopy-gen=package", `on a type want one of "true", "false", got "package"`},
		{"bad enum", OnType, "+metagen:name-format=dns", `want one of "dns-subdomain", "dns-label", "dns1035-label", "path-segment", got "dns"`},
		{"flag with value", OnType, "+genclient=true", `takes no value, got "true"`},
		{"bad number", OnField, "+kubebuilder:validation:Minimum=one", `want a number, got "one"`},
		{"bad verb", OnType, "+genclient:onlyVerbs=get,frob", `"frob" is not one of`},
		{"unqualified interface", OnType, "+k8s:deepcopy-gen:interfaces=Object", `want a fully qualified type name`},
		{"enumExclude on a field", OnField, "+k8s:enumExclude", `marker "+k8s:enumExclude" is not allowed on a field: it applies to a constant`},
		{"ifMode on a type", OnType, "+k8s:ifMode(\"A\")=+k8s:required", `marker "+k8s:ifMode" is not allowed on a type: it applies to a field`},
		{"modeDiscriminator on a type", OnType, "+k8s:modeDiscriminator", `not allowed on a type: it applies to a field`},
		{"validation rule on a constant", OnConst, "+k8s:minimum=1", `marker "+k8s:minimum" is not allowed on a constant: it applies to a type, field`},
		{"enumExclude with a value", OnConst, "+k8s:enumExclude=true", `takes no value, got "true"`},
		{"validation-for without a type", OnType, "+metagen:validation-for=k8s.io/api/certificates/v1", `want <import path>.<TypeName>`},
		{"validation-for on a field", OnField, "+metagen:validation-for=k8s.io/api/core/v1.Pod", `marker "+metagen:validation-for" is not allowed on a field: it applies to a type`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := parseComment(t, tc.target, " "+tc.line)
			if len(errs) != 1 {
				t.Fatalf("got %d errors %v, want 1", len(errs), errs)
			}
			if !strings.Contains(errs[0].Error(), tc.want) || !strings.HasPrefix(errs[0].Error(), "types.go:3:") {
				t.Errorf("error = %q, want it positioned and containing %q", errs[0], tc.want)
			}
		})
	}
}

func TestUnknownForeignMarkersFarFromKnownOnesAreIgnored(t *testing.T) {
	set, errs := parseComment(t, OnType, " +some-other-tool:setting=1", " +k8s:someFutureTag=x")
	if len(errs) > 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	if len(set) != 2 || set[0].Def != nil {
		t.Fatalf("want two undefined markers kept for readers, got %v", set)
	}
}

func TestK8sValuesMayCarryTrailingComments(t *testing.T) {
	set, errs := parseComment(t, OnField, " +k8s:maximum=1000 # the highest value")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if got, _ := set.Get("k8s:maximum"); got.Value != "1000" {
		t.Errorf("value = %q, want 1000", got.Value)
	}
}

func TestSuggestKeepsShortNamesStrict(t *testing.T) {
	if got := Suggest("k8s:enumm"); got != "" && got != "k8s:enum" {
		t.Errorf("Suggest(k8s:enumm) = %q", got)
	}
	if got := Suggest("k8s:neq"); got != "" {
		t.Errorf("a registered name has no suggestion, got %q", got)
	}
	if got := Suggest("optinal"); got != "optional" {
		t.Errorf("Suggest(optinal) = %q, want optional", got)
	}
}

func TestParseArgs(t *testing.T) {
	args, err := ParseArgs("rule=\"self.a > 0, really\",message=`a \"must\" be positive`, reason=FieldValueInvalid,shortName=a;b")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"rule": "self.a > 0, really", "message": `a "must" be positive`, "reason": "FieldValueInvalid", "shortName": "a;b"}
	if fmt.Sprint(args) != fmt.Sprint(want) {
		t.Errorf("args = %v, want %v", args, want)
	}
	for _, bad := range []string{"rule", "rule=\"open", "a=1,a=2", "a=\"x\" b=1"} {
		if _, err := ParseArgs(bad); err == nil {
			t.Errorf("ParseArgs(%q) accepted it", bad)
		}
	}
}

func TestConstantsTakeEnumExcludeAndOptions(t *testing.T) {
	set, errs := parseComment(t, OnConst, " +k8s:enumExclude", " +k8s:ifEnabled(MyFeature)=+k8s:enumExclude", " +k8s:ifDisabled(Other)=+k8s:enumExclude")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(set) != 3 || set[0].Def == nil || set[0].Def.Reader != "validation" {
		t.Fatalf("got %v", set)
	}
}

// Every validation-gen tag metagen lists is implemented: none documents
// itself as missing.
func TestValidationTagsAreImplemented(t *testing.T) {
	for _, def := range All() {
		if def.Dialect == "validation-gen" && strings.Contains(strings.ToLower(def.Doc), "not implemented") {
			t.Errorf("+%s: %s", def.Name, def.Doc)
		}
	}
	for _, name := range []string{"k8s:enumExclude", "k8s:ifMode", "k8s:modeDiscriminator", "k8s:validateFalse", "k8s:validateTrue", "k8s:validateTrueAlpha", "k8s:validateTrueBeta", "k8s:validateError"} {
		if def := Lookup(name); def == nil || def.Reader != "validation" {
			t.Errorf("+%s is not registered for the validation generator", name)
		}
	}
}
