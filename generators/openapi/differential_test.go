package openapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/metagen-dev/metagen/internal/golden"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/internal/anchors"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// openAPIGenVersion is the kube-openapi whose openapi-gen we must match:
// the version in go.mod.
const openAPIGenVersion = "v0.0.0-20260821135717-be32def86098"

// TestAgainstOpenAPIGen runs openapi-gen and our generator (compatible
// with openapi-gen) on the golden cases, compiles both outputs into one
// program that serializes both definition maps to JSON, and requires the
// same definitions. It also counts the schema functions that read the same
// once import names are resolved.
func TestAgainstOpenAPIGen(t *testing.T) {
	if testing.Short() {
		t.Skip("builds openapi-gen and a program over the golden cases; skipped with -short")
	}
	work := t.TempDir()
	writeModule(t, work, "metagen.test/openapi")
	var dirs []string
	for _, name := range caseNames(t) {
		if _, err := os.Stat(filepath.Join("testdata", name, "want", errorsFile)); err == nil || noDifferential[name] {
			continue
		}
		copyTree(t, filepath.Join("testdata", name), filepath.Join(work, name), "want")
		for _, pattern := range casePatterns(t, name) {
			dirs = append(dirs, strings.TrimPrefix(pattern, "./generators/openapi/testdata/"))
		}
	}
	rewriteImports(t, work, "github.com/metagen-dev/metagen/generators/openapi/testdata/", "metagen.test/openapi/")
	owned := func(name string) bool {
		return strings.HasPrefix(name, "metagen.test/openapi/") || strings.HasPrefix(name, "com.example.")
	}
	result := differential(t, work, "metagen.test/openapi", dirs, owned)
	t.Logf("golden cases: %s", result)
}

// noDifferential are cases openapi-gen cannot take: it fails on them, or
// they test what we add.
var noDifferential = map[string]bool{
	"handnamed": true, // openapi-gen declares a second OpenAPIModelName
}

// diffResult sums up one differential run.
type diffResult struct {
	definitions, same     int
	violations            int
	sameViolations        bool
	functions, sameText   int
	ours, theirs, elapsed time.Duration
}

func (r diffResult) String() string {
	return fmt.Sprintf("%d/%d definitions equal; %d/%d schema functions identical after resolving imports; API rule report (%d violations) identical: %v; openapi-gen %s, metagen %s",
		r.same, r.definitions, r.sameText, r.functions, r.violations, r.sameViolations, r.theirs.Round(time.Millisecond), r.ours.Round(time.Millisecond))
}

// differential generates with both tools in the module at work for the
// package directories (relative, slash-separated) and compares the
// definitions of those packages; owned tells their names.
//
// openapi-gen also gets the Kubernetes packages they import as read-only
// inputs, as Kubernetes runs it: only for its inputs does it see the
// +k8s:openapi-model-package that names a type (such as metav1.ObjectMeta)
// by its OpenAPIModelName. We see the method in the export data.
func differential(t *testing.T, work, module string, dirs []string, owned func(string) bool) diffResult {
	t.Helper()
	var result diffResult
	readonly := kubernetesImports(loadDirs(t, work, dirs))
	start := time.Now()
	runOpenAPIGen(t, work, module, dirs, readonly)
	result.theirs = time.Since(start)

	// After openapi-gen, which wrote OpenAPIModelName methods next to the
	// inputs: we see them and write none.
	start = time.Now()
	universe := loadDirs(t, work, dirs)
	ours := generateCompatible(t, universe)
	result.ours = time.Since(start)
	result.violations, result.sameViolations = compareAPIRules(t, work, universe)

	oursJSON, theirsJSON := dumpDefinitions(t, work, module, ours)
	for name := range theirsJSON {
		if !owned(name) {
			delete(theirsJSON, name)
		}
	}
	result.definitions, result.same = compareDefinitions(t, oursJSON, theirsJSON)
	upstream, err := os.ReadFile(filepath.Join(work, "openapigen", openapi.OutputFile))
	if err != nil {
		t.Fatal(err)
	}
	result.functions, result.sameText = compareFunctions(t, upstream, packagesOf(t, work, module, ours))
	return result
}

// compareAPIRules compares our API rule report with openapi-gen's, for the
// packages of the universe (openapi-gen also linted its read-only inputs).
func compareAPIRules(t *testing.T, work string, universe *model.Universe) (int, bool) {
	t.Helper()
	ours := openapi.APIRuleViolations(universe)
	inputs := map[string]bool{}
	for _, pkg := range universe.Packages {
		inputs[pkg.Path] = true
	}
	var theirs []string
	for _, line := range strings.Split(readFile(t, filepath.Join(work, "api-rules.list")), "\n") {
		fields := strings.Split(strings.TrimPrefix(line, "API rule violation: "), ",")
		if len(fields) == 4 && inputs[fields[1]] {
			theirs = append(theirs, line)
		}
	}
	sort.Strings(theirs)
	if strings.Join(ours, "\n") != strings.Join(theirs, "\n") {
		t.Errorf("API rule reports differ:\n%s", golden.LineDiff(strings.Join(theirs, "\n"), strings.Join(ours, "\n")))
		return len(theirs), false
	}
	return len(theirs), true
}

