package markers

import (
	"reflect"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
)

// valueCase is one marker line with a good value and its typed value, and
// one with a bad value.
type valueCase struct {
	good string
	want any
	bad  string
}

func ptr[T any](v T) *T { return &v }

// specialValues are the cases of the Defs whose value type is their own
// (a func: the registry is filled by init).
func specialValues() map[string]valueCase {
	return map[string]valueCase{
		"kubebuilder:validation:XValidation": {
			good: `+kubebuilder:validation:XValidation:rule="self.a > 0",message="",optionalOldSelf=true`,
			// controller-gen writes no message="": an empty message is none.
			want: XValidation{Rule: "self.a > 0", OptionalOldSelf: ptr(true)},
			bad:  `+kubebuilder:validation:XValidation:rule="x",severity=high`,
		},
		"kubebuilder:validation:Enum": {
			good: `+kubebuilder:validation:Enum=A;"b";3`, want: EnumValues{"A", "b", 3},
			bad: `+kubebuilder:validation:Enum={A,`,
		},
		"kubebuilder:validation:ExactlyOneOf": {
			good: `+kubebuilder:validation:ExactlyOneOf={a,b}`, want: FieldNames{"a", "b"},
			bad: `+kubebuilder:validation:ExactlyOneOf={}`,
		},
		"kubebuilder:validation:AtMostOneOf": {
			good: `+kubebuilder:validation:AtMostOneOf=a;b`, want: FieldNames{"a", "b"},
			bad: `+kubebuilder:validation:AtMostOneOf={a`,
		},
		"kubebuilder:validation:AtLeastOneOf": {
			good: `+kubebuilder:validation:AtLeastOneOf=a`, want: FieldNames{"a"},
			bad: `+kubebuilder:validation:AtLeastOneOf=`,
		},
		"kubebuilder:validation:items": {
			good: `+kubebuilder:validation:items:MaxLength:=5`,
			want: ItemValidation{Marker: Marker{Def: Lookup("kubebuilder:validation:MaxLength"), Name: "kubebuilder:validation:MaxLength",
				Value: "5", HasValue: true, Typed: int64(5)}},
			bad: `+kubebuilder:validation:items:MaxLenght=5`,
		},
		"kubebuilder:externalDocs": {
			good: `+kubebuilder:externalDocs:url=https://example.com,description="the docs"`,
			want: ExternalDocs{URL: "https://example.com", Description: "the docs"},
			bad:  `+kubebuilder:externalDocs:description=x`,
		},
		"kubebuilder:default": {
			good: `+kubebuilder:default={a: 1}`, want: Literal{Value: map[string]any{"a": float64(1)}},
			bad: `+kubebuilder:default={a: 1`,
		},
		"kubebuilder:example": {
			// controller-tools reads a bare null as the string "null".
			good: `+kubebuilder:example=null`, want: Literal{Value: "null"},
			bad: `+kubebuilder:example=a,b`,
		},
		"kubebuilder:validation:Pattern": {
			good: "+kubebuilder:validation:Pattern=`^a,b$`", want: "^a,b$",
			bad: "+kubebuilder:validation:Pattern=",
		},
		"kubebuilder:printcolumn": {
			good: "+kubebuilder:printcolumn:name=\"Ready\",type=string,JSONPath=`.status.conditions[?(@.type==\"Ready\")].status`,priority=1",
			want: PrintColumn{Name: "Ready", Type: "string", JSONPath: `.status.conditions[?(@.type=="Ready")].status`, Priority: 1},
			bad:  "+kubebuilder:printcolumn:name=Age,JSONPath=`.metadata.creationTimestamp`", // no type
		},
		"kubebuilder:subresource:scale": {
			good: `+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector`,
			want: SubresourceScale{SpecPath: ".spec.replicas", StatusPath: ".status.replicas", SelectorPath: ptr(".status.selector")},
			bad:  `+kubebuilder:subresource:scale:specpath=.spec.replicas`, // no statuspath
		},
		"kubebuilder:selectablefield": {
			good: "+kubebuilder:selectablefield:JSONPath=`.spec.class`", want: SelectableField{JSONPath: ".spec.class"},
			bad: "+kubebuilder:selectablefield:jsonPath=`.spec.class`",
		},
		"kubebuilder:resource": {
			good: `+kubebuilder:resource:path=mice,shortName=ms;mm,categories={all,pets},scope=Cluster`,
			want: Resource{Path: "mice", ShortName: []string{"ms", "mm"}, Categories: []string{"all", "pets"}, Scope: "Cluster"},
			bad:  `+kubebuilder:resource:scope=Global`,
		},
		"kubebuilder:metadata": {
			good: `+kubebuilder:metadata:annotations="a.example.com/x=1;a.example.com/y=2",labels="tier=core"`,
			want: Metadata{Annotations: []string{"a.example.com/x=1", "a.example.com/y=2"}, Labels: []string{"tier=core"}},
			bad:  `+kubebuilder:metadata:labels="tier"`,
		},
		"kubebuilder:deprecatedversion": {
			good: `+kubebuilder:deprecatedversion:warning="v1 is going away"`, want: DeprecatedVersion{Warning: ptr("v1 is going away")},
			bad: `+kubebuilder:deprecatedversion:warn=x`,
		},
		KBRBAC.Name: {
			good: `+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list`,
			want: RBACRule{Groups: []string{"apps"}, Resources: []string{"deployments"}, Verbs: []string{"get", "list"}},
			bad:  `+kubebuilder:rbac:groups=apps,resources=deployments,verb=get`,
		},
		KBWebhook.Name: {
			good: "+kubebuilder:webhook:path=/v,mutating=false,failurePolicy=Fail,groups=apps,resources=deployments,verbs=create," +
				"versions=v1,name=v.example.com,admissionReviewVersions=v1,servicePort=9443",
			want: Webhook{Path: "/v", FailurePolicy: "Fail", Groups: []string{"apps"}, Resources: []string{"deployments"}, Verbs: []string{"create"},
				Versions: []string{"v1"}, Name: "v.example.com", AdmissionReviewVersions: []string{"v1"}, ServicePort: ptr(int32(9443))},
			bad: `+kubebuilder:webhook:path=/v,mutating=false`,
		},
		KBWebhookConfiguration.Name: {
			good: `+kubebuilder:webhookconfiguration:mutating=true,name=hooks`, want: WebhookConfiguration{Mutating: true, Name: "hooks"},
			bad: `+kubebuilder:webhookconfiguration:name=hooks`,
		},
		"k8s:prerelease-lifecycle-gen:introduced": {
			good: "+k8s:prerelease-lifecycle-gen:introduced=1.20", want: Release{Major: 1, Minor: 20},
			bad: "+k8s:prerelease-lifecycle-gen:introduced=1.x",
		},
		"k8s:prerelease-lifecycle-gen:deprecated": {
			good: "+k8s:prerelease-lifecycle-gen:deprecated=1.23", want: Release{Major: 1, Minor: 23},
			bad: "+k8s:prerelease-lifecycle-gen:deprecated=1",
		},
		"k8s:prerelease-lifecycle-gen:removed": {
			good: "+k8s:prerelease-lifecycle-gen:removed=2.0", want: Release{Major: 2, Minor: 0},
			bad: "+k8s:prerelease-lifecycle-gen:removed=+1.2",
		},
		"k8s:prerelease-lifecycle-gen:replacement": {
			good: "+k8s:prerelease-lifecycle-gen:replacement=apps,v1,Deployment", want: ReplacementKind{Group: "apps", Version: "v1", Kind: "Deployment"},
			bad: "+k8s:prerelease-lifecycle-gen:replacement=apps,v1",
		},
		GenclientMethod.Name: {
			// Raw: the client generator refuses what it cannot generate.
			good: "+genclient:method=UpdateScale, verb=update,input=k8s.io/api/autoscaling/v1.Scale,odd",
			want: ClientMethod{Name: "UpdateScale", Args: []MethodArg{
				{Key: "verb", Value: "update", Text: " verb=update", HasValue: true, Type: TypeName{Name: "update"}},
				{Key: "input", Value: "k8s.io/api/autoscaling/v1.Scale", Text: "input=k8s.io/api/autoscaling/v1.Scale", HasValue: true,
					Type: TypeName{Path: "k8s.io/api/autoscaling/v1", Name: "Scale", HasPath: true}},
				{Key: "odd", Text: "odd"},
			}},
		},
		K8sOpenAPIGen.Name: {
			// Raw: openapi-gen logs an extension without ':' and goes on.
			good: "+k8s:openapi-gen=x-kubernetes-member-tag:a:b",
			want: OpenAPIGen{Text: "x-kubernetes-member-tag:a:b", Extension: &VendorExtension{Name: "x-kubernetes-member-tag", Value: "a:b", HasValue: true}},
		},
		PatchStrategy.Name: {
			good: "+patchStrategy=merge, retainKeys", want: PatchStrategies{"merge", " retainKeys"},
			bad: "+patchStrategy=",
		},
		K8sDeepcopyGen.Name: {
			good: "+k8s:deepcopy-gen=package,register", want: DeepcopyGen{Mode: "package", Register: true},
			bad: "+k8s:deepcopy-gen=true", // on a package
		},
		K8sDeepcopyGenInterfaces.Name: {
			good: "+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object,example.com/a.B",
			want: []string{"k8s.io/apimachinery/pkg/runtime.Object", "example.com/a.B"},
			bad:  "+k8s:deepcopy-gen:interfaces=Object",
		},
		MetagenValidationFor.Name: {
			good: "+metagen:validation-for=k8s.io/api/core/v1.Pod", want: TypeName{Path: "k8s.io/api/core/v1", Name: "Pod", HasPath: true},
			bad: "+metagen:validation-for=Pod",
		},
		K8sValidationGen.Name: {
			good: "+k8s:validation-gen=TypesWithField=Spec", want: ValidationGen{Text: "TypesWithField=Spec", WithField: "Spec", Selector: "TypesWithField"},
			bad: "+k8s:validation-gen=",
		},
		// A title takes any text (Raw): there is no bad one.
		"kubebuilder:title": {good: `+kubebuilder:title="The title"`, want: "The title"},
	}
}

