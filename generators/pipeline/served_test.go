package pipeline_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"sigs.k8s.io/yaml"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/schema/resources"
	"github.com/metagen-dev/metagen/server"
)

// compiledSchemes are the cases whose types this test binary links: their
// own scheme is served. Every other case's kinds are served as stand-in Go
// types (the server's typed path, with the case's names from its CRDs, or
// those its generated RegisterResources records).
var compiledSchemes = map[string]func(*runtime.Scheme) error{
	"examples/widgets/v1": widgetsv1.AddToScheme,
}

// checkServed starts the in-process server with a case's kinds as Go types
// and compares its discovery with the layer, twice: served as the case's
// generated CRDs say (server.ResourcesFromCRDs: the CRDs are the layer's
// data), and from the scheme alone, with the names the case's generated
// RegisterResources records on it (registrations; a compiled scheme's own
// generated code records them). Per version of every root type it compares
// the resource name, singular, scope, short names, categories and /status,
// and that unserved versions are not listed. It returns how many versions
// it compared each way; from the scheme alone, only the kinds the scheme
// records names for (a package with a hand-written register.go and no
// generated validation file gets no RegisterResources).
func checkServed(t *testing.T, dir string, plans []*gofile.Plan, registrations map[schema.GroupVersionKind]resources.Names, byVersion map[string]*model.Resource) (withCRDs, fromScheme int) {
	t.Helper()
	crds := crdsOf(t, plans)
	if len(crds) == 0 {
		return 0, 0
	}
	all := func(schema.GroupVersionKind) bool { return true }
	withCRDs = compareServed(t, dir+" (with its CRDs)", serve(t, servedScheme(t, dir, crds, nil), server.ResourcesFromCRDs(crds...)), crds, byVersion, all)
	scheme := servedScheme(t, dir, crds, registrations)
	recorded := resources.For(scheme)
	named := func(gvk schema.GroupVersionKind) bool { _, ok := recorded[gvk]; return ok }
	fromScheme = compareServed(t, dir+" (scheme only)", serve(t, scheme, nil), crds, byVersion, named)
	return withCRDs, fromScheme
}

// servedScheme is the case's compiled scheme, or stand-in types for its
// CRDs' kinds with registrations recorded on them.
func servedScheme(t *testing.T, dir string, crds []*apiextensionsv1.CustomResourceDefinition, registrations map[schema.GroupVersionKind]resources.Names) *runtime.Scheme {
	t.Helper()
	scheme := runtime.NewScheme()
	if add := compiledSchemes[dir]; add != nil {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
		return scheme
	}
	if err := addStandIns(scheme, crds); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	for gvk, names := range registrations {
		resources.Register(scheme, gvk, names)
	}
	return scheme
}

// serve starts a server for scheme and returns its discovery client.
func serve(t *testing.T, scheme *runtime.Scheme, given []server.Resource) discovery.DiscoveryInterface {
	s := server.StartForTest(t, server.Options{Scheme: scheme, Resources: given, NoPodCertificateRequests: true})
	return discovery.NewDiscoveryClientForConfigOrDie(s.RESTConfig())
}

// compareServed compares what disco lists for the CRDs' versions whose
// kind compare selects with the layer, and returns how many it compared.
func compareServed(t *testing.T, what string, disco discovery.DiscoveryInterface, crds []*apiextensionsv1.CustomResourceDefinition, byVersion map[string]*model.Resource, compare func(schema.GroupVersionKind) bool) int {
	t.Helper()
	served := map[string]map[string]metav1.APIResource{} // group/version → name → resource
	listed := func(gv schema.GroupVersion) map[string]metav1.APIResource {
		if served[gv.String()] == nil {
			served[gv.String()] = map[string]metav1.APIResource{}
			if list, err := disco.ServerResourcesForGroupVersion(gv.String()); err == nil {
				for _, r := range list.APIResources {
					served[gv.String()][r.Name] = r
				}
			}
		}
		return served[gv.String()]
	}
	compared := 0
	for _, crd := range crds {
		for _, v := range crd.Spec.Versions {
			if !compare(schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind}) {
				continue
			}
			layer := byVersion[crd.Spec.Group+"/"+crd.Spec.Names.Kind+"/"+v.Name]
			if layer == nil {
				t.Errorf("%s: CRD %s version %s, which the layer does not know", what, crd.Name, v.Name)
				continue
			}
			compared++
			resources := listed(schema.GroupVersion{Group: crd.Spec.Group, Version: v.Name})
			main, ok := resources[layer.Plural]
			if layer.Unserved {
				if ok {
					t.Errorf("%s: %s %s/%s is unserved in the layer but the server lists it", what, layer.Kind, crd.Spec.Group, v.Name)
				}
				continue
			}
			if !ok || main.Kind != layer.Kind {
				t.Errorf("%s: the server does not serve %s %s/%s as %q (it serves %v)", what, layer.Kind, crd.Spec.Group, v.Name, layer.Plural, keys(resources))
				continue
			}
			_, status := resources[layer.Plural+"/status"]
			if main.SingularName != layer.Singular || main.Namespaced == layer.ClusterScoped || !slices.Equal(main.ShortNames, layer.ShortNames) ||
				!slices.Equal(main.Categories, layer.Categories) || status != layer.StatusSubresource {
				t.Errorf("%s: the server serves %s %s/%s as singular=%q namespaced=%v shortNames=%v categories=%v status=%v; the layer: singular=%q namespaced=%v shortNames=%v categories=%v status=%v",
					what, layer.Kind, crd.Spec.Group, v.Name, main.SingularName, main.Namespaced, main.ShortNames, main.Categories, status,
					layer.Singular, !layer.ClusterScoped, layer.ShortNames, layer.Categories, layer.StatusSubresource)
			}
		}
	}
	return compared
}

