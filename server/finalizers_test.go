package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"

	"github.com/metagen-dev/metagen/server"
)

// allowedFinalizersCRDs writes testdata/crds's Widget CRD with the
// annotation that carries examples/widgets' +metagen:allowed-finalizers.
func allowedFinalizersCRDs(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/crds/widgets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const name = "  name: widgets.widgets.example.com\n"
	if !strings.Contains(string(data), name) {
		t.Fatal("testdata/crds/widgets.yaml has no metadata.name line")
	}
	annotated := strings.Replace(string(data), name, name+"  annotations:\n    "+server.AllowedFinalizersAnnotation+": widgets.example.com/cleanup\n", 1)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "widgets.yaml"), []byte(annotated), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// +metagen:allowed-finalizers is one rule in both ways of serving a type:
// from the Go scheme (the generated validation) and from the CRD file (its
// annotation, hand-written or as metagen's CRD generator writes it from the
// marker), with the same answers and the same messages.
func TestAllowedFinalizersInBothModes(t *testing.T) {
	modes := map[string]server.Options{
		"scheme":        {Scheme: widgetsScheme(t)},
		"crd":           {CRDPaths: []string{allowedFinalizersCRDs(t)}},
		"generated-crd": {CRDPaths: []string{"../examples/widgets/config/crd"}},
	}
	steps := []struct {
		name, patch string
	}{
		{"create with a foreign finalizer", ""},
		{"add the owned finalizer", `{"metadata":{"finalizers":["widgets.example.com/cleanup"]}}`},
		{"add a finalizer of the group that is not owned", `{"metadata":{"finalizers":["widgets.example.com/cleanup","widgets.example.com/other"]}}`},
		{"add one of a subdomain", `{"metadata":{"finalizers":["widgets.example.com/cleanup","x.widgets.example.com/other"]}}`},
		{"add one of another domain", `{"metadata":{"finalizers":["widgets.example.com/cleanup","example.org/other"]}}`},
	}
	answers := map[string][]string{}
	for mode, opts := range modes {
		s := server.StartForTest(t, opts)
		widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(schema.GroupVersionResource{Group: "widgets.example.com", Version: "v1", Resource: "widgets"}).Namespace("default")
		refused := widget("refused", nil)
		refused.SetFinalizers([]string{"widgets.example.com/unknown"})
		_, err := widgets.Create(t.Context(), refused, metav1.CreateOptions{})
		answers[mode] = append(answers[mode], errorText(err))
		if _, err := widgets.Create(t.Context(), widget("w", nil), metav1.CreateOptions{}); err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		for _, step := range steps[1:] {
			_, err := widgets.Patch(t.Context(), "w", types.MergePatchType, []byte(step.patch), metav1.PatchOptions{})
			answers[mode] = append(answers[mode], errorText(err))
		}
	}
	want := []string{
		`Widget.widgets.example.com "refused" is invalid: metadata.finalizers[0]: Unsupported value: "widgets.example.com/unknown": supported values: "widgets.example.com/cleanup"`,
		"ok",
		`Widget.widgets.example.com "w" is invalid: metadata.finalizers[1]: Unsupported value: "widgets.example.com/other": supported values: "widgets.example.com/cleanup"`,
		`Widget.widgets.example.com "w" is invalid: metadata.finalizers[1]: Unsupported value: "x.widgets.example.com/other": supported values: "widgets.example.com/cleanup"`,
		"ok",
	}
	for mode := range modes {
		for i, step := range steps {
			if got := answers[mode][i]; got != want[i] {
				t.Errorf("%s: %s:\n got %s\nwant %s", mode, step.name, got, want[i])
			}
		}
	}
}

func errorText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}
