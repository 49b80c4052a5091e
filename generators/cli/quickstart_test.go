package cli

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// quickstartStep is one marked code block of the README: a file to write
// (path set) or shell commands to run.
type quickstartStep struct {
	path string
	code string
	line int
}

// quickstartSteps reads the blocks of README.md that follow a
// "<!-- quickstart: run -->" or "<!-- quickstart: file PATH -->" comment, in
// order, so that the test runs what the README says and fails when they drift.
func quickstartSteps(t *testing.T, readme string) []quickstartStep {
	t.Helper()
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var steps []quickstartStep
	var pending *quickstartStep // marked, its block not begun
	var block *strings.Builder  // inside a marked block
	scanner := bufio.NewScanner(f)
	for n := 1; scanner.Scan(); n++ {
		line := scanner.Text()
		switch {
		case block != nil && line == "```":
			pending.code = block.String()
			steps = append(steps, *pending)
			pending, block = nil, nil
		case block != nil:
			block.WriteString(line + "\n")
		case pending != nil && strings.HasPrefix(line, "```"):
			block = &strings.Builder{}
		case pending != nil:
			t.Fatalf("%s:%d: a quickstart marker must be followed by a code block", readme, pending.line)
		case strings.HasPrefix(line, "<!-- quickstart: "):
			directive := strings.TrimSuffix(strings.TrimPrefix(line, "<!-- quickstart: "), " -->")
			pending = &quickstartStep{line: n}
			if path, ok := strings.CutPrefix(directive, "file "); ok {
				pending.path = path
			} else if directive != "run" {
				t.Fatalf("%s:%d: unknown quickstart marker %q", readme, n, directive)
			}
		}
	}
	if pending != nil {
		t.Fatalf("%s:%d: an unfinished quickstart block", readme, pending.line)
	}
	return steps
}

// The README's Quickstart, run as written in a new module against this
// checkout: init and install, the files, go generate, and a passing test.
func TestQuickstart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds metagen and a new module's test on the API server (minutes cold)")
	}
	root := repoRoot(t)
	steps := quickstartSteps(t, filepath.Join(root, "README.md"))
	var files, runs int
	for _, s := range steps {
		if s.path != "" {
			files++
		} else {
			runs++
		}
	}
	if files < 3 || runs < 3 {
		t.Fatalf("README.md has %d quickstart files and %d commands; want the doc.go, types and test, and init, generate and test", files, runs)
	}
	module := t.TempDir()
	env := []string{"METAGEN=" + root, "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=" + proxyTreatingRefusalAsNotFound(t)}
	var outputs []string
	for _, s := range steps {
		if s.path != "" {
			testfile.Write(t, filepath.Join(module, s.path), s.code)
			continue
		}
		out, err := command(module, env, "bash", "-euo", "pipefail", "-c", s.code)
		if err != nil {
			t.Fatalf("README.md:%d: %v\n%s\n%s", s.line, err, s.code, out)
		}
		outputs = append(outputs, out)
	}
	all := strings.Join(outputs, "")
	for _, want := range []string{"metagen: 1 package, 6 generators, 31 files (31 changed)", "ok  \texample.com/backups/apis/backup/v1"} {
		if !strings.Contains(all, want) {
			t.Errorf("the Quickstart's output lacks %q:\n%s", want, all)
		}
	}
}
