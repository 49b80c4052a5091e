package deepcopy_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/internal/golden"
)

func repoRoot(t *testing.T) string { return golden.RepoRoot(t) }

var oracleRounds = flag.Int("oracle.rounds", 50, "random values per type in TestOracle")

// oracleTestFile is the test file TestOracle adds to each case package.
const oracleTestFile = "zz_metagen_oracle_test.go"

// unexportedCases fill unexported (and blank) fields too; elsewhere the
// filler would reach into other packages' private state (time.Time's).
var unexportedCases = map[string]bool{"unexported": true, "blank": true}

// TestOracle checks the generated DeepCopy of every type of every golden
// case against the reflection oracle of metagentest/copyoracle: random values
// are copied, and the copy must be deeply equal and share no memory. The
// generated files and a generated test file are added to the case packages
// through go test -overlay, so testdata stays as it is, and one go test run
// compiles and checks every case.
func TestOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the testdata packages; skipped with -short")
	}
	overlay := map[string]string{}
	var packages []string
	tmp := t.TempDir()
	for _, name := range golden.CaseNames(t) {
		got := harness.Plan(t, name)
		if _, failed := got[golden.ErrorsFile]; failed {
			continue
		}
		universe, err := load.Load(load.Options{Dir: repoRoot(t), Patterns: harness.Patterns(t, name)})
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		dir, err := filepath.Abs(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		for rel, content := range got {
			overlay[filepath.Join(dir, filepath.FromSlash(rel))] = writeTemp(t, tmp, content)
		}
		for _, pkg := range universe.Packages {
			test := oracleTest(t, name, pkg, got[relToCase(t, dir, filepath.Join(pkg.Dir, "zz_generated.deepcopy.go"))])
			overlay[filepath.Join(pkg.Dir, oracleTestFile)] = writeTemp(t, tmp, test)
			packages = append(packages, "./"+filepath.ToSlash(mustRel(t, repoRoot(t), pkg.Dir)))
		}
	}
	runOverlayTests(t, tmp, overlay, packages)
}

func runOverlayTests(t *testing.T, tmp string, overlay map[string]string, packages []string) {
	t.Helper()
	data, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlayFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"test", "-count=1", "-overlay=" + overlayFile, "-run=TestMetagenDeepCopyOracle"}, packages...)
	cmd := exec.Command("go", args...)
	cmd.Dir = repoRoot(t)
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, output)
	}
	t.Logf("%d packages:\n%s", len(packages), output)
}

