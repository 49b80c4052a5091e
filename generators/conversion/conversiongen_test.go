package conversion_test

import (
	"context"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/anchors"
	"github.com/metagen-dev/metagen/internal/golden"
)

// conversionGenRuns are the golden cases compared with conversion-gen
// v0.37.2, each with the conversion-gen runs its project makes (package
// directories under the case, one run per list): shared_manual is run as
// cluster-api runs it, once per API group.
var conversionGenRuns = map[string][][]string{
	"widgets":            {{"v1"}},
	"peer_not_imported":  {{"v1"}},
	"unsupported_manual": {{"v1"}},
	"shared_manual":      {{"core/v1beta1"}, {"addons/v1beta1"}, {"ipam/v1alpha1", "ipam/v1beta1"}},
}

// TestConversionGenEquivalence runs conversion-gen v0.37.2 on golden cases,
// each copied to its own import path in a scratch copy of the module, and
// requires its zz_generated.conversion.go files to be the case's want/
// ones (which TestGolden holds metagen's output to): the same files, and
// in each the same declarations once import names are replaced by their
// paths. Gated with the k8s.io/kubernetes differential by
// METAGEN_CODEGEN_CONVERSION=1 (conversion-gen is built once, then cached).
func TestConversionGenEquivalence(t *testing.T) {
	if os.Getenv("METAGEN_CODEGEN_CONVERSION") != "1" {
		t.Skip("set METAGEN_CODEGEN_CONVERSION=1 to compare golden cases with conversion-gen")
	}
	bins, err := anchors.Install(context.Background(), nil, "v0.37.2", "k8s.io/code-generator/cmd/conversion-gen")
	if err != nil {
		t.Fatal(err)
	}
	root := golden.RepoRoot(t)
	for _, name := range slices.Sorted(maps.Keys(conversionGenRuns)) {
		t.Run(name, func(t *testing.T) {
			work := t.TempDir()
			caseDir := filepath.Join(work, "generators", "conversion", "testdata", name)
			golden.CopyCase(t, filepath.Join("testdata", name), caseDir)
			run(t, "", "cp", filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum"), work)
			header := filepath.Join(work, "header.txt")
			if err := os.WriteFile(header, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, pkgs := range conversionGenRuns[name] {
				args := []string{"--go-header-file", header, "--output-file", "zz_generated.conversion.go"}
				for _, p := range pkgs {
					args = append(args, "./"+filepath.ToSlash(filepath.Join("generators", "conversion", "testdata", name, p)))
				}
				run(t, work, bins["conversion-gen"], args...)
			}
			compareWithWant(t, name, conversionGenFiles(t, caseDir))
		})
	}
}

// conversionGenFiles are the zz_generated.conversion.go files under dir, by
// path relative to it.
func conversionGenFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "zz_generated.conversion.go" {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func compareWithWant(t *testing.T, name string, anchor map[string][]byte) {
	t.Helper()
	want := golden.Read(t, name)
	if got, exp := slices.Sorted(maps.Keys(anchor)), slices.Sorted(maps.Keys(want)); !slices.Equal(got, exp) {
		t.Fatalf("conversion-gen wrote %v; want/ has %v", got, exp)
	}
	for file, src := range anchor {
		a, err := golden.WithImportPaths(src)
		if err != nil {
			t.Fatalf("conversion-gen's %s: %v", file, err)
		}
		w, err := golden.WithImportPaths(want[file])
		if err != nil {
			t.Fatalf("want/%s: %v", file, err)
		}
		if a != w {
			t.Errorf("%s differs from conversion-gen's (want, then conversion-gen):\n%s", file, golden.LineDiff(w, a))
		}
		if !strings.Contains(a, "func RegisterConversions(") {
			t.Errorf("%s: no RegisterConversions: nothing was compared", file)
		}
	}
}
