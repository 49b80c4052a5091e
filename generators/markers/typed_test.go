package markers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"
)

// decodeArgs decodes the arguments of +kubebuilder:rbac or :webhook (by
// out's type) with controller-tools' parser, as a marker read outside
// controller-tools' registries' path would be.
func decodeArgs(args string, out any) error {
	name := KBRBAC.Name
	if _, ok := out.(*Webhook); ok {
		name = KBWebhook.Name
	}
	return decodeAsControllerTools(Marker{Name: name, Args: args}, reflect.ValueOf(out))
}

func TestDecodeRBACArguments(t *testing.T) {
	for _, c := range []struct {
		args string
		want RBACRule
	}{
		{`groups=apps,resources=deployments;deployments/status,verbs=get;list;watch`,
			RBACRule{Groups: []string{"apps"}, Resources: []string{"deployments", "deployments/status"}, Verbs: []string{"get", "list", "watch"}}},
		{`groups="",resources=pods,verbs={get,list}`,
			RBACRule{Groups: []string{""}, Resources: []string{"pods"}, Verbs: []string{"get", "list"}}},
		{`urls=/metrics;/healthz,verbs=get`,
			RBACRule{URLs: []string{"/metrics", "/healthz"}, Verbs: []string{"get"}}},
		{`groups=apps.example.com,namespace=infra,roleName=infra-manager,resources=secrets,resourceNames=my-config,verbs=*`,
			RBACRule{Groups: []string{"apps.example.com"}, Namespace: "infra", RoleName: "infra-manager", Resources: []string{"secrets"}, ResourceNames: []string{"my-config"}, Verbs: []string{"*"}}},
	} {
		var got RBACRule
		if err := decodeArgs(c.args, &got); err != nil {
			t.Errorf("%s: %v", c.args, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", c.args, got, c.want)
		}
	}
}

func TestDecodeWebhookArguments(t *testing.T) {
	args := "path=/mutate-v1-pod,mutating=true,failurePolicy=fail,sideEffects=None,groups=core,resources=pods,verbs=create;update," +
		"versions=v1,name=mpod.kb.io,admissionReviewVersions=v1;v1beta1,timeoutSeconds=5,servicePort=9443," +
		"patch=`{\"timeoutSeconds\":25}`"
	var got Webhook
	if err := decodeArgs(args, &got); err != nil {
		t.Fatal(err)
	}
	port := int32(9443)
	want := Webhook{Path: "/mutate-v1-pod", Mutating: true, FailurePolicy: "fail", SideEffects: "None", Groups: []string{"core"},
		Resources: []string{"pods"}, Verbs: []string{"create", "update"}, Versions: []string{"v1"}, Name: "mpod.kb.io",
		AdmissionReviewVersions: []string{"v1", "v1beta1"}, TimeoutSeconds: 5, ServicePort: &port, Patch: `{"timeoutSeconds":25}`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("\n got %#v\nwant %#v", got, want)
	}
}

func TestDecodeArgumentErrors(t *testing.T) {
	for args, want := range map[string]string{
		`groups=apps,resources=pods,verb=get`:           `unknown argument "verb" (did you mean "verbs"?)`,
		`groups=apps,resources=pods`:                    `missing argument "verbs"`,
		`groups=apps,colour=blue,verbs=get`:             `unknown argument "colour" (want one of groups, namespace,`,
		`verbs=get,groups`:                              `expected equals`,
		`verbs=get;{list}`:                              `expected comma`,
		`mutating=maybe,failurePolicy=fail,name=x`:      `expected true or false`,
		`mutating=true,timeoutSeconds=1.5,verbs=create`: `expected integer`,
	} {
		var err error
		if strings.Contains(args, "mutating") {
			err = decodeArgs(args, &Webhook{})
		} else {
			err = decodeArgs(args, &RBACRule{})
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", args, err, want)
		}
	}
}

// A typed marker's arguments are checked where the marker is parsed, with
// the marker's position.
func TestTypedMarkerCheckedOnParse(t *testing.T) {
	fset := token.NewFileSet()
	fset.AddFile("c.go", -1, 100)
	group := &ast.CommentGroup{List: []*ast.Comment{{Slash: 1, Text: "// +kubebuilder:rbac:groups=apps,resources=pods,verb=get"}}}
	set, errs := ParseGroups(fset, OnPackage, group)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `c.go:1:4: marker "+kubebuilder:rbac": unknown argument "verb" (did you mean "verbs"?)`) {
		t.Fatalf("errors %v", errs)
	}
	if len(set) != 1 || set[0].Def.Name != KBRBAC.Name {
		t.Fatalf("set %v", set)
	}
}

