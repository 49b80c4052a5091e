package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// warner warns once on every type called Warned and writes one file.
var warner = &gen.Generator{
	Name:       "warner",
	OutputFile: "zz_generated.warner.go",
	Enabled:    func(*model.Package) bool { return true },
	Run: func(pass *gen.Pass) error {
		if t := pass.Package.Lookup("Warned"); t != nil {
			pass.Warn(t.Pos, "type %q is harmlessly odd", t.Name)
		}
		pass.NewFile("zz_generated.warner.go")
		return nil
	},
}

func withWarner(t *testing.T) string {
	t.Helper()
	saved := pipeline.Generators
	pipeline.Generators = append(append([]*gen.Generator(nil), saved...), warner)
	t.Cleanup(func() { pipeline.Generators = saved })
	root := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":   "module example.com/w\n\ngo 1.26\n",
		"types.go": "package w\n\ntype Warned struct{}\n",
	} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	return root
}

// warningLine is the one positioned warning, first on stderr (the summary
// line follows it).
var warningLine = regexp.MustCompile(`^types\.go:3:6: warning: type "Warned" is harmlessly odd\n(metagen: [^\n]*\n)?$`)

func TestWarningsArePrintedAndDoNotFail(t *testing.T) {
	root := withWarner(t)
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"generate", "-g", "warner", "./..."}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitOK, stderr.String())
	}
	if !warningLine.MatchString(stderr.String()) {
		t.Errorf("stderr = %q, want one positioned warning", stderr.String())
	}
	if _, err := os.Stat(filepath.Join(root, "zz_generated.warner.go")); err != nil {
		t.Errorf("a warning stopped the write: %v", err)
	}
	stderr.Reset()
	if code := Run([]string{"verify", "-g", "warner", "./..."}, &stdout, &stderr); code != exitOK || !warningLine.MatchString(stderr.String()) {
		t.Errorf("verify: exit %d, stderr %q; want 0 and the warning", code, stderr.String())
	}
}

func TestWarningsAsErrorsFailAndWriteNothing(t *testing.T) {
	root := withWarner(t)
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"generate", "--warnings-as-errors", "-g", "warner", "./..."}, &stdout, &stderr); code != exitError {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitError, stderr.String())
	}
	if !warningLine.MatchString(stderr.String()) {
		t.Errorf("stderr = %q, want the positioned warning", stderr.String())
	}
	if _, err := os.Stat(filepath.Join(root, "zz_generated.warner.go")); !os.IsNotExist(err) {
		t.Errorf("--warnings-as-errors still wrote: %v", err)
	}
}

// The warnings corpus: input the anchors accept, with a harmless mistake
// (a marker on a kind of declaration where its anchor ignores it, a
// misspelled marker no selected generator reads) that metagen reports as
// a positioned warning. Run with --warnings-as-errors, each case fails
// with its warnings only (no error), all positioned, and writes nothing:
// without that flag the same run generates, as warnings do not fail a run
// (TestWarningsArePrintedAndDoNotFail). A case's args file holds more
// arguments (-g deepcopy).
func TestWarningsCorpus(t *testing.T) {
	cases, err := os.ReadDir("testdata/warnings")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 5 {
		t.Fatalf("only %d warnings cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name(), func(t *testing.T) {
			dir := filepath.Join("testdata", "warnings", c.Name())
			before := snapshot(t, dir)
			delete(before, "warnings.golden")
			args := append([]string{"generate", "--warnings-as-errors"}, caseArgs(t, dir)...)
			var stdout, stderr bytes.Buffer
			if code := Run(append(args, "./"+dir), &stdout, &stderr); code != exitError {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, exitError, stderr.String())
			}
			after := snapshot(t, dir)
			delete(after, "warnings.golden")
			if !equalSnapshots(before, after) {
				t.Errorf("files changed in %s", dir)
			}
			for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
				if !warningPositioned.MatchString(line) || !strings.Contains(line, filepath.ToSlash(dir)) {
					t.Errorf("not a positioned warning of the case: %q", line)
				}
			}
			compareGolden(t, filepath.Join(dir, "warnings.golden"), stderr.Bytes())
		})
	}
}

var warningPositioned = regexp.MustCompile(`^testdata/warnings/[a-z-]+/[a-z_.]+\.go:\d+:\d+: warning: \S`)

func caseArgs(t *testing.T, dir string) []string {
	data, err := os.ReadFile(filepath.Join(dir, "args"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(data))
}

// The misspelled marker that is a warning for -g deepcopy is an error for
// a run whose generators read it, which says what the anchor does with it.
func TestMisspelledMarkerIsAnErrorWhereItIsRead(t *testing.T) {
	dir := filepath.Join("testdata", "warnings", "misspelled-kubebuilder-deepcopy-only")
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"generate", "./" + dir}, &stdout, &stderr); code != exitError {
		t.Fatalf("exit %d, want %d", code, exitError)
	}
	want := `types.go:4:5: unknown marker "+kubebuilder:validation:Minimun" (did you mean "+kubebuilder:validation:Minimum"?): controller-gen ignores unknown markers`
	if !strings.Contains(stderr.String(), want) || strings.Contains(stderr.String(), "warning:") {
		t.Errorf("stderr = %q, want the error %q", stderr.String(), want)
	}
}
