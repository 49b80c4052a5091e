package crd_test

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/internal/golden"
)

// The crdoptions case has floats and unexported fields: its golden
// (want/errors.txt) is the default, where both are errors as in
// controller-gen. These tests give it controller-gen's crd options.

const optionsCase = "crdoptions"

// optionsSchema is the spec schema metagen writes for the case with opts,
// or the errors.
func optionsSchema(t *testing.T, dir string, opts model.CRDOptions) (map[string]any, []string) {
	t.Helper()
	files := generateDir(t, dir, model.Settings{CRD: opts})
	if errs, failed := files[errorsFile]; failed {
		return nil, strings.Split(strings.TrimSpace(string(errs)), "\n")
	}
	for file, data := range files {
		_, object := parseCRD(t, file, data)
		return specProperties(t, object), nil
	}
	t.Fatal("no CRD written")
	return nil, nil
}

func specProperties(t *testing.T, crd map[string]any) map[string]any {
	t.Helper()
	at := any(crd)
	for _, key := range []string{"spec", "versions", "0", "schema", "openAPIV3Schema", "properties", "spec", "properties"} {
		switch v := at.(type) {
		case map[string]any:
			at = v[key]
		case []any:
			at = v[0]
		}
	}
	props, ok := at.(map[string]any)
	if !ok {
		t.Fatalf("no spec properties in %v", crd)
	}
	return props
}

func TestAllowDangerousTypesDescribesFloats(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("testdata", optionsCase))
	props, errs := optionsSchema(t, dir, model.CRDOptions{AllowDangerousTypes: true})
	if props != nil || len(errs) != 1 || !strings.Contains(errs[0], "v1/types.go:19:2: unexported field cache has no JSON tag") {
		t.Fatalf("allowDangerousTypes alone: want only the unexported field's error, got %q", errs)
	}
	props, errs = optionsSchema(t, dir, model.CRDOptions{AllowDangerousTypes: true, IgnoreUnexportedFields: true})
	if len(errs) > 0 {
		t.Fatalf("both options: %q", errs)
	}
	if got := props["scale"].(map[string]any)["type"]; got != "number" {
		t.Errorf("scale: type %v, want number", got)
	}
	items := props["ratios"].(map[string]any)["items"].(map[string]any)
	if items["type"] != "number" || items["format"] != nil {
		t.Errorf("ratios items: %v, want a number without format", items)
	}
	names := slices.Sorted(maps.Keys(props))
	if want := []string{"name", "ratios", "scale"}; !reflect.DeepEqual(names, want) {
		t.Errorf("ignoreUnexportedFields: properties %v, want %v (no cache, no legacy)", names, want)
	}
}

func TestIgnoreUnexportedFieldsOffKeepsTaggedOnes(t *testing.T) {
	// Without ignoreUnexportedFields a tagged unexported field is described,
	// as controller-gen does; give cache a tag to see it.
	dir := t.TempDir()
	golden.CopyCase(t, filepath.Join("testdata", optionsCase), dir)
	types := filepath.Join(dir, "v1", "types.go")
	src, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	tagged := strings.Replace(string(src), "cache map[string]string", "cache map[string]string `json:\"-\"`", 1)
	if err := os.WriteFile(types, []byte(tagged), 0o644); err != nil {
		t.Fatal(err)
	}
	writeModule(t, dir)
	props, errs := optionsSchema(t, dir, model.CRDOptions{AllowDangerousTypes: true})
	if len(errs) > 0 {
		t.Fatalf("%q", errs)
	}
	if _, ok := props["legacy"]; !ok {
		t.Errorf("legacy (unexported, tagged) missing without ignoreUnexportedFields: %v", slices.Sorted(maps.Keys(props)))
	}
}

// TestCRDOptionsAgainstControllerGen runs controller-gen v0.23.0 on the
// case without options (both tools must refuse it, at the same lines for
// the unexported field and the float64 field) and with
// crd:allowDangerousTypes=true,ignoreUnexportedFields=true (both must write
// the same CRD, apart from controller-gen's version annotation).
func TestCRDOptionsAgainstControllerGen(t *testing.T) {
	if os.Getenv(cgEnv) != "1" {
		t.Skipf("set %s=1 to compare the crd options with controller-gen %s", cgEnv, cgVersion)
	}
	bin, work := controllerGenModule(t)
	golden.CopyCase(t, filepath.Join("testdata", optionsCase), work)

	out, err := exec.Command("sh", "-c", "cd "+work+" && "+bin+" crd paths=./... output:crd:dir=refused").CombinedOutput()
	if err == nil {
		t.Fatalf("controller-gen without options accepted floats and an untagged unexported field:\n%s", out)
	}
	_, ours := optionsSchema(t, work, model.CRDOptions{})
	for _, line := range []string{"types.go:11:", "types.go:19:2:"} {
		if !strings.Contains(string(out), line) || !slices.ContainsFunc(ours, func(e string) bool { return strings.Contains(e, line) }) {
			t.Errorf("refusal at %s: controller-gen:\n%s\nmetagen:\n%s", line, out, strings.Join(ours, "\n"))
		}
	}
	if n := len(regexp.MustCompile(`found float`).FindAllString(string(out), -1)); n == 0 {
		t.Errorf("controller-gen gave no float error:\n%s", out)
	}

	cmd := exec.Command(bin, "crd:allowDangerousTypes=true,ignoreUnexportedFields=true", "paths=./...", "output:crd:dir=controller-gen")
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("controller-gen with the options: %v\n%s", err, out)
	}
	theirs := readCRDs(t, filepath.Join(work, "controller-gen"))
	files := generateDir(t, work, model.Settings{CRD: model.CRDOptions{AllowDangerousTypes: true, IgnoreUnexportedFields: true}})
	if errs, failed := files[errorsFile]; failed {
		t.Fatalf("metagen with the options:\n%s", errs)
	}
	ours2 := map[string]any{}
	for file, data := range files {
		name, object := parseCRD(t, file, data)
		ours2[name] = object
	}
	var c comparison
	for _, name := range unionKeys(theirs, ours2) {
		c.compare(name, valueAt(theirs, name), valueAt(ours2, name))
	}
	for _, d := range c.diffs {
		if strings.Contains(d.path, "/metadata/annotations") && reflect.DeepEqual(withoutVersionStamp(d.theirs), d.ours) {
			continue
		}
		t.Errorf("differs from controller-gen:\n%s", d)
	}
	t.Logf("crd options vs controller-gen: crds=%d fields compared=%d", len(bothSides(theirs, ours2)), c.fields)
}

func readCRDs(t *testing.T, dir string) map[string]any {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no CRDs in %s: %v", dir, err)
	}
	crds := map[string]any{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name, object := parseCRD(t, file, data)
		crds[name] = object
	}
	return crds
}
