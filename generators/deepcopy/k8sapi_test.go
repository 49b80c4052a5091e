package deepcopy_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/generators/deepcopy"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/lint"
	"github.com/metagen-dev/metagen/generators/load"
)

// k8sAPIModule is the module whose deepcopy-gen output we must reproduce.
const k8sAPIModule = "k8s.io/api@v0.37.2"

var k8sRounds = flag.Int("k8sapi.rounds", 20, "random values per type in TestK8sAPI (env METAGEN_K8SAPI_ROUNDS overrides)")

// TestK8sAPI regenerates every zz_generated.deepcopy.go of k8s.io/api
// v0.37.2 and checks that we write the same methods (receiver and name) as
// deepcopy-gen did in every package, that the module still builds, and that
// each generated DeepCopy passes the reflection oracle on random values.
//
// It copies the module from the module cache into a temporary directory, so
// it takes a few minutes; it is skipped with -short.
func TestK8sAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates and fuzzes all of k8s.io/api; skipped with -short")
	}
	start := time.Now()
	work := filepath.Join(t.TempDir(), "api")
	copyTree(t, moduleDir(t, k8sAPIModule), work)
	upstream := moveAsideUpstream(t, work)

	ours := generateInto(t, work)
	generated := time.Since(start)
	types := compareWithUpstream(t, upstream, ours)
	if t.Failed() {
		return
	}

	rounds := roundsFromEnv(t)
	packages := writeOracleTests(t, work, ours, rounds)
	runK8sOracle(t, work, packages)
	t.Logf("k8s.io/api: %d packages, %d types checked with %d rounds each; generation %s, total %s",
		len(ours), types, rounds, generated.Round(time.Millisecond), time.Since(start).Round(time.Second))
}

func roundsFromEnv(t *testing.T) int {
	if env := os.Getenv("METAGEN_K8SAPI_ROUNDS"); env != "" {
		var rounds int
		if _, err := fmt.Sscan(env, &rounds); err != nil || rounds < 1 {
			t.Fatalf("METAGEN_K8SAPI_ROUNDS=%q: want a positive number", env)
		}
		return rounds
	}
	return *k8sRounds
}

// moduleDir asks the go command where the module is cached; the repository's
// go.sum pins it, so no network is needed once it is downloaded.
func moduleDir(t *testing.T, module string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir = repoRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", module, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %s %v", module, info.Error, err)
	}
	return info.Dir
}

// copyTree copies a read-only module cache directory into a writable one.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(to, mustRel(t, from, path))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
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
}

