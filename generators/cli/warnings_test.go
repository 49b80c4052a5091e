package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
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