// kindCase builds the case of a Def whose value type is its Kind's.
func kindCase(def *Def) (valueCase, bool) {
	name := "+" + def.Name
	switch {
	case isValidationTag(def):
		return validationTagCase(def)
	case def.Unquote:
		return valueCase{good: name + `="x y"`, want: "x y", bad: name + "="}, true
	}
	switch def.Kind {
	case Bool:
		return valueCase{good: name + "=false", want: false, bad: name + "=maybe"}, true
	case Int:
		return valueCase{good: name + "=7", want: int64(7), bad: name + "=7.5"}, true
	case Number:
		return valueCase{good: name + "=-1.5", want: -1.5, bad: name + "=NaN"}, true
	case List:
		bad := name + "="
		if len(def.Values) > 0 {
			bad = name + "=" + def.Values[0] + ",nope"
		}
		list := []string{"a", "b"}
		if len(def.Values) > 1 {
			list = def.Values[:2]
		}
		return valueCase{good: name + "=" + strings.Join(list, ","), want: list, bad: bad}, true
	}
	return valueCase{}, false
}

// validationTagCase: the value is what codetags parses, the whole number
// of a bound parsed too.
func validationTagCase(def *Def) (valueCase, bool) {
	name := "+" + def.Name
	switch def.Kind {
	case Flag:
		return valueCase{good: name, want: def.Name, bad: name + "=1"}, true
	case Int:
		return valueCase{good: name + "=0x10", want: int64(16), bad: name + `="16"`}, true
	case String:
		return valueCase{good: name + `="a b"`, want: def.Name, bad: name + "="}, true
	case Enum:
		return valueCase{good: name + "=" + def.Values[0], want: def.Name, bad: name + "=nope"}, true
	}
	return valueCase{good: name + "=+k8s:maxLength=3", want: def.Name, bad: name + "=+k8s:maxLength=-3"}, true
}

