package openapi_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// k8sAPIModule is the module whose openapi-gen output we reproduce.
const k8sAPIModule = "k8s.io/api@v0.37.2"

// TestK8sAPI is the differential test on every package of k8s.io/api:
// openapi-gen and our generator (compatible with openapi-gen) run on a copy
// of the module, and the definitions must be the same. openapi-gen alone
// takes minutes here, so the test runs only with METAGEN_OPENAPI_K8SAPI=1.
func TestK8sAPI(t *testing.T) {
	if os.Getenv("METAGEN_OPENAPI_K8SAPI") == "" {
		t.Skip("runs openapi-gen on all of k8s.io/api (minutes); set METAGEN_OPENAPI_K8SAPI=1")
	}
	work := filepath.Join(t.TempDir(), "api")
	copyModule(t, moduleDir(t, k8sAPIModule), work)
	dirs := openAPIPackages(t, work)
	owned := func(name string) bool { return strings.HasPrefix(name, "io.k8s.api.") }
	result := differential(t, work, "k8s.io/api", dirs, owned)
	t.Logf("k8s.io/api, %d packages: %s", len(dirs), result)
}

// moduleDir asks the go command where the module is cached; the
// repository's go.sum pins it.
func moduleDir(t *testing.T, module string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir = repoRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", module, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %s %v", module, info.Error, err)
	}
	return info.Dir
}

// copyModule copies a module out of the module cache and gives it our
// requirements, so that programs in it can import kube-openapi.
func copyModule(t *testing.T, from, to string) {
	t.Helper()
	copyTree(t, from, to)
	var module string
	for _, line := range strings.Split(readFile(t, filepath.Join(to, "go.mod")), "\n") {
		if strings.HasPrefix(line, "module ") {
			module = line
		}
	}
	self := strings.TrimPrefix(module, "module ")
	var kept []string
	for _, line := range strings.Split(readFile(t, filepath.Join(repoRoot(t), "go.mod")), "\n") {
		if strings.HasPrefix(line, "module ") || strings.HasPrefix(strings.TrimSpace(line), self+" ") {
			continue
		}
		kept = append(kept, line)
	}
	testfile.Write(t, filepath.Join(to, "go.mod"), []byte(module+"\n"+strings.Join(kept, "\n")))
	sum := readFile(t, filepath.Join(repoRoot(t), "go.sum")) + readFile(t, filepath.Join(to, "go.sum"))
	testfile.Write(t, filepath.Join(to, "go.sum"), []byte(sum))
}

// openAPIPackages are the packages of the module that opt in to openapi-gen.
func openAPIPackages(t *testing.T, work string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(work, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "doc.go" {
			return err
		}
		if strings.Contains(readFile(t, path), "+k8s:openapi-gen=true") {
			rel, _ := filepath.Rel(work, filepath.Dir(path))
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
