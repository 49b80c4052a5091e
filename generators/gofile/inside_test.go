package gofile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/metagen-dev/metagen/generators/load"
)

// The cached check gives load.InsideModule's answers: through directory
// symlinks in and out of the module, a file symlink leading out, and paths
// whose directories do not exist yet.
func TestInsideCheckerAgreesWithInsideModule(t *testing.T) {
	root := t.TempDir()
	module := filepath.Join(root, "module")
	outside := filepath.Join(root, "outside")
	for _, dir := range []string{filepath.Join(module, "api", "v1"), outside} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "x.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		filepath.Join(module, "out"):               outside,
		filepath.Join(module, "alias"):             filepath.Join(module, "api"),
		filepath.Join(module, "api", "v1", "x.go"): filepath.Join(outside, "x.go"),
	}
	for link, target := range links {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{
		filepath.Join(module, "api", "v1", "zz_generated.deepcopy.go"),
		filepath.Join(module, "api", "v1", "x.go"),
		filepath.Join(module, "out", "zz_generated.deepcopy.go"),
		filepath.Join(module, "out", "new", "deeper", "file.go"),
		filepath.Join(module, "alias", "v1", "file.go"),
		filepath.Join(module, "zz_client", "clientset", "typed", "v1", "file.go"),
		filepath.Join(module, "api", "v1", "..", "..", "..", "outside", "file.go"),
	}
	checker := newInsideChecker(module)
	for _, round := range []string{"first", "cached"} {
		for _, path := range paths {
			wantResolved, wantInside := load.InsideModule(module, path)
			resolved, inside := checker.check(path)
			if resolved != wantResolved || inside != wantInside {
				t.Errorf("%s check of %s: (%s, %v), load.InsideModule says (%s, %v)", round, path, resolved, inside, wantResolved, wantInside)
			}
		}
	}
	for _, path := range []string{filepath.Join(module, "out", "file.go"), filepath.Join(module, "api", "v1", "x.go")} {
		if _, inside := checker.check(path); inside {
			t.Errorf("%s leads outside the module through a symlink but counts as inside", path)
		}
	}
}