// TestEveryTypedDefParsesGoodAndRefusesBad: every Def with a value type
// parses a good value into the expected typed value, once, where it is
// read, and refuses a bad one with one positioned error at the marker.
func TestEveryTypedDefParsesGoodAndRefusesBad(t *testing.T) {
	typed := 0
	for _, def := range All() {
		if def.ValueType() == nil {
			continue
		}
		typed++
		c, ok := specialValues()[def.Name]
		if !ok {
			c, ok = kindCase(def)
		}
		if !ok {
			t.Errorf("%s has value type %s but no case here", def.Name, def.ValueType())
			continue
		}
		target := lowestTarget(def.Targets)
		t.Run(def.Name, func(t *testing.T) {
			set, errs := parseComment(t, target, " "+c.good)
			if len(errs) > 0 || len(set) != 1 {
				t.Fatalf("%s: errors %v, markers %v", c.good, errs, set)
			}
			got := set[0].Typed
			if reflect.TypeOf(got) != def.ValueType() {
				t.Fatalf("%s: typed %T, want %s", c.good, got, def.ValueType())
			}
			checkTypedValue(t, c, got)
			if c.bad == "" {
				return
			}

			set, errs = parseComment(t, target, " "+c.bad)
			if len(errs) != 1 {
				t.Fatalf("%s: want one error, got %v", c.bad, errs)
			}
			e, isError := errs[0].(*diag.Error)
			if !isError || e.Pos.Line != 3 || e.Pos.Column != 4 || !strings.HasPrefix(e.Msg, `marker "+`+def.Name+`": `) {
				t.Errorf("%s: want a positioned error at 3:4 in the one wording, got %#v", c.bad, errs[0])
			}
			if len(set) == 1 && (set[0].Typed != nil || set[0].Err != errs[0]) {
				t.Errorf("%s: a refused marker keeps no typed value and its error, got %v, %v", c.bad, set[0].Typed, set[0].Err)
			}
		})
	}
	if typed < 60 {
		t.Errorf("only %d Defs have a value type", typed)
	}
}

