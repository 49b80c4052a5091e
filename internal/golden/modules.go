package golden

import (
	"encoding/json"
	"os"
	"os/exec"
	"testing"
)

// ModuleDir asks the go command where a module (path@version) is cached,
// downloading it through the module proxy when it is not.
func ModuleDir(t testing.TB, module string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir = os.TempDir()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", module, err)
	}
	var info struct{ Dir string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: no directory in %s", module, out)
	}
	return info.Dir
}