func writeTemp(t *testing.T, dir string, content []byte) string {
	t.Helper()
	f, err := os.CreateTemp(dir, "*.go")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(content); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

func mustRel(t *testing.T, base, target string) string {
	t.Helper()
	rel, err := filepath.Rel(base, target)
	if err != nil {
		t.Fatal(err)
	}
	return rel
}

func relToCase(t *testing.T, caseDir, path string) string {
	return filepath.ToSlash(mustRel(t, caseDir, path))
}

// copied is one type with a DeepCopy method, as the oracle test names it.
type copied struct {
	name    string // with type arguments for a generic type, e.g. List[string]
	pointer bool   // func (in *T) DeepCopy() *T
}

// oracleTest writes the test that checks every type of pkg with a DeepCopy
// method, hand-written or generated.
func oracleTest(t *testing.T, caseName string, pkg *model.Package, generated []byte) []byte {
	t.Helper()
	types := deepCopyTypes(t, pkg, generated)
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\n", pkg.Name)
	b.WriteString("import (\n\t\"testing\"\n\n\t\"sigs.k8s.io/randfill\"\n\n\t\"github.com/metagen-dev/metagen/metagentest/copyoracle\"\n)\n\n")
	b.WriteString("var _ = randfill.New\n\n")
	b.WriteString("func TestMetagenDeepCopyOracle(t *testing.T) {\n")
	b.WriteString("\topts := []copyoracle.Option{copyoracle.WithFiller(func(f *randfill.Filler) {\n\t\tf.MaxDepth(12)\n")
	for _, fill := range interfaceFillers(pkg) {
		b.WriteString(fill)
	}
	b.WriteString("\t})}\n")
	if unexportedCases[caseName] {
		b.WriteString("\topts = append(opts, copyoracle.WithUnexportedFields())\n")
	}
	for _, c := range types {
		check := "CheckDeepCopyValue"
		if c.pointer {
			check = "CheckDeepCopy"
		}
		fmt.Fprintf(&b, "\tt.Run(%q, func(t *testing.T) { copyoracle.%s[%s](t, %d, opts...) })\n", c.name, check, c.name, *oracleRounds)
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// deepCopyTypes finds the receivers of DeepCopy in the package's files and
// the generated file; generic types get an instantiation.
func deepCopyTypes(t *testing.T, pkg *model.Package, generated []byte) []copied {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, file := range pkg.Syntax {
		files = append(files, file)
	}
	if generated != nil {
		file, err := parser.ParseFile(fset, "generated.go", generated, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	var out []copied
	for _, file := range files {
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "DeepCopy" || fn.Recv == nil {
				continue
			}
			recv := fn.Recv.List[0].Type
			star, pointer := recv.(*ast.StarExpr)
			if pointer {
				recv = star.X
			}
			name := baseName(recv)
			if instance, ok := instantiate(pkg, name); ok {
				out = append(out, copied{name: instance, pointer: pointer})
			} else {
				t.Logf("%s.%s: no instantiation found, checked through fields of instantiated types only", pkg.Name, name)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func baseName(expr ast.Expr) string {
	switch e := expr.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return baseName(e.X)
	case *ast.IndexListExpr:
		return baseName(e.X)
	}
	return ""
}

// instantiate names a type for the oracle: itself, or for a generic type an
// instantiation the package uses (with type arguments of its own), or else
// the first combination of string and int that satisfies its constraints.
func instantiate(pkg *model.Package, name string) (string, bool) {
	obj, _ := pkg.Types.Scope().Lookup(name).(*types.TypeName)
	if obj == nil {
		return "", false
	}
	named, _ := obj.Type().(*types.Named)
	if named == nil || named.TypeParams().Len() == 0 {
		return name, true
	}
	if used, ok := usedInstance(pkg, obj); ok {
		return used, true
	}
	candidates := []types.Type{types.Typ[types.String], types.Typ[types.Int]}
	n := named.TypeParams().Len()
	for combination := 0; combination < 1<<n; combination++ {
		args := make([]types.Type, n)
		names := make([]string, n)
		for i := range args {
			args[i] = candidates[combination>>i&1]
			names[i] = args[i].String()
		}
		if _, err := types.Instantiate(nil, named, args, true); err == nil {
			return name + "[" + strings.Join(names, ", ") + "]", true
		}
	}
	return "", false
}

// usedInstance is the first (by name) instantiation of generic in the
// package's field types whose type arguments need no import.
func usedInstance(pkg *model.Package, generic *types.TypeName) (string, bool) {
	local := func(p *types.Package) string {
		if p != pkg.Types {
			return "\x00" // marks a name that would need an import
		}
		return ""
	}
	var found []string
	for _, t := range pkg.NamedTypes {
		eachNamed(t.Object.Type().Underlying(), func(named *types.Named) {
			if named.Origin().Obj() != generic || hasTypeParam(named) {
				return
			}
			if written := types.TypeString(named, local); !strings.Contains(written, "\x00") {
				found = append(found, written)
			}
		})
	}
	sort.Strings(found)
	if len(found) == 0 {
		return "", false
	}
	return found[0], true
}

// eachNamed calls visit for every named type in t, through composite types
// and struct fields (not through the underlying types of named ones).
func eachNamed(t types.Type, visit func(*types.Named)) {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		visit(t)
		for arg := range t.TypeArgs().Types() {
			eachNamed(arg, visit)
		}
	case *types.Pointer:
		eachNamed(t.Elem(), visit)
	case *types.Slice:
		eachNamed(t.Elem(), visit)
	case *types.Array:
		eachNamed(t.Elem(), visit)
	case *types.Map:
		eachNamed(t.Key(), visit)
		eachNamed(t.Elem(), visit)
	case *types.Struct:
		for field := range t.Fields() {
			eachNamed(field.Type(), visit)
		}
	}
}

// hasTypeParam reports whether t mentions a type parameter (an instance
// inside generic code).
func hasTypeParam(t types.Type) bool {
	switch t := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Named:
		for arg := range t.TypeArgs().Types() {
			if hasTypeParam(arg) {
				return true
			}
		}
	case *types.Pointer:
		return hasTypeParam(t.Elem())
	case *types.Slice:
		return hasTypeParam(t.Elem())
	case *types.Array:
		return hasTypeParam(t.Elem())
	case *types.Map:
		return hasTypeParam(t.Key()) || hasTypeParam(t.Elem())
	}
	return false
}

// interfaceFillers register fill funcs for the package's named interfaces:
// randfill cannot fill an interface, so each is filled with nil or with a
// type that names the interface in +k8s:deepcopy-gen:interfaces.
func interfaceFillers(pkg *model.Package) []string {
	var fills []string
	for _, iface := range pkg.NamedTypes {
		if !types.IsInterface(iface.Object.Type()) {
			continue
		}
		qualified := pkg.Path + "." + iface.Name
		for _, impl := range pkg.NamedTypes {
			if !namesInterface(impl, qualified) {
				continue
			}
			value := "impl" // a nonpointer-interfaces type implements the interface on its value
			if m, ok := impl.Markers.Get("k8s:deepcopy-gen:nonpointer-interfaces"); ok && m.Bool() {
				value = "*impl"
			}
			fills = append(fills, fmt.Sprintf(
				"\t\tf.Funcs(func(v *%s, c randfill.Continue) {\n\t\t\tif c.Bool() {\n\t\t\t\t*v = nil\n\t\t\t\treturn\n\t\t\t}\n\t\t\timpl := new(%s)\n\t\t\tc.Fill(impl)\n\t\t\t*v = %s\n\t\t})\n",
				iface.Name, impl.Name, value))
			break
		}
	}
	return fills
}

func namesInterface(t *model.Type, qualified string) bool {
	for _, names := range markers.K8sDeepcopyGenInterfaces.All(t.Markers) {
		for _, name := range names {
			if name == qualified {
				return true
			}
		}
	}
	return false
}
