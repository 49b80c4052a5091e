package prerelease_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/prerelease"
	"github.com/metagen-dev/metagen/internal/golden"
)

// TestK8sAPIEquivalence regenerates every zz_generated.prerelease-lifecycle.go
// of k8s.io/api v0.37.2 (prerelease-lifecycle-gen's output) in a copy of the
// module, upstream's files removed, and requires our methods to be byte for byte upstream's, from the
// first method on. Gated by METAGEN_CODEGEN_CONVERSION=1 with the other
// code-generator differentials: it copies the module and builds its imports.
func TestK8sAPIEquivalence(t *testing.T) {
	if os.Getenv("METAGEN_CODEGEN_CONVERSION") != "1" {
		t.Skip("set METAGEN_CODEGEN_CONVERSION=1 to compare with k8s.io/api's prerelease-lifecycle-gen output")
	}
	src := golden.ModuleDir(t, "k8s.io/api@v0.37.2")
	work := filepath.Join(t.TempDir(), "api")
	if out, err := exec.Command("cp", "-r", src, work).CombinedOutput(); err != nil {
		t.Fatalf("copy: %v\n%s", err, out)
	}
	if out, err := exec.Command("chmod", "-R", "u+w", work).CombinedOutput(); err != nil {
		t.Fatalf("chmod: %v\n%s", err, out)
	}
	upstream, _ := filepath.Glob(filepath.Join(work, "*", "*", "zz_generated.prerelease-lifecycle.go"))
	if len(upstream) == 0 {
		t.Fatal("no upstream files found")
	}
	want := map[string][]byte{}
	var patterns []string
	for _, path := range upstream {
		content, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want[filepath.Dir(path)] = content
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(work, filepath.Dir(path))
		patterns = append(patterns, "./"+filepath.ToSlash(rel))
	}
	universe, err := load.Load(load.Options{Dir: work, Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	methods := 0
	for _, pkg := range universe.Packages {
		if !prerelease.Generator.Enabled(pkg) {
			t.Errorf("%s: not enabled, upstream generated it", pkg.Path)
			continue
		}
		pass := &gen.Pass{Generator: prerelease.Generator, Universe: universe, Package: pkg}
		if err := prerelease.Generator.Run(pass); err != nil {
			t.Errorf("%s: %v", pkg.Path, err)
			continue
		}
		files := pass.Files()
		if len(files) != 1 {
			t.Errorf("%s: %d files", pkg.Path, len(files))
			continue
		}
		got, err := gofile.Render(files[0].Code, gofile.Header{}, "")
		if err != nil {
			t.Fatal(err)
		}
		gotBody, wantBody := fromFirstMethod(got), fromFirstMethod(want[pkg.Dir])
		if !bytes.Equal(gotBody, wantBody) {
			t.Errorf("%s differs from prerelease-lifecycle-gen's output:\n%s", pkg.Path, firstDifference(string(wantBody), string(gotBody)))
		}
		methods += bytes.Count(gotBody, []byte("\nfunc ")) + 1
	}
	t.Logf("k8s.io/api v0.37.2: %d packages, %d lifecycle methods equal to prerelease-lifecycle-gen's", len(universe.Packages), methods)
}

// fromFirstMethod drops the header and imports, which differ by design.
func fromFirstMethod(src []byte) []byte {
	i := bytes.Index(src, []byte("\n// APILifecycle"))
	if i < 0 {
		return nil
	}
	return src[i+1:]
}

func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "want: " + a + "\ngot:  " + b
		}
	}
	return ""
}
