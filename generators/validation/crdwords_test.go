package validation_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/golden"
)

// crdHarness writes the CRD of the crdwords case (its crds/ directory),
// floats allowed (--allow-dangerous-types): the number keywords are checked
// on fractions too.
var crdHarness = golden.Harness{PkgDir: "generators/validation", Generators: []string{"crd"},
	Settings: model.Settings{CRD: model.CRDOptions{AllowDangerousTypes: true}}}

// TestCRDWords is the differential of the schema dialect: for the corpus of
// testdata/crdwords (objects per +kubebuilder:validation marker, +required
// and +listType, valid and invalid, at the edges), the validation metagen
// generates now gives the same field.ErrorList as apiextensions-apiserver's
// schema and list-type validation of the same object, as unstructured,
// with the schema of the CRD metagen writes now (checked in under crds/,
// which -update rewrites). It runs the case's own test (crd_test.go) with
// the generated file overlaid and prints its agreement line.
func TestCRDWords(t *testing.T) {
	const name = "crdwords"
	crds := crdHarness.Plan(t, name)
	if msg, failed := crds[golden.ErrorsFile]; failed {
		t.Fatalf("metagen -g crd on the case: %s", msg)
	}
	if len(crds) != 1 {
		t.Fatalf("want one CRD, got %d files", len(crds))
	}
	for rel, content := range crds {
		path := filepath.Join("testdata", name, filepath.FromSlash(rel))
		if *update {
			if err := os.WriteFile(path, content, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		onDisk, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(onDisk, content) {
			t.Fatalf("%s is not the CRD metagen writes (run go test ./generators/validation -run TestCRDWords -update)", path)
		}
	}
	if testing.Short() {
		t.Skip("builds and runs the case's differential; skipped with -short")
	}
	got := harness.Plan(t, name)
	if msg, failed := got[golden.ErrorsFile]; failed {
		t.Fatalf("metagen -g validation on the case: %s", msg)
	}
	tmp := t.TempDir()
	overlay := map[string]string{}
	for rel, content := range got {
		overlay[filepath.Join(caseDir(t, name), filepath.FromSlash(rel))] = writeTemp(t, tmp, content)
	}
	data, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlayFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-v", "-run", "^TestCRDWords$", "-overlay="+overlayFile, "./generators/validation/testdata/"+name)
	cmd.Dir = repoRoot(t)
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, output)
	}
	var line string
	for _, l := range strings.Split(string(output), "\n") {
		if strings.HasPrefix(l, "crdwords:") {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("no agreement line in:\n%s", output)
	}
	t.Log(line)
}

// A bound or factor an integer cannot hold makes kube-apiserver refuse
// every object that sets the field; the generated check compares with it,
// and metagen warns at the marker.
func TestIntegerBoundsTheAPIServerRefusesAreWarned(t *testing.T) {
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: repoRoot(t), Only: []string{"validation"},
		Patterns: []string{"./generators/validation/testdata/warn_intbounds"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range plan.Warnings {
		got = append(got, filepath.Base(w.Error()))
	}
	want := []string{
		"types.go:9:5: warning: +kubebuilder:validation:Minimum=2.5 on int: kube-apiserver's schema validation refuses a bound an integer cannot hold, and with it every object that sets this field",
		"types.go:11:5: warning: +kubebuilder:validation:Maximum=1e+10 on int32: kube-apiserver's schema validation refuses a bound an integer cannot hold, and with it every object that sets this field",
		"types.go:13:5: warning: +kubebuilder:validation:MultipleOf=0.5 on int64: kube-apiserver's schema validation refuses a factor an integer cannot hold, and with it every object that sets this field",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
