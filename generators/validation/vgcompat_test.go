package validation_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/validation"
)

// The differential against validation-gen's own output tests: every package
// of k8s.io/code-generator@v0.37.2's cmd/validation-gen/output_tests, with
// validation-gen's zz_generated.validations.go replaced by metagen's, must
// pass its doc_test.go (and validation-gen's fixture tests) unchanged.
const (
	vgModule      = "k8s.io/code-generator"
	vgVersion     = "v0.37.2"
	vgOutputTests = "cmd/validation-gen/output_tests"
	vgEnv         = "METAGEN_VALIDATIONGEN_OUTPUT_TESTS"
	vgPackages    = 150 // the output_tests packages with tests
)

// vgKnown are the output_tests packages (relative to output_tests) that are
// expected to fail with metagen's code, each with its reason. A package listed
// here that passes fails the test, so the list stays exact. "Deliberate:"
// marks a documented difference; "TODO:" one still to fix.
var vgKnown = map[string]string{
	// Deliberate differences.
	"multiple_packages/external":           "deliberate: +k8s:validation-gen-input (code generated into another package) is refused; metagen writes next to the types",
	"multiple_packages/registered":         "deliberate: +k8s:validation-gen-input is refused, as above",
	"public_private":                       "deliberate: validation tags on an unexported field are an error (validation-gen drops them silently)",
	"tags/options/discriminators":          "deliberate: +k8s:modeDiscriminator/+k8s:ifMode under +k8s:ifEnabled/ifDisabled is an error (validation-gen drops the option)",
	"tags/union/union/discriminated/empty": "deliberate: a union with a discriminator and no members is an error",
	"tags/levels/structs":                  "deliberate: +k8s:alpha inside +k8s:alpha (and beta in beta) is an error: a rule has one stability level",
	"tags/levels/listmapitem":              "deliberate: +k8s:alpha inside +k8s:alpha (and beta in beta) is an error, as above",
	"embedded": "deliberate: fields of an untagged embedded struct of a root type are reported at their JSON path (intField), " +
		"as encoding/json inlines them; validation-gen prefixes the Go type name at the root (T2.intField)",
	"tags/subfield/nonincluded": "deliberate: the embedded-struct path, as embedded (validation-gen: other.StructType.stringField; metagen: stringField)",
	"typedefs": "deliberate: a type defined from a struct (type E4 T2) has T2's fields and metagen validates their tags (e4.s); " +
		"validation-gen validates only E4's own tags",
	"cross_pkg":                   "deliberate: type E4 T2 across packages, as typedefs",
	"ratcheting/default_behavior": "deliberate: Test_StructStruct embeds structs untagged in a root type: the embedded-struct path, as embedded",
}

