package lint

import (
	"maps"
	"slices"
	"strings"
	"testing"

	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/server"
)

// The CRD that lint judges a type's rules in is refused by a running
// apiextensions-apiserver (the in-process server's CRD create) at exactly
// the fields lint's validation names, and created when lint finds nothing:
// what lint says without a CRD is what kube-apiserver says on CRD create.
func TestProbeCRDVerdictIsTheServers(t *testing.T) {
	universe, err := load.Load(load.Options{Dir: ".", Patterns: []string{"./testdata/agreement/nocrd"}})
	if err != nil {
		t.Fatal(err)
	}
	pkg := universe.Packages[0]
	schemas := openapi.Prepare(universe)
	s := server.StartForTest(t, server.Options{})
	crds := apiextensionsclient.NewForConfigOrDie(s.RESTConfig()).ApiextensionsV1().CustomResourceDefinitions()
	created, refused := 0, 0
	for _, typ := range pkg.NamedTypes {
		if len(ownRules(typ)) == 0 {
			continue
		}
		expanded, err := schemas.Expand(typ.Object)
		if err != nil {
			t.Fatalf("%s: %v", typ.Name, err)
		}
		root, _ := placeInCRD(expanded.Schema)
		props, err := crd.ToJSONSchemaProps(root)
		if err != nil {
			t.Fatal(err)
		}
		probe := crd.ProbeCRD("lint.metagen.dev", props)
		want := map[string]bool{}
		for _, e := range crd.Validate(probe) {
			want[e.Field] = true
		}
		_, err = crds.Create(t.Context(), probe, metav1.CreateOptions{})
		got := map[string]bool{}
		switch {
		case err == nil:
			created++
			if err := crds.Delete(t.Context(), probe.Name, metav1.DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
		case apierrors.IsInvalid(err):
			refused++
			for _, cause := range err.(apierrors.APIStatus).Status().Details.Causes {
				got[cause.Field] = true
			}
		default:
			t.Fatalf("%s: creating the probe CRD: %v", typ.Name, err)
		}
		if !maps.Equal(got, want) {
			t.Errorf("type %s: the server refuses at\n  %s\nlint's validation at\n  %s", typ.Name,
				strings.Join(slices.Sorted(maps.Keys(got)), "\n  "), strings.Join(slices.Sorted(maps.Keys(want)), "\n  "))
		}
	}
	if refused == 0 {
		t.Error("no probe CRD was refused: the case has no bad rules")
	}
	t.Logf("probe CRDs: %d refused by the server as by lint, %d created", refused, created)
}