// moveAsideUpstream removes deepcopy-gen's files and returns them by package
// directory (relative, slash-separated).
func moveAsideUpstream(t *testing.T, work string) map[string][]byte {
	t.Helper()
	upstream := map[string][]byte{}
	err := filepath.WalkDir(work, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "zz_generated.deepcopy.go" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		upstream[filepath.ToSlash(mustRel(t, work, filepath.Dir(path)))] = data
		return os.Remove(path)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(upstream) == 0 {
		t.Fatal("no zz_generated.deepcopy.go in " + k8sAPIModule)
	}
	return upstream
}

// generateInto loads ./... of the module at work once, runs the generator on
// every package as the pipeline does, and writes our files next to the
// inputs. It returns them by package directory.
func generateInto(t *testing.T, work string) map[string][]byte {
	t.Helper()
	universe, err := load.Load(load.Options{Dir: work, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	// Valid input stays valid: no mistake the run-wide checks find is an
	// error on k8s.io/api (a few harmless ones are warnings).
	lintErrs, lintWarnings := diag.Split(lint.Check(universe)...)
	for _, e := range lintErrs {
		t.Errorf("lint on k8s.io/api: %v", e)
	}
	t.Logf("lint on k8s.io/api: %d warnings, %d load warnings", len(lintWarnings), len(universe.Warnings))
	ours := map[string][]byte{}
	for _, pkg := range universe.Packages {
		if !deepcopy.Generator.Enabled(pkg) {
			continue
		}
		pass := &gen.Pass{Generator: deepcopy.Generator, Universe: universe, Package: pkg}
		if err := deepcopy.Generator.Run(pass); err != nil {
			t.Errorf("%s: %v", pkg.Path, err)
			continue
		}
		for _, f := range pass.Files() {
			content, err := gofile.Render(f.Code, gofile.Header{}, deepcopy.Generator.BuildConstraint)
			if err != nil {
				t.Fatalf("render %s: %v", f.Path, err)
			}
			if err := os.WriteFile(f.Path, content, 0o644); err != nil {
				t.Fatal(err)
			}
			ours[filepath.ToSlash(mustRel(t, work, filepath.Dir(f.Path)))] = content
		}
	}
	return ours
}

// compareWithUpstream fails on any package whose generated methods differ
// from deepcopy-gen's, and logs how many function bodies read the same. It
// returns the number of types that got DeepCopy.
func compareWithUpstream(t *testing.T, upstream, ours map[string][]byte) int {
	t.Helper()
	for _, dir := range sortedKeys(upstream) {
		if _, ok := ours[dir]; !ok {
			t.Errorf("%s: deepcopy-gen wrote zz_generated.deepcopy.go, we wrote nothing", dir)
		}
	}
	types, same, total := 0, 0, 0
	var differing []string
	for _, dir := range sortedKeys(ours) {
		want, ok := upstream[dir]
		if !ok {
			t.Errorf("%s: we wrote zz_generated.deepcopy.go, deepcopy-gen did not", dir)
			continue
		}
		wantFuncs, gotFuncs := copyMethods(t, want, dropRedundant), copyMethods(t, ours[dir], nil)
		if missing, extra := setDifference(wantFuncs, gotFuncs), setDifference(gotFuncs, wantFuncs); len(missing)+len(extra) > 0 {
			t.Errorf("%s: methods differ from deepcopy-gen's\n  missing: %v\n  extra:   %v", dir, missing, extra)
		}
		for key, body := range gotFuncs {
			if strings.HasSuffix(key, ".DeepCopy") {
				types++
			}
			if wantBody, ok := wantFuncs[key]; ok {
				total++
				if wantBody == body {
					same++
				} else {
					differing = append(differing, dir+" "+key)
				}
			}
		}
	}
	sort.Strings(differing)
	t.Logf("same methods as deepcopy-gen in %d packages; %d of %d function bodies are identical (less deepcopy-gen's redundant return and out.F = in.F)", len(ours), same, total)
	if len(differing) > 0 {
		t.Logf("bodies that read differently (first 40 of %d): %s", len(differing), strings.Join(differing[:min(40, len(differing))], ", "))
	}
	return types
}

// copyMethods maps "(*T).Method" to the printed body, for every DeepCopy*
// method; normalize, when set, edits each body first.
func copyMethods(t *testing.T, src []byte, normalize func(*ast.BlockStmt)) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "zz_generated.deepcopy.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || !strings.HasPrefix(fn.Name.Name, "DeepCopy") {
			continue
		}
		if normalize != nil {
			normalize(fn.Body)
		}
		var recv, body bytes.Buffer
		printer.Fprint(&recv, fset, fn.Recv.List[0].Type)
		printer.Fprint(&body, fset, fn.Body)
		out["("+recv.String()+")."+fn.Name.Name] = withoutBlankLines(body.String())
	}
	return out
}

// dropRedundant removes from a deepcopy-gen body the statements we do not
// write: the final bare return, and out.F = in.F after *out = *in.
func dropRedundant(body *ast.BlockStmt) {
	list := body.List
	if len(list) == 1 {
		if inner, ok := list[0].(*ast.BlockStmt); ok { // a value receiver's { in := &in ... }
			dropRedundant(inner)
			return
		}
	}
	var kept []ast.Stmt
	for _, stmt := range list {
		if ret, ok := stmt.(*ast.ReturnStmt); ok && len(ret.Results) == 0 {
			continue
		}
		if isSelfAssignment(stmt) {
			continue
		}
		kept = append(kept, stmt)
	}
	body.List = kept
}