// writeModule makes work a module with our go.mod's requirements, so the
// build uses the module cache as the repository does.
func writeModule(t *testing.T, work, module string) {
	t.Helper()
	root := repoRoot(t)
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(mod), "\n", 2)
	testfile.Write(t, filepath.Join(work, "go.mod"), []byte("module "+module+"\n"+lines[1]))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	testfile.Write(t, filepath.Join(work, "go.sum"), sum)
}

// runOpenAPIGen writes openapi-gen's output to <work>/openapigen, and its
// OpenAPIModelName methods next to the inputs, as Kubernetes runs it.
func runOpenAPIGen(t *testing.T, work, module string, dirs, readonly []string) {
	t.Helper()
	args := []string{
		"--output-dir", filepath.Join(work, "openapigen"),
		"--output-pkg", module + "/openapigen",
		"--output-file", openapi.OutputFile,
		"--output-model-name-file", "zz_generated.model_name.go",
		"--report-filename", filepath.Join(work, "api-rules.list"),
		"--go-header-file", os.DevNull,
	}
	for _, pkg := range readonly {
		args = append(args, "--readonly-pkg", pkg)
	}
	for _, dir := range dirs {
		args = append(args, "./"+dir)
	}
	args = append(args, readonly...)
	bins, err := anchors.Install(t.Context(), nil, openAPIGenVersion, "k8s.io/kube-openapi/cmd/openapi-gen")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bins["openapi-gen"], args...)
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("openapi-gen: %v\n%s", err, tail(string(out), 30))
	}
}

func loadDirs(t *testing.T, work string, dirs []string) *model.Universe {
	t.Helper()
	var patterns []string
	for _, dir := range dirs {
		patterns = append(patterns, "./"+dir)
	}
	universe, err := load.Load(load.Options{Dir: work, Patterns: patterns})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return universe
}

// kubernetesImports are the k8s.io packages the inputs import.
func kubernetesImports(universe *model.Universe) []string {
	seen := map[string]bool{}
	for _, pkg := range universe.Packages {
		for _, imp := range pkg.Types.Imports() {
			if strings.HasPrefix(imp.Path(), "k8s.io/") && !seen[imp.Path()] {
				seen[imp.Path()] = true
			}
		}
	}
	for _, pkg := range universe.Packages {
		delete(seen, pkg.Path)
	}
	return sortedKeys(seen)
}

// generateCompatible runs our generator, compatible with openapi-gen, on
// the packages and writes its files next to them. It returns them by path.
func generateCompatible(t *testing.T, universe *model.Universe) map[string][]byte {
	t.Helper()
	g := openapi.New(openapi.Options{Compat: true})
	files := map[string][]byte{}
	for path, f := range runGenerator(t, universe, g) {
		if f.Code == nil {
			continue // the API rule report
		}
		content := render(t, f)
		testfile.Write(t, path, content)
		files[path] = content
	}
	return files
}

// dumpDefinitions builds and runs a program that serializes both maps of
// definitions: the union of our packages' and openapi-gen's.
func dumpDefinitions(t *testing.T, work, module string, ours map[string][]byte) (map[string]json.RawMessage, map[string]json.RawMessage) {
	t.Helper()
	var imports, calls []string
	for i, path := range sortedKeys(ours) {
		rel, err := filepath.Rel(work, filepath.Dir(path))
		if err != nil {
			t.Fatal(err)
		}
		imports = append(imports, fmt.Sprintf("p%d %q", i, module+"/"+filepath.ToSlash(rel)))
		calls = append(calls, fmt.Sprintf("p%d.GetOpenAPIDefinitions", i))
	}
	program := fmt.Sprintf(dumpProgram, strings.Join(imports, "\n\t"), strconv.Quote(module+"/openapigen"), strings.Join(calls, ",\n\t\t"))
	testfile.Write(t, filepath.Join(work, "cmd", "dump", "main.go"), []byte(program))
	oursFile, theirsFile := filepath.Join(work, "ours.json"), filepath.Join(work, "theirs.json")
	cmd := exec.Command("go", "run", "./cmd/dump", oursFile, theirsFile)
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building and running the dump program: %v\n%s", err, tail(string(out), 40))
	}
	return readDump(t, oursFile), readDump(t, theirsFile)
}

const dumpProgram = `package main

import (
	"encoding/json"
	"os"

	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	%s
	upstream %s
)

func ref(name string) spec.Ref { return spec.MustCreateRef("#/definitions/" + name) }

func dump(path string, gets ...common.GetOpenAPIDefinitions) {
	all := map[string]common.OpenAPIDefinition{}
	for _, get := range gets {
		for name, def := range get(ref) {
			all[name] = def
		}
	}
	data, err := json.Marshal(all)
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		panic(err)
	}
}

func main() {
	dump(os.Args[1],
		%s,
	)
	dump(os.Args[2], upstream.GetOpenAPIDefinitions)
}
`