// registrationsOf are the resources the plan's generated RegisterResources
// functions record: each resources.Register call's kind and names, read
// from the generated source as the compiled code would record them.
func registrationsOf(t *testing.T, plan *gofile.Plan) map[schema.GroupVersionKind]resources.Names {
	t.Helper()
	out := map[schema.GroupVersionKind]resources.Names{}
	for _, change := range plan.Changes {
		if !strings.HasSuffix(change.Path, ".go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), change.Path, change.New, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", change.Path, err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !isSelector(call.Fun, "resources", "Register") || len(call.Args) != 3 {
				return true
			}
			var gvk schema.GroupVersionKind
			var names resources.Names
			literalInto(t, change.Path, call.Args[1], &gvk)
			literalInto(t, change.Path, call.Args[2], &names)
			out[gvk] = names
			return false
		})
	}
	return out
}

func isSelector(e ast.Expr, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg
}

// literalInto sets the fields of the struct dst points to from a keyed
// composite literal of string, []string and true values, the only ones
// RegisterResources writes.
func literalInto(t *testing.T, path string, e ast.Expr, dst any) {
	t.Helper()
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		t.Fatalf("%s: %T, want a composite literal", path, e)
	}
	v := reflect.ValueOf(dst).Elem()
	for _, elt := range lit.Elts {
		kv := elt.(*ast.KeyValueExpr)
		field := v.FieldByName(kv.Key.(*ast.Ident).Name)
		switch val := kv.Value.(type) {
		case *ast.Ident:
			field.SetBool(val.Name == "true")
		case *ast.BasicLit:
			field.SetString(unquote(t, val))
		case *ast.CompositeLit:
			var items []string
			for _, item := range val.Elts {
				items = append(items, unquote(t, item.(*ast.BasicLit)))
			}
			field.Set(reflect.ValueOf(items))
		default:
			t.Fatalf("%s: field %s: %T, not a value RegisterResources writes", path, kv.Key, val)
		}
	}
}

func unquote(t *testing.T, lit *ast.BasicLit) string {
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// crdsOf are the CRDs the plans write, each once.
func crdsOf(t *testing.T, plans []*gofile.Plan) []*apiextensionsv1.CustomResourceDefinition {
	var out []*apiextensionsv1.CustomResourceDefinition
	seen := map[string]bool{}
	for _, plan := range plans {
		for _, change := range plan.Changes {
			crd := &apiextensionsv1.CustomResourceDefinition{}
			if !strings.HasSuffix(change.Path, ".yaml") || yaml.Unmarshal(change.New, crd) != nil || crd.Kind != "CustomResourceDefinition" || seen[crd.Name] {
				continue
			}
			seen[crd.Name] = true
			out = append(out, crd)
		}
	}
	return out
}

func keys(m map[string]metav1.APIResource) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// standIn is a Go type to serve a kind of a case whose types are not
// compiled in: metadata typed, spec and status free. Each kind of a case
// gets its own instantiation (slot), as a scheme maps each Go type to its
// kinds.
type standIn[slot any] struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              map[string]any `json:"spec,omitempty"`
	Status            map[string]any `json:"status,omitempty"`
}

func (o *standIn[slot]) DeepCopyObject() runtime.Object {
	out := &standIn[slot]{TypeMeta: o.TypeMeta, Spec: runtime.DeepCopyJSON(o.Spec), Status: runtime.DeepCopyJSON(o.Status)}
	o.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return out
}

type standInList[slot any] struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []standIn[slot] `json:"items"`
}

func (l *standInList[slot]) DeepCopyObject() runtime.Object {
	out := &standInList[slot]{TypeMeta: l.TypeMeta}
	l.ListMeta.DeepCopyInto(&out.ListMeta)
	for i := range l.Items {
		out.Items = append(out.Items, *l.Items[i].DeepCopyObject().(*standIn[slot]))
	}
	return out
}

type (
	slot0 struct{}
	slot1 struct{}
	slot2 struct{}
	slot3 struct{}
	slot4 struct{}
	slot5 struct{}
	slot6 struct{}
	slot7 struct{}
)

// standInSlots register one stand-in type (and its list) for a kind.
var standInSlots = []func(*runtime.Scheme, schema.GroupVersionKind){
	addStandIn[slot0], addStandIn[slot1], addStandIn[slot2], addStandIn[slot3],
	addStandIn[slot4], addStandIn[slot5], addStandIn[slot6], addStandIn[slot7],
}

func addStandIn[slot any](s *runtime.Scheme, gvk schema.GroupVersionKind) {
	s.AddKnownTypeWithName(gvk, &standIn[slot]{})
	s.AddKnownTypeWithName(gvk.GroupVersion().WithKind(gvk.Kind+"List"), &standInList[slot]{})
	metav1.AddToGroupVersion(s, gvk.GroupVersion())
}

// addStandIns registers every version of every CRD's kind, one stand-in
// type per kind, shared by its versions.
func addStandIns(s *runtime.Scheme, crds []*apiextensionsv1.CustomResourceDefinition) error {
	if len(crds) > len(standInSlots) {
		return fmt.Errorf("%d kinds, %d stand-in types: add slots", len(crds), len(standInSlots))
	}
	for i, crd := range crds {
		for _, v := range crd.Spec.Versions {
			standInSlots[i](s, schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind})
		}
	}
	return nil
}
