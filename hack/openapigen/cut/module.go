package cut

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// apiModule is the module whose packages are generated.
const apiModule = "k8s.io/api"

// goList runs go list in dir and returns its output lines.
func goList(dir string, args ...string) ([]string, error) {
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return strings.Fields(strings.TrimSpace(string(out))), nil
}

// copyPackages makes work a module named k8s.io/api holding copies of pkg
// and of the k8s.io/api packages it imports, with the requirements of the
// module dir is in (so they build against the same versions).
func copyPackages(dir, pkg, work string) error {
	gomod, err := goList(dir, "-m", "-f", "{{.GoMod}}")
	if err != nil {
		return err
	}
	deps, err := goList(dir, "-deps", "-f", "{{.ImportPath}}={{.Dir}}", pkg)
	if err != nil {
		return err
	}
	for _, dep := range deps {
		path, from, _ := strings.Cut(dep, "=")
		if !strings.HasPrefix(path, apiModule+"/") {
			continue
		}
		if err := copyGoFiles(from, filepath.Join(work, strings.TrimPrefix(path, apiModule+"/"))); err != nil {
			return err
		}
	}
	return writeModuleFiles(filepath.Dir(gomod[0]), work)
}

// copyGoFiles copies the package's non-test Go files.
func copyGoFiles(from, to string) error {
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(from, "*.go"))
	if err != nil {
		return err
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to, filepath.Base(f)), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeModuleFiles gives work the go.mod and go.sum of the module at root,
// renamed to k8s.io/api and without the requirement on it.
func writeModuleFiles(root, work string) error {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return err
	}
	lines := []string{"module " + apiModule}
	for _, line := range strings.Split(string(mod), "\n") {
		if strings.HasPrefix(line, "module ") || strings.HasPrefix(strings.TrimSpace(line), apiModule+" ") {
			continue
		}
		lines = append(lines, line)
	}
	if err := os.WriteFile(filepath.Join(work, "go.mod"), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(work, "go.sum"), sum, 0o644)
}
