package cli

import (
	"bytes"
	"flag"
	"github.com/metagen-dev/metagen/generators/markers"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the errors.golden files")

// Every malformed case must fail with positioned errors, exit non-zero, and
// leave every file of the case exactly as it was.
func TestMalformedInputChangesNothing(t *testing.T) {
	cases, err := os.ReadDir("testdata/malformed")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 20 {
		t.Fatalf("only %d malformed cases; keep at least 20", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name(), func(t *testing.T) {
			dir := filepath.Join("testdata", "malformed", c.Name())
			before := snapshot(t, dir)
			var stdout, stderr bytes.Buffer
			code := Run([]string{"generate", "./" + dir}, &stdout, &stderr)
			if code != exitError {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, exitError, stderr.String())
			}
			if after := snapshot(t, dir); !equalSnapshots(before, after) {
				t.Errorf("files changed in %s", dir)
			}
			checkPositioned(t, dir, stderr.String())
			compareGolden(t, filepath.Join(dir, "errors.golden"), stderr.Bytes())
		})
	}
}

var positionedLine = regexp.MustCompile(`^testdata/malformed/[a-z-]+/[a-z_.]+\.go:\d+:\d+: \S`)

func checkPositioned(t *testing.T, dir, stderr string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if stderr == "" {
		t.Fatal("no error printed")
	}
	for i, line := range lines {
		if i == len(lines)-1 && strings.HasPrefix(line, "metagen: nothing written; fix the markers above") {
			continue // the hint after marker problems (markerHint)
		}
		if !positionedLine.MatchString(line) || !strings.Contains(line, filepath.ToSlash(dir)) {
			t.Errorf("error without a position in the case: %q", line)
		}
	}
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./generators/cli -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("errors differ from %s:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == "errors.golden" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(data)
	}
	return files
}

func equalSnapshots(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for name, content := range a {
		if b[name] != content {
			return false
		}
	}
	return true
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"generate", "-g", "deepcopi", "./testdata/malformed/any-field"}, `unknown generator "deepcopi"`},
		{[]string{"generate", "--header-file", "testdata/not-comments.txt", "./testdata/malformed/any-field"}, "header file must contain only Go comments"},
		{[]string{"generate", "--header-file", "/dev/zero", "./testdata/malformed/any-field"}, "/dev/zero is not a regular file"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"help", "+metagen:name-fromat"}, `did you mean "+metagen:name-format"?`},
	} {
		var stdout, stderr bytes.Buffer
		if code := Run(tc.args, &stdout, &stderr); code != exitError {
			t.Errorf("%v: exit %d, want %d", tc.args, code, exitError)
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: stderr %q, want it to contain %q", tc.args, stderr.String(), tc.want)
		}
	}
}

func TestHelpListsEveryDialect(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"help", "markers"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"+k8s:deepcopy-gen=…", "+genclient:nonNamespaced", "+kubebuilder:validation:Minimum=…", "+k8s:minimum=…", "+metagen:name-format=…", "+metagen:validation-for=…", "+listType=…", `"+name:=value" means "+name=value"`} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("help markers lacks %q", want)
		}
	}
	stdout.Reset()
	if code := Run([]string{"help", "deepcopy"}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "zz_generated.deepcopy.go") {
		t.Errorf("help deepcopy: exit %d, %q", code, stdout.String())
	}
	stdout.Reset()
	if code := Run([]string{"version"}, &stdout, &stderr); code != exitOK || !strings.HasPrefix(stdout.String(), "metagen ") {
		t.Errorf("version: exit %d, %q", code, stdout.String())
	}
}

// The usage text and "help COMMAND" name every flag of every command.
func TestUsageNamesEveryFlag(t *testing.T) {
	var f pipelineFlags
	pipelineFlagSet("generate", &f).VisitAll(func(fl *flag.Flag) {
		if !regexp.MustCompile(`\[--?` + fl.Name + `[\] =]`).MatchString(usage) {
			t.Errorf("usage lacks generate's -%s", fl.Name)
		}
	})
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"help", "serve"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("help serve: exit %d: %s", code, stderr.String())
	}
	serveFlags := regexp.MustCompile(`(?m)^  -([a-z-]+)`).FindAllStringSubmatch(stdout.String(), -1)
	if len(serveFlags) < 7 {
		t.Fatalf("help serve lists %d flags:\n%s", len(serveFlags), stdout.String())
	}
	for _, m := range serveFlags {
		if !strings.Contains(usage, "--"+m[1]) {
			t.Errorf("usage lacks serve's --%s", m[1])
		}
	}
	for _, command := range []string{"generate", "verify"} {
		stdout.Reset()
		if code := Run([]string{"help", command}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "-tags") {
			t.Errorf("help %s: exit %d:\n%s", command, code, stdout.String())
		}
	}
}

// help markers is a table per family, headed, wrapped to 100 columns, each
// marker with the generator that reads it.
func TestHelpMarkersIsATable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	Run([]string{"help", "markers"}, &stdout, &stderr)
	out := stdout.String()
	for _, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n > markerWidth {
			t.Errorf("line of %d characters: %q", n, line)
		}
	}
	families := map[string]bool{}
	for _, def := range markers.All() {
		families[def.Dialect] = true
	}
	if got := strings.Count(out, "\n  MARKER "); got != len(families) {
		t.Errorf("%d table headers for %d families", got, len(families))
	}
	row := regexp.MustCompile(`(?m)^  \+k8s:maxLength=…\s+type, field\s+int\s+\(see below\)\n\s+Read by openapi, validation\. `)
	if res := regexp.MustCompile(`(?m)^  \+kubebuilder:resource:key=value,…\s+type\s+text\s+\(see below\)\n\s+Read by crd, validation\. `); !res.MatchString(out) {
		t.Errorf("no row for +kubebuilder:resource read by crd and validation (issue 33: it said openapi):\n%s", out)
	}
	if one := regexp.MustCompile(`(?m)^  \+kubebuilder:rbac:key=value,…\s+package, type\s+text\s+rbac$`); !one.MatchString(out) {
		t.Errorf("no row for +kubebuilder:rbac read by rbac alone:\n%s", out)
	}
	if !row.MatchString(out) {
		t.Errorf("no row for +k8s:maxLength with its reader:\n%s", out)
	}
}
