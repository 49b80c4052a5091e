package golden

// The golden tests of the run-wide manifest generators (rbac, webhook):
// package-level marker comments in, a YAML manifest (or positioned errors)
// out, checked byte for byte against controller-gen with
// METAGEN_CONTROLLERGEN=1; and their bad input through the command line.

import (
	"bytes"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/manifest"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/internal/anchors"
)

// BuildManifest makes a generator's objects from the markers it reads.
type BuildManifest func(markers.Set) ([]any, []error)

// ManifestAnchor is how controller-gen v0.23.0 writes the generator's
// manifest: its generator argument (rbac:roleName=manager-role) and the
// file it writes into output:<Output>:artifacts:config.
type ManifestAnchor struct{ Generator, Output, File string }

// Manifests reads the package-level markers called names from each
// testdata/golden/<case>.go, builds them, and compares the manifest with
// <case>.yaml, or the positioned errors (file:line:col, the marker reading's
// and the build's) with <case>.errors (update rewrites them). A case has
// exactly one of the two. With METAGEN_CONTROLLERGEN=1, controller-gen must
// write each <case>.yaml byte for byte from the case alone.
func Manifests(t *testing.T, update bool, anchor ManifestAnchor, build BuildManifest, names ...string) {
	sources, err := filepath.Glob(filepath.Join("testdata", "golden", "*.go"))
	if err != nil || len(sources) == 0 {
		t.Fatalf("no cases in testdata/golden (%v)", err)
	}
	for _, source := range sources {
		base := strings.TrimSuffix(source, ".go")
		t.Run(filepath.Base(base), func(t *testing.T) {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, filepath.ToSlash(source), nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			found, misplaced, errs := markers.PackageLevel(fset, file, names...)
			if len(misplaced) > 0 {
				t.Fatalf("%s: markers in doc comments: %v", source, misplaced)
			}
			objects, buildErrs := build(found)
			errs = append(errs, buildErrs...)
			if len(errs) > 0 {
				var lines []string
				for _, e := range diag.Sort(errs) {
					lines = append(lines, e.Error())
				}
				compareManifest(t, update, base+".errors", strings.Join(lines, "\n")+"\n", base+".yaml")
				return
			}
			body, err := manifest.Documents("", objects...)
			if err != nil {
				t.Fatal(err)
			}
			compareManifest(t, update, base+".yaml", string(body), base+".errors")
			if os.Getenv("METAGEN_CONTROLLERGEN") == "1" {
				againstControllerGen(t, anchor, source, body)
			}
		})
	}
}

// compareManifest checks got against the file want; the other file of the
// case must not exist (a case either builds or fails).
func compareManifest(t *testing.T, update bool, want, got, other string) {
	t.Helper()
	if update {
		os.Remove(other)
		if err := os.WriteFile(want, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if _, err := os.Stat(other); err == nil {
		t.Errorf("%s exists, but the case gives %s:\n%s", other, filepath.Ext(want), got)
	}
	data, err := os.ReadFile(want)
	if err != nil {
		t.Fatalf("%v (go test -update); got:\n%s", err, got)
	}
	if string(data) != got {
		t.Errorf("%s differs (go test -update):\n%s", want, LineDiff(string(data), got))
	}
}

// againstControllerGen runs controller-gen on a module of the case's file.
func againstControllerGen(t *testing.T, anchor ManifestAnchor, source string, want []byte) {
	bins, err := anchors.Install(t.Context(), nil, "v0.23.0", "sigs.k8s.io/controller-tools/cmd/controller-gen")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	if err := os.MkdirAll(filepath.Join(work, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(source)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "p", filepath.Base(source)), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "go.mod"), []byte("module example.com/c\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bins["controller-gen"], anchor.Generator, "paths=./...", "output:"+anchor.Output+":artifacts:config=out")
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("controller-gen: %v\n%s", err, out)
	}
	got, err := os.ReadFile(filepath.Join(work, "out", anchor.File))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("controller-gen writes otherwise:\n%s", LineDiff(string(got), string(want)))
	}
}

var positioned = regexp.MustCompile(`^testdata/bad/[a-z0-9-]+/[a-z_]+\.go:\d+:\d+: `)

// CLI is the command line's entry point (cli.Run), passed in by the test
// so that this harness does not link the command line: generators/cli's own
// tests use the harness.
type CLI func(args []string, stdout, stderr io.Writer) int

// BadManifestInput runs `metagen generate -g generator --<generator>-dir
// testdata/bad/<case>/out ./testdata/bad/<case>` through run on each case: it
// must exit 2, print only positioned errors, each quoting one of the case's
// want-substrings (one per line of its want.txt), and change no file.
func BadManifestInput(t *testing.T, run CLI, generator string) {
	cases, err := os.ReadDir(filepath.Join("testdata", "bad"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no cases in testdata/bad (%v)", err)
	}
	for _, c := range cases {
		t.Run(c.Name(), func(t *testing.T) {
			dir := filepath.Join("testdata", "bad", c.Name())
			wantData, err := os.ReadFile(filepath.Join(dir, "want.txt"))
			if err != nil {
				t.Fatal(err)
			}
			out, err := filepath.Abs(filepath.Join(dir, "out"))
			if err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, dir)
			var stdout, stderr bytes.Buffer
			code := run([]string{"generate", "-g", generator, "--" + generator + "-dir", out, "./" + filepath.ToSlash(dir)}, &stdout, &stderr)
			if code != 2 {
				t.Errorf("exit code %d, want 2; stderr:\n%s", code, stderr.String())
			}
			if after := snapshot(t, dir); !maps.Equal(before, after) {
				t.Errorf("files changed in %s: before %v, after %v", dir, slices.Sorted(maps.Keys(before)), slices.Sorted(maps.Keys(after)))
			}
			wants := strings.Split(strings.TrimSpace(string(wantData)), "\n")
			var lines []string
			for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
				// The run's own closing lines ("metagen: nothing written; …",
				// what resolves the problems) are no errors of the case.
				if !strings.HasPrefix(line, "metagen: ") {
					lines = append(lines, line)
				}
			}
			for _, line := range lines {
				if !positioned.MatchString(line) {
					t.Errorf("not a positioned error in the case: %q", line)
				}
			}
			for _, want := range wants {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("no error says %q; stderr:\n%s", want, stderr.String())
				}
			}
			if len(lines) != len(wants) {
				t.Errorf("%d errors, want.txt expects %d:\n%s", len(lines), len(wants), stderr.String())
			}
		})
	}
}

// snapshot maps each file under dir to its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		files[path] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
