package manifest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/generators/rbac"
	"github.com/metagen-dev/metagen/generators/webhook"
	"github.com/metagen-dev/metagen/internal/anchors"
	"github.com/metagen-dev/metagen/internal/golden"
)

const realworldEnv = "METAGEN_RBACWEBHOOK_REALWORLD"

// realModules are the modules the issue names. kueue, kuberay's
// ray-operator and cluster-api carry +kubebuilder:rbac and
// +kubebuilder:webhook markers in their controller and webhook packages;
// cert-manager, kro and gateway-api carry none (markerFree: their RBAC and
// webhook manifests are hand-written or Helm templates), and the test
// checks that, and that neither tool writes a manifest for them.
var realModules = []struct {
	path, version string
	markerFree    bool
}{
	{"sigs.k8s.io/kueue", "v0.17.0", false},
	{"github.com/ray-project/kuberay/ray-operator", "v1.5.0", false},
	{"sigs.k8s.io/cluster-api", "v1.14.2", false},
	{"github.com/cert-manager/cert-manager", "v1.21.2", true},
	{"github.com/kubernetes-sigs/kro", "v0.9.4", true},
	{"sigs.k8s.io/gateway-api", "v1.6.3", true},
}

// TestRealModulesAgainstControllerGen downloads each module from the Go
// module proxy and runs both tools on its Go files, reduced to what the
// generators read: imports and function bodies are dropped (so that no
// dependency needs downloading), declarations and every comment stay where
// they are. The manifests must be byte-equal below metagen's header. Set
// METAGEN_RBACWEBHOOK_REALWORLD=1 to run it.
func TestRealModulesAgainstControllerGen(t *testing.T) {
	if os.Getenv(realworldEnv) != "1" {
		t.Skipf("set %s=1 to compare the RBAC and webhook manifests of %d real modules with controller-gen's", realworldEnv, len(realModules))
	}
	bins, err := anchors.Install(t.Context(), nil, cgVersion, cgPackage)
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range realModules {
		t.Run(mod.path, func(t *testing.T) {
			start := time.Now()
			src := download(t, mod.path+"@"+mod.version)
			work := t.TempDir()
			files, err := golden.ReduceModule(src, work, mod.path)
			if err != nil {
				t.Fatal(err)
			}
			count := countMarkers(t, src)
			if (count == 0) != mod.markerFree {
				t.Fatalf("%d +kubebuilder:rbac/webhook markers in its Go files; markerFree=%v says otherwise", count, mod.markerFree)
			}
			theirs, ours := filepath.Join(work, "out", "controller-gen"), filepath.Join(work, "out", "metagen")
			cmd := exec.Command(bins["controller-gen"], "rbac:roleName=manager-role", "webhook", "paths=./...",
				"output:rbac:artifacts:config="+filepath.Join(theirs, "rbac"), "output:webhook:artifacts:config="+filepath.Join(theirs, "webhook"))
			cmd.Dir = work
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("controller-gen: %v\n%s", err, out)
			}
			settings := map[string]string{rbac.OptionDir.Name: filepath.Join(ours, "rbac"), webhook.OptionDir.Name: filepath.Join(ours, "webhook")}
			if _, err := pipeline.Generate(pipeline.Options{Dir: work, Patterns: []string{"./..."}, Only: []string{"rbac", "webhook"}, Settings: model.Settings{Options: settings}}); err != nil {
				t.Fatalf("metagen: %v", err)
			}
			var lines []string
			for _, file := range []string{"rbac/role.yaml", "webhook/manifests.yaml"} {
				want, errTheirs := os.ReadFile(filepath.Join(theirs, file))
				got, errOurs := os.ReadFile(filepath.Join(ours, file))
				switch {
				case os.IsNotExist(errTheirs) && os.IsNotExist(errOurs):
					lines = append(lines, file+": neither tool writes one")
					continue
				case errTheirs != nil || errOurs != nil:
					t.Errorf("%s: controller-gen: %v, metagen: %v", file, errTheirs, errOurs)
					continue
				}
				if body := bytes.TrimPrefix(got, []byte(load.GeneratedHeaderYAML+"\n")); !bytes.Equal(body, want) {
					t.Errorf("%s differs from controller-gen's:\n--- controller-gen\n%s\n--- metagen\n%s", file, want, body)
					continue
				}
				lines = append(lines, fmt.Sprintf("%s byte-equal (%d bytes, %d documents)", file, len(want), bytes.Count(want, []byte("---\n"))))
			}
			summary := fmt.Sprintf("rbac+webhook-vs-controller-gen: %s@%s go files=%d markers=%d: %s (%s)", mod.path, mod.version, files, count,
				strings.Join(lines, "; "), time.Since(start).Round(time.Millisecond))
			t.Log(summary)
			fmt.Println(summary)
		})
	}
}

// countMarkers counts the lines of the Go files under dir (the module as
// downloaded, tests and nested modules included) that start a
// +kubebuilder:rbac or +kubebuilder:webhook(configuration) marker.
func countMarkers(t *testing.T, dir string) int {
	t.Helper()
	count := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		for line := range strings.Lines(string(data)) {
			text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "//"))
			if strings.HasPrefix(text, "+kubebuilder:rbac") || strings.HasPrefix(text, "+kubebuilder:webhook") {
				count++
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return count
}

// download fetches a module into the module cache and returns its directory.
func download(t *testing.T, module string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Dir = t.TempDir()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v\n%s", module, err, out)
	}
	var info struct{ Dir string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %v\n%s", module, err, out)
	}
	return info.Dir
}