func checkTypedValue(t *testing.T, c valueCase, got any) {
	t.Helper()
	if tag, ok := got.(ValidationTag); ok {
		if n, isInt := c.want.(int64); isInt {
			if tag.Int != n {
				t.Errorf("%s: Int = %d, want %d", c.good, tag.Int, n)
			}
			return
		}
		if tag.Name != c.want {
			t.Errorf("%s: tag %q, want %q", c.good, tag.Name, c.want)
		}
		if strings.Contains(c.good, "=+k8s:maxLength=3") && (tag.Chained == nil || tag.Chained.Int != 3) {
			t.Errorf("%s: chained %+v, want +k8s:maxLength with Int 3", c.good, tag.Chained)
		}
		return
	}
	if item, ok := got.(ItemValidation); ok {
		item.Marker.Pos = Marker{}.Pos // the position is the items marker's
		got = item
	}
	if !reflect.DeepEqual(got, c.want) {
		t.Errorf("%s:\n got %#v\nwant %#v", c.good, got, c.want)
	}
}

func lowestTarget(targets Target) Target {
	for bit := OnPackage; bit <= OnFunc; bit <<= 1 {
		if targets&bit != 0 {
			return bit
		}
	}
	return OnType
}

func TestDefinitionAccessors(t *testing.T) {
	set, errs := parseComment(t, OnField, " +kubebuilder:validation:Maximum=3", " +kubebuilder:validation:Maximum=4.5", " +optional", " +kubebuilder:validation:Pattern=`a b`")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if got, ok := KBValidationMaximum.On(set); !ok || got != 4.5 {
		t.Errorf("On = %v, %v; want the last marker's 4.5", got, ok)
	}
	if got := KBValidationMaximum.All(set); len(got) != 2 || got[0] != 3 {
		t.Errorf("All = %v, want [3 4.5]", got)
	}
	if _, ok := KBValidationMinimum.On(set); ok {
		t.Error("On of an absent marker reports a value")
	}
	if _, ok := Optional.On(set); !ok || !Optional.Has(set) || Required.Has(set) {
		t.Error("a marker without a value is there, another is not")
	}
	if got, ok := KBValidationPattern.On(set); !ok || got != "a b" {
		t.Errorf("On of an unquoted string = %q, %v; want a b", got, ok)
	}
	refused := Marker{Name: KBValidationMaximum.Name, Def: KBValidationMaximum.Def, Value: "x", HasValue: true}
	if _, ok := KBValidationMaximum.Value(refused); ok {
		t.Error("a refused value (no Typed) reports a value")
	}
	if KBResource.Tag() != "+kubebuilder:resource" || Lookup(KBResource.Name) != KBResource.Def {
		t.Errorf("KBResource is %s, registered as %v", KBResource.Tag(), Lookup(KBResource.Name))
	}
}

// The whole numbers of a +k8s: tag's arguments and of a +k8s:neq value are
// read once, at load, in any base codetags reads, for the generators to
// render without parsing them again.
func TestValidationTagIntegers(t *testing.T) {
	set, errs := parseComment(t, OnField, ` +k8s:item(port: 0x10, name: "a")=+k8s:neq=-0b11`)
	if len(errs) > 0 || len(set) != 1 {
		t.Fatalf("errors %v, markers %v", errs, set)
	}
	tag, ok := Value[ValidationTag](set[0])
	if !ok || len(tag.TypedArgs) != 2 || tag.TypedArgs[0].Int != 16 || tag.TypedArgs[1].Int != 0 || tag.TypedArgs[1].Value != "a" {
		t.Fatalf("args %+v, want port 16 and name \"a\"", tag.TypedArgs)
	}
	if tag.Chained == nil || tag.Chained.Int != -3 {
		t.Errorf("chained %+v, want +k8s:neq with Int -3", tag.Chained)
	}
}
