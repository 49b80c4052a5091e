package conventiontest_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/metagen-dev/metagen/examples/widgets/conventiontest"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/server"
)

// TestConventionsInProcess runs the convention tests on the in-process API
// server; hack/e2e runs the same tests on a real kube-apiserver. The
// server has the types' OpenAPI definitions, so that server-side apply
// merges lists and maps as the CRD's schema makes a real server merge them.
func TestConventionsInProcess(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	s := server.StartForTest(t, server.Options{Scheme: scheme, OpenAPIDefinitions: widgetsv1.GetOpenAPIDefinitions})
	conventiontest.RunConventionTests(t, s.RESTConfig())
}
