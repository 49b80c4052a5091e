package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// deepcopyModule is a module with one package that opts into deepcopy, the
// working directory of the test.
func deepcopyModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	testfile.Write(t, filepath.Join(root, "go.mod"), "module example.com/m\n\ngo 1.26\n")
	testfile.Write(t, filepath.Join(root, "api", "types.go"), "// +k8s:deepcopy-gen=package\npackage api\n\ntype Thing struct{ Items []string }\n")
	t.Chdir(root)
	return root
}

var summaryLine = regexp.MustCompile(`^metagen: 1 package, 1 generator, 1 file \((\d) (changed|out of date)\) in \d+(\.\d)?m?s\n`)

// generate and verify end with one summary line on stderr, whatever the
// terminal; stdout keeps only the create/update lines.
func TestSummaryLine(t *testing.T) {
	deepcopyModule(t)
	run := func(args ...string) (string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := Run(args, &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		return stdout.String(), stderr.String()
	}
	stdout, stderr := run("generate", "./...")
	if stdout != "create "+filepath.Join("api", "zz_generated.deepcopy.go")+"\n" {
		t.Errorf("stdout %q", stdout)
	}
	if m := summaryLine.FindStringSubmatch(stderr); m == nil || m[1] != "1" || m[2] != "changed" || strings.Count(stderr, "\n") != 1 {
		t.Errorf("first run's stderr %q, want one summary line with 1 changed", stderr)
	}
	if _, stderr := run("generate", "./..."); !strings.Contains(stderr, "(0 changed)") {
		t.Errorf("second run's stderr %q, want 0 changed", stderr)
	}
	if _, stderr := run("verify", "./..."); !summaryLine.MatchString(stderr) || !strings.Contains(stderr, "(0 out of date)") {
		t.Errorf("verify's stderr %q", stderr)
	}
	if stdout, stderr := run("generate", "-q", "./..."); stdout != "" || stderr != "" {
		t.Errorf("-q printed %q, %q", stdout, stderr)
	}
	_, stderr = run("generate", "-v", "./...")
	for _, want := range []string{"\n  load ", "\n  generate ", "\n    deepcopy ", "1 package, 1 file; format ", " (1 passes, 1 cached)\n", "\n  plan "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-v lacks %q:\n%s", want, stderr)
		}
	}
}

// Paths are relative to the working directory, also where the file lies
// beside it (../client from an API package, where go generate runs).
func TestPathsRelativeToTheWorkingDirectory(t *testing.T) {
	root := deepcopyModule(t)
	t.Chdir(filepath.Join(root, "api"))
	for path, want := range map[string]string{
		filepath.Join(root, "api", "zz_generated.deepcopy.go"): "zz_generated.deepcopy.go",
		filepath.Join(root, "config", "crd", "x.yaml"):         filepath.Join("..", "config", "crd", "x.yaml"),
		filepath.Join(filepath.Dir(root), "elsewhere.go"):      filepath.Join(filepath.Dir(root), "elsewhere.go"),
	} {
		if got := relative(path); got != want {
			t.Errorf("relative(%s) = %s, want %s", path, got, want)
		}
	}
}

// A pattern that matches no directory is one error, not also "not in the
// main module".
func TestMissingPatternIsOneError(t *testing.T) {
	deepcopyModule(t)
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"generate", "./nope"}, &stdout, &stderr); code != exitError {
		t.Fatalf("exit %d, want %d", code, exitError)
	}
	if got := stderr.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "nope") || strings.Contains(got, "main module") {
		t.Errorf("stderr %q, want one line about ./nope", got)
	}
}

// On a terminal, a phase running longer than progressDelay is drawn on one
// line, redrawn as it advances, and cleared before anything else is printed;
// a shorter one is never drawn.
func TestProgressOnATerminal(t *testing.T) {
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = 50 * time.Millisecond
	var out bytes.Buffer
	r := &reporter{w: &out, terminal: true, start: time.Now()}
	var opts pipeline.Options
	r.attach(&opts)
	opts.Progress(pipeline.PhaseLoading, 0, 18)
	waitFor(t, r, &out, "metagen: loading packages: 18 matched (")
	opts.Progress(pipeline.PhaseGenerating, 0, 4)
	opts.Progress(pipeline.PhaseGenerating, 3, 4)
	opts.Progress(pipeline.PhaseGenerating, 2, 4) // jobs finish in any order
	waitFor(t, r, &out, "metagen: generating 3/4 (")
	r.finish()
	if !strings.HasSuffix(out.String(), "\r\033[K") {
		t.Errorf("the progress line is not cleared: %q", out.String())
	}

	progressDelay = time.Hour
	out.Reset()
	r = &reporter{w: &out, terminal: true, start: time.Now()}
	r.attach(&opts)
	opts.Progress(pipeline.PhaseLoading, 0, 18)
	time.Sleep(150 * time.Millisecond)
	r.finish()
	if out.Len() != 0 {
		t.Errorf("a short phase was drawn: %q", out.String())
	}
}

func waitFor(t *testing.T, r *reporter, out *bytes.Buffer, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		r.mu.Lock()
		drawn := out.String()
		r.mu.Unlock()
		if strings.Contains(drawn, want) {
			return
		}
	}
	t.Fatalf("never drew %q", want)
}

// Pipes and files get no progress lines, only the summary.
func TestNoProgressOffATerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) || isTerminal(&bytes.Buffer{}) {
		t.Error("a file or a buffer taken for a terminal")
	}
	var opts pipeline.Options
	newReporter(f, false, false).attach(&opts)
	if opts.Progress != nil || opts.Stats == nil {
		t.Errorf("off a terminal: progress %v, stats %v; want none and some", opts.Progress != nil, opts.Stats)
	}
}