// TestValidationGenOutputTests copies validation-gen's output tests into a
// temporary k8s.io/code-generator module, regenerates their validation with
// metagen and runs them. Set METAGEN_VALIDATIONGEN_OUTPUT_TESTS=1 to run it
// (about 40s warm), and METAGEN_VALIDATIONGEN_OUTPUT_TESTS_DIR=<dir> to keep
// the generated module there.
func TestValidationGenOutputTests(t *testing.T) {
	if os.Getenv(vgEnv) != "1" {
		t.Skipf("set %s=1 to run validation-gen v0.37.2's output tests against metagen's code", vgEnv)
	}
	start := time.Now()
	root := repoRoot(t)
	src := vgModuleDir(t, root)
	dir := t.TempDir()
	if keep := os.Getenv(vgEnv + "_DIR"); keep != "" {
		// Keep the module for a look afterwards.
		if err := os.RemoveAll(keep); err != nil {
			t.Fatal(err)
		}
		dir = keep
	}
	copyVGModule(t, src, dir, root)

	// Generate, one package at a time, so that a package metagen refuses
	// leaves the others to run.
	universe, err := load.Load(load.Options{Dir: dir, Patterns: []string{"./" + vgOutputTests + "/..."}})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	base := filepath.Join(dir, filepath.FromSlash(vgOutputTests))
	genErrors := map[string]string{}
	state := &gen.RunState{}
	for _, pkg := range universe.Packages {
		if !validation.Generator.Enabled(pkg) {
			continue
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg.Path, vgModule+"/"+vgOutputTests), "/")
		files, errs := runGenerator(validation.Generator, universe, pkg, state)
		if len(errs) > 0 {
			var lines []string
			for _, e := range errs {
				lines = append(lines, strings.ReplaceAll(e.Error(), base+string(filepath.Separator), ""))
			}
			genErrors[rel] = strings.Join(lines, "; ")
			continue
		}
		for path, content := range files {
			if err := os.WriteFile(path, content, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	genTime := time.Since(start)

	results := runVGTests(t, dir)
	var pkgs []string
	for p := range results {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	pass, testsTotal, testsPass := 0, 0, 0
	var report []string
	for _, p := range pkgs {
		r := results[p]
		testsTotal += r.tests
		testsPass += r.passed
		ok := r.ok && genErrors[p] == ""
		if ok {
			pass++
		}
		reason, known := vgKnown[p]
		switch {
		case ok && known:
			t.Errorf("%s passes now: remove it from vgKnown (%s)", p, reason)
		case !ok && known:
			report = append(report, fmt.Sprintf("  known  %s: %s", p, reason))
		case !ok:
			why := genErrors[p]
			if why == "" {
				why = r.failure()
			}
			t.Errorf("%s fails: %s", p, why)
			report = append(report, fmt.Sprintf("  FAIL   %s: %s", p, firstLine(why)))
		}
	}
	if len(pkgs) != vgPackages {
		t.Errorf("go test ran %d packages with tests, want %d", len(pkgs), vgPackages)
	}
	for p := range vgKnown {
		if _, ok := results[p]; !ok {
			t.Errorf("vgKnown lists %s, which has no tests", p)
		}
	}
	summary := fmt.Sprintf("validation-gen output_tests: packages=%d pass=%d (tests=%d pass=%d; generation %s, total %s)",
		len(pkgs), pass, testsTotal, testsPass, genTime.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	t.Log(summary + "\n" + strings.Join(report, "\n"))
	fmt.Println(summary)
}

// vgModuleDir downloads k8s.io/code-generator@v0.37.2 into the module cache.
func vgModuleDir(t *testing.T, root string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", vgModule+"@"+vgVersion)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s@%s: %v\n%s", vgModule, vgVersion, err, out)
	}
	var info struct{ Dir string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download -json: %v\n%s", err, out)
	}
	return info.Dir
}

// copyVGModule makes dir a k8s.io/code-generator module holding only the
// output tests and the test scheme, without validation-gen's generated
// validation, that requires metagen (replaced by the repository) for the
// packages metagen's code imports.
func copyVGModule(t *testing.T, src, dir, root string) {
	t.Helper()
	for _, sub := range []string{vgOutputTests, "cmd/validation-gen/testscheme"} {
		from := filepath.Join(src, filepath.FromSlash(sub))
		err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, path)
			to := filepath.Join(dir, rel)
			if d.IsDir() {
				return os.MkdirAll(to, 0o755)
			}
			if d.Name() == "zz_generated.validations.go" {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(to, data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	goMod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goMod = append(goMod, []byte("\nrequire github.com/metagen-dev/metagen v0.0.0\n\nreplace github.com/metagen-dev/metagen => "+root+"\n")...)
	// The union of both go.sum files covers the requirements of both.
	var sum []byte
	for _, f := range []string{filepath.Join(src, "go.sum"), filepath.Join(root, "go.sum")} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sum = append(sum, data...)
	}
	for name, data := range map[string][]byte{"go.mod": goMod, "go.sum": sum} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// vgResult is one package's go test outcome.
type vgResult struct {
	ok      bool
	tests   int // top-level tests run
	passed  int
	failed  []string // failing tests, top-level and subtests
	output  []string // the package's output, for build failures
	started bool
}

func (r *vgResult) failure() string {
	if len(r.failed) > 0 {
		return "failing tests: " + strings.Join(r.failed, ", ")
	}
	var lines []string
	for _, l := range r.output {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "FAIL") && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) > 6 {
		lines = lines[:6]
	}
	return strings.Join(lines, " | ")
}

// runVGTests runs go test -json on the output tests and returns the packages
// with tests, by path relative to output_tests.
func runVGTests(t *testing.T, dir string) map[string]*vgResult {
	t.Helper()
	cmd := exec.Command("go", "test", "-count=1", "-json", "./"+vgOutputTests+"/...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	results := map[string]*vgResult{}
	get := func(pkg string) *vgResult {
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg, vgModule+"/"+vgOutputTests), "/")
		r := results[rel]
		if r == nil {
			r = &vgResult{}
			results[rel] = r
		}
		return r
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	noTests := map[string]bool{}
	for sc.Scan() {
		var ev struct {
			Action, Package, Test, Output, ImportPath string
		}
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			continue
		}
		if ev.Action == "build-output" {
			pkg, _, _ := strings.Cut(ev.ImportPath, " ")
			get(pkg).output = append(get(pkg).output, ev.Output)
			continue
		}
		if ev.Package == "" {
			continue
		}
		r := get(ev.Package)
		switch {
		case ev.Action == "output":
			r.output = append(r.output, ev.Output)
			if strings.Contains(ev.Output, "[no test files]") {
				noTests[ev.Package] = true
			}
		case ev.Test == "" && ev.Action == "pass":
			r.ok = true
		case ev.Test == "" && ev.Action == "fail":
			r.ok = false
		case ev.Action == "run" && !strings.Contains(ev.Test, "/"):
			r.tests++
		case ev.Action == "pass" && !strings.Contains(ev.Test, "/"):
			r.passed++
		case ev.Action == "fail":
			r.failed = append(r.failed, ev.Test)
		}
	}
	// Build failures are reported against the package too, with their
	// compiler output on stderr or in the build-output events.
	for p := range noTests {
		delete(results, strings.TrimPrefix(strings.TrimPrefix(p, vgModule+"/"+vgOutputTests), "/"))
	}
	if len(results) == 0 {
		t.Fatalf("go test ran no package:\n%s", stderr.String())
	}
	if s := strings.TrimSpace(stderr.String()); s != "" {
		t.Logf("go test stderr:\n%s", s)
	}
	return results
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// runGenerator runs g on pkg and renders its files, by path.
func runGenerator(g *gen.Generator, universe *model.Universe, pkg *model.Package, state *gen.RunState) (map[string][]byte, []error) {
	pass := &gen.Pass{Generator: g, Universe: universe, Package: pkg, RunState: state}
	if err := g.Run(pass); err != nil {
		return nil, diag.Unwrap(err)
	}
	if state != nil { // the package's problems are its Prepare's (the run's): those in its directory
		var errs []error
		for _, e := range state.ErrorsOf([]*gen.Generator{g}) {
			if strings.HasPrefix(diag.PositionOf(e).Filename, pkg.Dir+string(filepath.Separator)) {
				errs = append(errs, e)
			}
		}
		if len(errs) > 0 {
			return nil, errs
		}
	}
	files := map[string][]byte{}
	for _, f := range pass.Files() {
		content, err := gofile.Render(f.Code, gofile.Header{}, g.BuildConstraint)
		if err != nil {
			return nil, []error{fmt.Errorf("render %s: %w", f.Path, err)}
		}
		files[f.Path] = content
	}
	return files, nil
}
