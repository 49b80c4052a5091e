package launcher

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// fake is a small command in a module of its own, which a downstream module
// replaces with its directory, as a metagen checkout is.
var fake = Target{Name: "fake", Module: "example.com/fake", Package: "example.com/fake/cmd/fake"}

// A run builds the target once, runs the cached binary after that, and
// builds it again when a file of the replaced module changes.
func TestLauncherBuildsOnceAndAgainAfterAChange(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	root := t.TempDir()
	t.Setenv("METAGEN_CACHE", filepath.Join(root, "cache"))
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "off")
	target := filepath.Join(root, "fake")
	testfile.Write(t, filepath.Join(target, "go.mod"), "module example.com/fake\n\ngo 1.26\n")
	main := filepath.Join(target, "cmd", "fake", "main.go")
	testfile.Write(t, main, "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() { fmt.Println(\"v1\", os.Args[1:]) }\n")
	downstream := filepath.Join(root, "downstream")
	testfile.Write(t, filepath.Join(downstream, "go.mod"), "module example.com/downstream\n\ngo 1.26\n\nrequire example.com/fake v0.0.0\n\nreplace example.com/fake => ../fake\n")

	var stderr bytes.Buffer
	run := func() (binary, output string) {
		t.Helper()
		l := &launch{target: fake, stderr: &stderr, dir: downstream, exec: func(b string, argv []string) int {
			binary = b
			out, err := exec.Command(b, argv[1:]...).Output()
			if err != nil {
				t.Fatalf("running %s: %v", b, err)
			}
			output = strings.TrimSpace(string(out))
			return 0
		}}
		if code := l.run([]string{"generate", "."}); code != 0 {
			t.Fatalf("exit %d:\n%s", code, stderr.String())
		}
		return binary, output
	}
	first, out := run()
	if out != "v1 [generate .]" {
		t.Fatalf("first run printed %q", out)
	}
	built, err := os.Stat(first)
	if err != nil {
		t.Fatal(err)
	}
	second, out := run()
	if again, err := os.Stat(second); second != first || out != "v1 [generate .]" || err != nil || !os.SameFile(built, again) {
		t.Errorf("second run: %s (%v) printing %q; want the first run's binary, not rebuilt", second, err, out)
	}

	testfile.Write(t, main, "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"v2\") }\n")
	later := time.Now().Add(time.Minute)
	os.Chtimes(main, later, later)
	third, out := run()
	if third == first || out != "v2" {
		t.Errorf("after a change: %s printing %q; want a new binary printing v2", third, out)
	}
}

func TestTrimKeepsTheNewestBinaries(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	for i := range keptBinaries + 3 {
		name := filepath.Join(dir, fmt.Sprintf("metagen-%02d", i))
		testfile.Write(t, name, "")
		used := now.Add(-time.Duration(i) * time.Hour)
		os.Chtimes(name, used, used)
	}
	testfile.Write(t, filepath.Join(dir, "metagen-build-123"), "") // another launcher's build
	trim(dir, "metagen-", now)
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := "metagen-00 metagen-01 metagen-02 metagen-03 metagen-build-123 trim.txt"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("after trim: %s\nwant %s", got, want)
	}
}

// The point of the launcher: go tool's check before each run hashes only
// what it links.
func TestToolLinksOnlyTheStandardLibrary(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "github.com/metagen-dev/metagen/tool/metagen").Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Fields(string(out))
	want := []string{"github.com/metagen-dev/metagen/generators/cachedir", "github.com/metagen-dev/metagen/internal/launcher", "github.com/metagen-dev/metagen/tool/metagen"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("tool/metagen links %q, want only the standard library and %q", got, want)
	}
}