// A marker with a refused argument and a bad value reports both, on one
// line, quoting the marker.
func TestResourceMarkerReportsEveryProblem(t *testing.T) {
	_, errs := parseComment(t, OnType, " +kubebuilder:resource:scope=Clustered,shortNames=th")
	want := `marker "+kubebuilder:resource": unknown argument "shortNames" (did you mean "shortName"?); scope is Namespaced or Cluster, not "Clustered", in "+kubebuilder:resource:scope=Clustered,shortNames=th" (controller-gen refuses it too)`
	if len(errs) != 1 || !strings.HasSuffix(errs[0].Error(), want) {
		t.Errorf("errors %v, want one ending %s", errs, want)
	}
}

// An optional pointer argument is nil unless written; an int32 argument
// refuses what is no integer.
func TestDecodeOptionalPointerAndInt32(t *testing.T) {
	var scale SubresourceScale
	if err := decodeAsControllerTools(Marker{Name: KBSubresourceScale.Name, Args: `specpath=.spec.n,statuspath=.status.n`}, reflect.ValueOf(&scale)); err != nil || scale.SelectorPath != nil {
		t.Errorf("got %+v, %v; want no selector path", scale, err)
	}
	err := decodeAsControllerTools(Marker{Name: KBPrintColumn.Name, Args: "name=a,type=string,JSONPath=.a,priority=high"}, reflect.ValueOf(&PrintColumn{}))
	if err == nil || !strings.Contains(err.Error(), "expected integer") {
		t.Errorf("priority=high: got %v, want controller-tools' integer error", err)
	}
}

// TestMarkerTypesDocumentTheirHelp: the doc comment of each marker value
// type in crdmarkers.go and values.go that names its marker holds the
// marker's help (Def.Doc) word for word: the help is the type's.
func TestMarkerTypesDocumentTheirHelp(t *testing.T) {
	docs := map[string]string{}
	for _, name := range []string{"crdmarkers.go", "values.go"} {
		file, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.TYPE && gen.Doc != nil {
				docs[gen.Specs[0].(*ast.TypeSpec).Name.Name] = strings.Join(strings.Fields(gen.Doc.Text()), " ")
			}
		}
	}
	markersOf := map[reflect.Type]int{}
	for _, def := range All() {
		markersOf[def.ValueType()]++
	}
	checked := 0
	for _, def := range All() {
		typ := def.ValueType()
		if typ == nil || typ.PkgPath() == "" || markersOf[typ] > 1 {
			continue // a kind's Go type, or a type of several markers
		}
		doc, declared := docs[typ.Name()]
		if !declared || !strings.Contains(doc, "+"+def.Name) {
			continue // declared elsewhere (the RBAC and webhook markers), or not a marker's own
		}
		checked++
		if help := strings.Join(strings.Fields(def.Doc), " "); !strings.Contains(doc, help) {
			t.Errorf("%s's doc comment %q does not hold the help of +%s, %q", typ.Name(), doc, def.Name, help)
		}
	}
	if checked < 16 {
		t.Errorf("checked %d types, want the 6 of crdmarkers.go and the 10 of values.go", checked)
	}
}

// The CRD markers are read by controller-tools' own parser: what
// controller-gen refuses is refused (a trailing comma, which a lenient
// parser would take), and what it reads is read as it reads it.
func TestCRDMarkersReadByControllerToolsParser(t *testing.T) {
	if _, errs := parseComment(t, OnType, " +kubebuilder:resource:path=mice,"); len(errs) != 1 ||
		!strings.Contains(errs[0].Error(), `expected argument name`) {
		t.Errorf("trailing comma: errors %v, want controller-tools' refusal", errs)
	}
	set, errs := parseComment(t, OnType, " +kubebuilder:resource:path=mice,categories={all,pets},shortName=a;;b")
	if len(errs) > 0 || len(set) != 1 {
		t.Fatalf("errors %v, set %v", errs, set)
	}
	got, _ := Value[Resource](set[0])
	want := Resource{Path: "mice", Categories: []string{"all", "pets"}, ShortName: []string{"a", ";b"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %+v, want %+v (controller-tools' reading)", got, want)
	}
}
