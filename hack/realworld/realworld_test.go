package realworld_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// ciModules are the modules .ci/run checks: those at zero differences
// (generate with no source edit, build+vet, deepcopy, CRD leaves, client
// surface). RW_MODULES=all runs every module of modules.sh.
const ciModules = "metrics kube-aggregator flux-source"

// TestRealModules runs run.sh: metagen and the anchors (controller-gen
// v0.23.0, code-generator v0.37.2, with each project's own options) on real
// API modules pinned in modules.sh; it fails unless every module is at zero
// differences. Gated: METAGEN_REALWORLD=1 go test ./hack/realworld -timeout 60m.
func TestRealModules(t *testing.T) {
	if os.Getenv("METAGEN_REALWORLD") == "" {
		t.Skip("METAGEN_REALWORLD=1 runs metagen against controller-gen and code-generator on real modules")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	bin := filepath.Join(work, "metagen")
	build := exec.Command("go", "build", "-o", bin, "./cmd/metagen")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	run := exec.Command("hack/realworld/run.sh", bin, filepath.Join(work, "rw"))
	run.Dir = root
	run.Env = append(os.Environ(), "METAGEN_SRC="+root)
	if os.Getenv("RW_MODULES") == "" {
		run.Env = append(run.Env, "RW_MODULES="+ciModules)
	}
	out, err := run.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("hack/realworld/run.sh: %v (the module lines above say where)", err)
	}
}