// isSelfAssignment matches out.F = in.F.
func isSelfAssignment(stmt ast.Stmt) bool {
	assign, ok := stmt.(*ast.AssignStmt)
	if !ok || assign.Tok != token.ASSIGN || len(assign.Lhs) != 1 {
		return false
	}
	left, ok1 := assign.Lhs[0].(*ast.SelectorExpr)
	right, ok2 := assign.Rhs[0].(*ast.SelectorExpr)
	if !ok1 || !ok2 || left.Sel.Name != right.Sel.Name {
		return false
	}
	l, ok1 := left.X.(*ast.Ident)
	r, ok2 := right.X.(*ast.Ident)
	return ok1 && ok2 && l.Name == "out" && r.Name == "in"
}

// withoutBlankLines: removed statements leave blank lines behind in print.
func withoutBlankLines(s string) string {
	var lines []string
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) != "" {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

func setDifference(a, b map[string]string) []string {
	var out []string
	for key := range a {
		if _, ok := b[key]; !ok {
			out = append(out, key)
		}
	}
	sort.Strings(out)
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

// oraclePackage is where the copied oracle lives inside the k8s.io/api copy;
// a copy keeps that module free of a dependency on this one (and its go.sum).
const oraclePackage = "zz_metagen/copyoracle"

// writeOracleTests copies the oracle into the module and writes, next to each
// of our files, a test that checks every type that got DeepCopy. It returns
// the packages to test.
func writeOracleTests(t *testing.T, work string, ours map[string][]byte, rounds int) []string {
	t.Helper()
	copyOracle(t, filepath.Join(work, filepath.FromSlash(oraclePackage)))
	var packages []string
	for _, dir := range sortedKeys(ours) {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "zz_generated.deepcopy.go", ours[dir], parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		test := k8sOracleTest(file.Name.Name, copyMethods(t, ours[dir], nil), rounds)
		if err := os.WriteFile(filepath.Join(work, filepath.FromSlash(dir), oracleTestFile), test, 0o644); err != nil {
			t.Fatal(err)
		}
		packages = append(packages, "./"+dir)
	}
	return packages
}

func copyOracle(t *testing.T, to string) {
	t.Helper()
	from := filepath.Join(repoRoot(t), "metagentest", "copyoracle")
	sources, err := filepath.Glob(filepath.Join(from, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, source := range sources {
		if strings.HasSuffix(source, "_test.go") {
			continue
		}
		data, err := os.ReadFile(source)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, filepath.Base(source)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// k8sOracleTest checks each receiver of DeepCopy: (*T) with CheckDeepCopy,
// (T) (named maps and slices) with CheckDeepCopyValue.
func k8sOracleTest(pkgName string, methods map[string]string, rounds int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\nimport (\n\t\"testing\"\n\n\t\"sigs.k8s.io/randfill\"\n\n\t%q\n)\n\n", pkgName, "k8s.io/api/"+oraclePackage)
	b.WriteString("func TestMetagenDeepCopyOracle(t *testing.T) {\n")
	b.WriteString("\topts := []copyoracle.Option{copyoracle.WithFiller(func(f *randfill.Filler) { f.MaxDepth(24) })}\n")
	for _, key := range sortedKeys(methods) {
		recv, ok := strings.CutSuffix(key, ".DeepCopy")
		if !ok {
			continue
		}
		recv = strings.Trim(recv, "()")
		if name, pointer := strings.CutPrefix(recv, "*"); pointer {
			fmt.Fprintf(&b, "\tt.Run(%q, func(t *testing.T) { copyoracle.CheckDeepCopy[%s](t, %d, opts...) })\n", name, name, rounds)
		} else {
			fmt.Fprintf(&b, "\tt.Run(%q, func(t *testing.T) { copyoracle.CheckDeepCopyValue[%s](t, %d, opts...) })\n", name, name, rounds)
		}
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// runK8sOracle builds and runs the oracle tests in the k8s.io/api copy.
func runK8sOracle(t *testing.T, work string, packages []string) {
	t.Helper()
	args := append([]string{"test", "-count=1", "-vet=off", "-run=TestMetagenDeepCopyOracle"}, packages...)
	cmd := exec.Command("go", args...)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test in the k8s.io/api copy: %v\n%s", err, output)
	}
}
