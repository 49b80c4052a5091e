package markers

import (
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
		{"wrong target", OnField, "+genclient", `warning: marker "+genclient" on a field is ignored: it applies to a type, and code-generator ignores it here too`},
		{"package value on type", OnType, "+k8s:deepcopy-gen=package", `on a type want one of "true", "false", got "package"`},
		{"bad enum", OnType, "+metagen:name-format=dns", `want one of "dns-subdomain", "dns-label", "dns1035-label", "path-segment", got "dns"`},
		{"flag with value", OnType, "+genclient=true", `takes no value, got "true"`},
		{"bad number", OnField, "+kubebuilder:validation:Minimum=one", `marker "+kubebuilder:validation:Minimum": invalid minimum value: strconv.ParseFloat: parsing "one": invalid syntax, in "+kubebuilder:validation:Minimum=one" (controller-gen refuses it too)`},
		{"bad verb", OnType, "+genclient:onlyVerbs=get,frob", `"frob" is not one of`},
		{"unqualified interface", OnType, "+k8s:deepcopy-gen:interfaces=Object", `want a fully qualified type name`},
		{"enumExclude on a field", OnField, "+k8s:enumExclude", `marker "+k8s:enumExclude" is not allowed on a field: it applies to a constant`},
		{"ifMode on a type", OnType, "+k8s:ifMode(\"A\")=+k8s:required", `marker "+k8s:ifMode" is not allowed on a type: it applies to a field`},
		{"modeDiscriminator on a type", OnType, "+k8s:modeDiscriminator", `not allowed on a type: it applies to a field`},
		{"validation rule on a constant", OnConst, "+k8s:minimum=1", `marker "+k8s:minimum" is not allowed on a constant: it applies to a type, field`},
		{"enumExclude with a value", OnConst, "+k8s:enumExclude=true", `takes no value, got "true"`},
		{"misspelled conversion-fn", OnFunc, "+k8s:conversion-fnn=copy-only", `(did you mean "+k8s:conversion-fn"?)`},
		{"bad conversion-fn value", OnFunc, "+k8s:conversion-fn=copyonly", `want one of "copy-only", "drop", got "copyonly"`},
		{"conversion-fn on a type", OnType, "+k8s:conversion-fn=drop", `warning: marker "+k8s:conversion-fn" on a type is ignored: it applies to a function`},
		{"conversion-gen on a function", OnFunc, "+k8s:conversion-gen=false", `warning: marker "+k8s:conversion-gen" on a function is ignored`},
		{"validation-for without a type", OnType, "+metagen:validation-for=k8s.io/api/certificates/v1", `want <import path>.<TypeName>`},
		{"validation-for on a field", OnField, "+metagen:validation-for=k8s.io/api/core/v1.Pod", `marker "+metagen:validation-for" is not allowed on a field: it applies to a type`},
		// ":=" is controller-gen's; validation-gen and gengo read "+k8s:minimum:=1" as a tag "k8s:minimum:".
		{"colon-equals on a validation-gen tag", OnField, "+k8s:minimum:=1", `write "+k8s:minimum=1", not ":=": the validation-gen dialect has no ":="`},
		{"colon-equals on a deepcopy-gen tag", OnPackage, "+k8s:deepcopy-gen:=package", `write "+k8s:deepcopy-gen=package", not ":=": the code-generator dialect has no ":="`},
		{"colon-equals on our own marker", OnType, "+metagen:crd:=false", `the metagen dialect has no ":="`},
		{"colon-equals on an openapi-gen-only marker", OnField, "+patchStrategy:=merge", `the kube-openapi dialect has no ":="`},
		{"colon-equals after an argument", OnType, "+kubebuilder:resource:scope:=Cluster", `write "+kubebuilder:resource:scope=Cluster", not ":=": ":=" may follow only the name of a marker that takes one value`},
		{"colon-equals after an items argument", OnField, `+kubebuilder:validation:items:XValidation:rule:="self > 0"`, `":=" may follow only the name of a marker that takes one value`},
		{"colon-equals on a bare Args marker", OnField, "+kubebuilder:validation:items:=x", `":=" may follow only the name`},
		{"colon-equals misspelled", OnField, "+kubebuilder:validation:Minimun:=1", `(did you mean "+kubebuilder:validation:Minimum"?)`},
		{"colon-equals bad number", OnField, "+kubebuilder:validation:Minimum:=one", `marker "+kubebuilder:validation:Minimum": invalid minimum value: strconv.ParseFloat: parsing "one": invalid syntax`},
		{"colon-equals bad list type", OnField, "+listType:=bag", `want one of "atomic", "set", "map", got "bag"`},
		{"space before the equals sign", OnField, "+kubebuilder:validation:Minimum =5", `controller-gen does not read "+kubebuilder:validation:Minimum =5" as written: it ignores the line`},
		{"bare bool controller-gen refuses", OnType, "+kubebuilder:object:root", `marker "+kubebuilder:object:root": missing argument`},
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

// controller-tools reads "+name:=value" as "+name=value" for its markers
// that take one value; so do we, to the same Marker.
func TestColonEqualsMeansEquals(t *testing.T) {
	for _, tc := range []struct {
		target      Target
		colonEquals string
		equals      string
	}{
		{OnField, "+kubebuilder:validation:Minimum:=1", "+kubebuilder:validation:Minimum=1"},
		{OnField, "+kubebuilder:validation:Maximum:=1.5", "+kubebuilder:validation:Maximum=1.5"},
		{OnField, "+kubebuilder:validation:MinLength:=1", "+kubebuilder:validation:MinLength=1"},
		{OnField, "+kubebuilder:validation:Pattern:=`^[a-z]+$`", "+kubebuilder:validation:Pattern=`^[a-z]+$`"},
		{OnField, "+kubebuilder:validation:Pattern:=^a=b$", "+kubebuilder:validation:Pattern=^a=b$"},
		{OnField, "+kubebuilder:validation:Enum:=a;b", "+kubebuilder:validation:Enum=a;b"},
		{OnField, `+kubebuilder:default:="abc"`, `+kubebuilder:default="abc"`},
		{OnField, "+kubebuilder:validation:items:MinLength:=1", "+kubebuilder:validation:items:MinLength=1"},
		{OnField, "+kubebuilder:validation:items:Enum:=a;b", "+kubebuilder:validation:items:Enum=a;b"},
		{OnPackage, "+kubebuilder:object:generate:=true", "+kubebuilder:object:generate=true"},
		{OnType, "+kubebuilder:object:root:=true", "+kubebuilder:object:root=true"},
		{OnPackage, "+versionName:=v1", "+versionName=v1"},
		{OnPackage, "+groupName:=example.com", "+groupName=example.com"},
		{OnField, "+listType:=set", "+listType=set"},
		{OnField, "+listMapKey:=name", "+listMapKey=name"},
		{OnField, "+mapType:=atomic", "+mapType=atomic"},
		{OnType, "+structType:=granular", "+structType=granular"},
		{OnField, "+default:=3", "+default=3"},
		{OnField, `+default:={"a": 1}`, `+default={"a": 1}`},
	} {
		t.Run(tc.colonEquals, func(t *testing.T) {
			got, errs := parseComment(t, tc.target, " "+tc.colonEquals)
			want, wantErrs := parseComment(t, tc.target, " "+tc.equals)
			if len(errs) > 0 || len(wantErrs) > 0 {
				t.Fatalf("errors: %v / %v", errs, wantErrs)
			}
			if len(got) != 1 || len(want) != 1 {
				t.Fatalf("got %v, want %v", got, want)
			}
			g, w := got[0], want[0]
			if g.Def == nil || g.Def != w.Def || g.Name != w.Name || g.Args != w.Args || g.Value != w.Value || g.HasValue != w.HasValue {
				t.Errorf("%s read as %+v, want %+v", tc.colonEquals, g, w)
			}
		})
	}
}

// A marker after a tab is a marker (controller-tools trims any space; gengo's
// codetags tabs and spaces); its position is its '+'.
func TestParseReadsMarkersAfterATab(t *testing.T) {
	for _, line := range []string{"\t+kubebuilder:validation:Enum=a;b", " \t+kubebuilder:validation:Enum=a;b", "\t\t+kubebuilder:validation:Enum=a;b"} {
		set, errs := parseComment(t, OnField, line)
		if len(errs) > 0 {
			t.Fatalf("%q: %v", line, errs)
		}
		m, ok := set.Get("kubebuilder:validation:Enum")
		if !ok || m.Value != "a;b" {
			t.Fatalf("%q: read %v, want +kubebuilder:validation:Enum=a;b", line, set)
		}
		if want := 3 + strings.Index(line, "+"); m.Pos.Column != want {
			t.Errorf("%q: column %d, want %d (the '+')", line, m.Pos.Column, want)
		}
	}
}

func TestUnknownForeignMarkersFarFromKnownOnesAreIgnored(t *testing.T) {
	set, errs := parseComment(t, OnType, " +some-other-tool:setting=1", " +k8s:someFutureTag=x", " +some-other-tool:setting:=1")
	if len(errs) > 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	if len(set) != 3 || set[0].Def != nil || set[2].Def != nil {
		t.Fatalf("want three undefined markers kept for readers, got %v", set)
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

func TestConstantsTakeEnumExcludeAndOptions(t *testing.T) {
	set, errs := parseComment(t, OnConst, " +k8s:enumExclude", " +k8s:ifEnabled(MyFeature)=+k8s:enumExclude", " +k8s:ifDisabled(Other)=+k8s:enumExclude")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(set) != 3 || set[0].Def == nil || set[0].Def.Dialect != validationGen {
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
		if def := Lookup(name); def == nil || def.Dialect != validationGen {
			t.Errorf("+%s is not registered for the validation generator", name)
		}
	}
}