func readDump(t *testing.T, path string) map[string]json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// compareDefinitions fails on any definition that differs or exists on one
// side only, and returns how many there are and how many are equal.
func compareDefinitions(t *testing.T, ours, theirs map[string]json.RawMessage) (total, same int) {
	t.Helper()
	for _, name := range sortedKeys(theirs) {
		if _, ok := ours[name]; !ok {
			t.Errorf("openapi-gen defines %s, we do not", name)
		}
	}
	for _, name := range sortedKeys(ours) {
		want, ok := theirs[name]
		if !ok {
			t.Errorf("we define %s, openapi-gen does not", name)
			continue
		}
		total++
		var a, b any
		json.Unmarshal(ours[name], &a)
		json.Unmarshal(want, &b)
		if reflect.DeepEqual(a, b) {
			same++
			continue
		}
		t.Errorf("%s differs:\n  ours:   %s\n  theirs: %s", name, firstDifference(a, b, ""), firstDifference(b, a, ""))
	}
	return total, same
}

// firstDifference describes where a first differs from b, by JSON path.
func firstDifference(a, b any, path string) string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		for _, key := range sortedKeys(am) {
			if !reflect.DeepEqual(am[key], bm[key]) {
				return firstDifference(am[key], bm[key], path+"/"+key)
			}
		}
		for _, key := range sortedKeys(bm) {
			if _, ok := am[key]; !ok {
				return path + "/" + key + " missing"
			}
		}
	}
	data, _ := json.Marshal(a)
	return path + " = " + string(data)
}

// packagesOf keys our files by their import path.
func packagesOf(t *testing.T, work, module string, files map[string][]byte) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for path, content := range files {
		rel, err := filepath.Rel(work, filepath.Dir(path))
		if err != nil {
			t.Fatal(err)
		}
		out[module+"/"+filepath.ToSlash(rel)] = content
	}
	return out
}

// compareFunctions compares openapi-gen's schema functions with ours (by
// import path), with package names resolved to import paths, and returns
// how many there are and how many read the same.
func compareFunctions(t *testing.T, upstream []byte, ours map[string][]byte) (total, same int) {
	t.Helper()
	theirs := schemaFunctions(t, upstream, "")
	mine := map[string]string{}
	for path, content := range ours {
		for name, body := range schemaFunctions(t, content, path) {
			mine[name] = body
		}
	}
	var differing []string
	for _, name := range sortedKeys(mine) {
		total++
		if mine[name] == theirs[name] {
			same++
		} else {
			differing = append(differing, name)
		}
	}
	if len(differing) > 0 {
		sort.Strings(differing)
		t.Logf("%d schema functions read differently, e.g. %s:\n%s", len(differing), differing[0], golden.LineDiff(theirs[differing[0]], mine[differing[0]]))
	}
	return total, same
}

// schemaFunctions returns the printed bodies of the schema_ functions of a
// file, each identifier of an imported package replaced by its import path,
// and the types of the file's own package (self) qualified by it.
func schemaFunctions(t *testing.T, src []byte, self string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	imports := map[string]string{}
	for _, spec := range file.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		name := filepath.Base(path)
		if spec.Name != nil {
			name = spec.Name.Name
		}
		imports[name] = path
	}
	out := map[string]string{}
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || !strings.HasPrefix(fn.Name.Name, "schema_") {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok && imports[id.Name] != "" {
					id.Name = strconv.Quote(imports[id.Name])
				}
			case *ast.CompositeLit:
				if id, ok := n.Type.(*ast.Ident); ok && self != "" && ast.IsExported(id.Name) {
					n.Type = &ast.SelectorExpr{X: ast.NewIdent(strconv.Quote(self)), Sel: id}
				}
			case *ast.KeyValueExpr: // Default: SomeConstant
				if id, ok := n.Value.(*ast.Ident); ok && self != "" && ast.IsExported(id.Name) {
					n.Value = &ast.SelectorExpr{X: ast.NewIdent(strconv.Quote(self)), Sel: id}
				}
			}
			return true
		})
		var buf bytes.Buffer
		printer.Fprint(&buf, token.NewFileSet(), fn.Body)
		out[fn.Name.Name] = buf.String()
	}
	return out
}

// rewriteImports moves the cases' imports of each other into the module.
func rewriteImports(t *testing.T, dir, from, to string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(path, bytes.ReplaceAll(data, []byte(`"`+from), []byte(`"`+to)), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyTree copies a directory, skipping the named subdirectories.
func copyTree(t *testing.T, from, to string, skip ...string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			for _, s := range skip {
				if d.Name() == s {
					return filepath.SkipDir
				}
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
