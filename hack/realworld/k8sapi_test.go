package realworld_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// k8sAPI is the module metagen must generate in its default mode.
const k8sAPI = "k8s.io/api@v0.37.2"

// TestK8sAPIDefaultMode runs `metagen generate ./...` with no -g and no
// compatibility marker or flag (every generator the packages opt into,
// metagen's own rules) on a copy of k8s.io/api v0.37.2 whose generated
// files are removed: it must exit 0, its problems positioned warnings, not
// errors, and the output must build. It logs the number of warnings.
// Gated (minutes): METAGEN_REALWORLD_K8SAPI=1 go test ./hack/realworld -run TestK8sAPIDefaultMode -v
func TestK8sAPIDefaultMode(t *testing.T) {
	if os.Getenv("METAGEN_REALWORLD_K8SAPI") == "" {
		t.Skip("METAGEN_REALWORLD_K8SAPI=1 generates all of k8s.io/api in metagen's default mode and builds it")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	bin := filepath.Join(work, "metagen")
	run(t, root, nil, "go", "build", "-o", bin, "./cmd/metagen")

	api := filepath.Join(work, "api")
	copyGenerated := copyModuleWithoutGenerated(t, moduleDir(t, root, k8sAPI), api)
	// metagen's clients import its runtime packages: require the module, as the harness does.
	appendFile(t, filepath.Join(api, "go.mod"), "\nrequire github.com/metagen-dev/metagen v0.0.0-00010101000000-000000000000\n\nreplace github.com/metagen-dev/metagen => "+root+"\n")
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	appendFile(t, filepath.Join(api, "go.sum"), string(sum))
	offline := []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOSUMDB=off"}

	out := run(t, api, offline, bin, "generate", "./...")
	warnings := regexp.MustCompile(`(?m)^\S+:\d+:\d+: warning: `).FindAllString(out, -1)
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, ": warning: ") && !regexp.MustCompile(`^\S+:\d+:\d+: warning: `).MatchString(line) {
			t.Errorf("unpositioned warning: %s", line)
		}
	}
	run(t, api, offline, "go", "mod", "tidy")
	run(t, api, offline, "go", "build", "./...")
	t.Logf("k8s.io/api v0.37.2 default mode: removed %d generated files; generate exit 0 with %d positioned warnings; go build ./... ok", copyGenerated, len(warnings))
	byMessage := map[string]int{}
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, ": warning: "); i >= 0 {
			msg := line[i+len(": warning: "):]
			msg = regexp.MustCompile(`"[^"]*"|\S+\.\S+`).ReplaceAllString(msg, "…")
			byMessage[msg]++
		}
	}
	for msg, n := range byMessage {
		t.Logf("  %4d × %s", n, msg)
	}
}

func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, tail(string(out), 40))
	}
	return string(out)
}

func tail(s string, lines int) string {
	all := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return strings.Join(all, "\n")
}

func moduleDir(t *testing.T, root, module string) string {
	t.Helper()
	var info struct{ Dir, Error string }
	if err := json.Unmarshal([]byte(run(t, root, nil, "go", "mod", "download", "-json", module)), &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %s %v", module, info.Error, err)
	}
	return info.Dir
}

// copyModuleWithoutGenerated copies the module, leaving out the files the
// code-generator tools wrote (zz_generated.*, generated.pb.go and the
// protobuf sources stay: metagen writes no protobuf), and returns how many.
func copyModuleWithoutGenerated(t *testing.T, from, to string) int {
	t.Helper()
	removed := 0
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if strings.HasPrefix(d.Name(), "zz_generated.") {
			removed++
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return removed
}

func appendFile(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}
