//go:build linux

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// The cel suite (issue 34): validating a valid object of a kind with N CEL
// rules (+kubebuilder:validation:XValidation), metagen's generated Go
// validation (Validate_<Type>, which converts the typed object and runs
// the rules through schema/cel) beside kube-apiserver's own path for the
// same object as unstructured, with the CRD metagen writes
// (apiextensions-apiserver's customresource strategy: ObjectMeta, the
// OpenAPI schema validation, list sets and maps, then the CEL validator).
// Both run in one program, with testing.Benchmark, for each N; the first
// use (decoding the schema and compiling the rules) is timed apart, in a
// fresh process per N, and allocations are counted per validated object.
func init() {
	suites["cel"] = suite{name: "cel", tools: []string{toolMetagen}}
}

// celRuleCounts are the N the suite measures.
var celRuleCounts = []int{10, 100}

// runCEL is run for the cel suite.
func runCEL(ctx context.Context, cfg config, repoRoot string) (err error) {
	work, err := os.MkdirTemp("", "bench-cel-")
	if err != nil {
		return err
	}
	defer func() {
		if cfg.keep || err != nil {
			fmt.Fprintln(os.Stderr, "work directory kept:", work)
			return
		}
		os.RemoveAll(work)
	}()
	mod := filepath.Join(work, "celbench")
	if err := writeCELModule(repoRoot, mod); err != nil {
		return err
	}
	metagen := filepath.Join(work, "metagen")
	if out, err := runQuiet(ctx, repoRoot, nil, "go", "build", "-o", metagen, "./cmd/metagen"); err != nil {
		return fmt.Errorf("building metagen: %v\n%s", err, out)
	}
	env := []string{"GOFLAGS=-mod=mod", "GOPROXY=off"}
	if out, err := runQuiet(ctx, mod, env, metagen, "generate", "-g", "deepcopy,validation,crd", "--crd-dir", "config/crd", "./..."); err != nil {
		return fmt.Errorf("metagen generate: %v\n%s", err, out)
	}
	bin := filepath.Join(work, "celbench.bin")
	if out, err := runQuiet(ctx, mod, env, "go", "build", "-o", bin, "."); err != nil {
		return fmt.Errorf("building the benchmark program: %v\n%s", err, out)
	}
	goVersion, _ := runQuiet(ctx, ".", nil, "go", "env", "GOVERSION")
	fmt.Printf("machine:    %s, %d CPUs, %s\n", cpuModel(), runtime.NumCPU(), strings.TrimSpace(goVersion))
	fmt.Printf("suite:      cel: one valid object of a kind with N CEL rules, validated on create (%d rounds of testing.Benchmark, median)\n", cfg.runs)
	fmt.Printf("metagen:    Validate_<Type> as generated (ObjectMeta, the kubebuilder checks in Go, then schema/cel: typed → unstructured, apiextensions' CEL validator)\n")
	fmt.Printf("apiserver:  apiextensions-apiserver v0.37.2's customresource strategy Validate on the object as unstructured, with the CRD metagen wrote (ObjectMeta, OpenAPI schema, list sets and maps, CEL)\n\n")
	fmt.Printf("%-6s %-26s %14s %14s %12s %12s %14s\n", "rules", "path", "time/object", "allocs/object", "bytes/object", "first use", "ratio (time)")
	for _, n := range celRuleCounts {
		var rounds []celResult
		for r := 0; r < cfg.runs; r++ {
			var res celResult
			for _, first := range []string{"metagen", "apiserver"} {
				out, err := runQuiet(ctx, mod, nil, bin, "-n", strconv.Itoa(n), "-first", first)
				if err != nil {
					return fmt.Errorf("benchmark program, %d rules: %v\n%s", n, err, out)
				}
				got, err := parseCELResult(out)
				if err != nil {
					return fmt.Errorf("benchmark program, %d rules: %v\n%s", n, err, out)
				}
				// Each path's first use from the process where it came first
				// (nothing it shares with the other, such as CEL's base
				// environment, built yet); the per-object numbers from the
				// metagen-first one.
				if first == "metagen" {
					res = got
				} else {
					res.apiserver.firstMS = got.apiserver.firstMS
				}
			}
			rounds = append(rounds, res)
		}
		res := medianCEL(rounds)
		ratio := res.metagen.ns / res.apiserver.ns
		fmt.Printf("%-6d %-26s %12.1fµs %14d %12d %10.1fms %14s\n", n, "metagen (Go, typed)", res.metagen.ns/1e3, res.metagen.allocs, res.metagen.bytes, res.metagen.firstMS, fmt.Sprintf("%.2f×", ratio))
		fmt.Printf("%-6d %-26s %12.1fµs %14d %12d %10.1fms %14s\n", n, "apiserver (unstructured)", res.apiserver.ns/1e3, res.apiserver.allocs, res.apiserver.bytes, res.apiserver.firstMS, "1.00×")
	}
	fmt.Printf("\nratio: metagen's time per object / the apiserver path's (goal ≤ 1.0×). first use: metagen's first Validate_ call (schema decoded,\n")
	fmt.Printf("rules compiled, once per process) and the apiserver's strategy construction and first call (schema validator, CEL validator),\n")
	fmt.Printf("each measured first in a fresh process.\n")
	return nil
}

type celPath struct {
	ns            float64
	allocs, bytes int64
	firstMS       float64
}

type celResult struct{ metagen, apiserver celPath }

var celLine = regexp.MustCompile(`^(metagen|apiserver) ns=([0-9.]+) allocs=([0-9]+) bytes=([0-9]+) first_ms=([0-9.]+)$`)

func parseCELResult(out string) (celResult, error) {
	var res celResult
	seen := 0
	for _, line := range strings.Split(out, "\n") {
		m := celLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		var p celPath
		p.ns, _ = strconv.ParseFloat(m[2], 64)
		p.allocs, _ = strconv.ParseInt(m[3], 10, 64)
		p.bytes, _ = strconv.ParseInt(m[4], 10, 64)
		p.firstMS, _ = strconv.ParseFloat(m[5], 64)
		if m[1] == "metagen" {
			res.metagen = p
		} else {
			res.apiserver = p
		}
		seen++
	}
	if seen != 2 {
		return res, fmt.Errorf("expected a metagen and an apiserver line")
	}
	return res, nil
}

// medianCEL takes each number's median over the rounds.
func medianCEL(rounds []celResult) celResult {
	pick := func(get func(celResult) float64) float64 {
		vals := make([]float64, len(rounds))
		for i, r := range rounds {
			vals[i] = get(r)
		}
		slices.Sort(vals)
		return vals[len(vals)/2]
	}
	path := func(get func(celResult) celPath) celPath {
		return celPath{
			ns:      pick(func(r celResult) float64 { return get(r).ns }),
			allocs:  int64(pick(func(r celResult) float64 { return float64(get(r).allocs) })),
			bytes:   int64(pick(func(r celResult) float64 { return float64(get(r).bytes) })),
			firstMS: pick(func(r celResult) float64 { return get(r).firstMS }),
		}
	}
	return celResult{
		metagen:   path(func(r celResult) celPath { return r.metagen }),
		apiserver: path(func(r celResult) celPath { return r.apiserver }),
	}
}

// writeCELModule writes the benchmark module: one package per N, each a
// kind with N rules, and the program that measures them. It requires what
// metagen requires, at the same versions, with metagen replaced by the
// checkout, so that it builds from the module cache alone.
func writeCELModule(repoRoot, dir string) error {
	gomod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		return err
	}
	text := regexp.MustCompile(`(?m)^module .*$`).ReplaceAllString(string(gomod), "module celbench")
	text += fmt.Sprintf("\nrequire github.com/metagen-dev/metagen v0.0.0\n\nreplace github.com/metagen-dev/metagen => %s\n", repoRoot)
	files := map[string]string{"go.mod": text, "main.go": celMain()}
	if sum, err := os.ReadFile(filepath.Join(repoRoot, "go.sum")); err == nil {
		files["go.sum"] = string(sum)
	}
	for _, n := range celRuleCounts {
		files[fmt.Sprintf("p%d/types.go", n)] = celTypes(n)
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// celTypes is a package with a kind whose spec has n fields, each with a
// CEL rule: integers with a range, strings with a prefix and a bound
// length, lists with an all() over bounded items, in turn.
func celTypes(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `// Package v1 (in directory p%d) has a kind with %d CEL rules.
//
// +groupName=bench%d.example.com
// +k8s:validation-gen=TypesWithField=TypeMeta
// +kubebuilder:object:generate=true
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

var localSchemeBuilder = runtime.NewSchemeBuilder()

// Bench is the kind.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=benches
type Bench struct {
	metav1.TypeMeta   `+"`json:\",inline\"`"+`
	metav1.ObjectMeta `+"`json:\"metadata,omitempty\"`"+`

	Spec BenchSpec `+"`json:\"spec\"`"+`
}

// BenchSpec has the rules.
type BenchSpec struct {
`, n, n, n)
	valid := &strings.Builder{}
	for i := 0; i < n; i++ {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "\t// +kubebuilder:validation:XValidation:rule=\"self >= 0 && self <= 1000\",message=\"f%d out of range\"\n\tF%d int32 `json:\"f%d\"`\n", i, i, i)
			fmt.Fprintf(valid, "\t\tF%d: %d,\n", i, i)
		case 1:
			fmt.Fprintf(&b, "\t// +kubebuilder:validation:MaxLength=32\n\t// +kubebuilder:validation:XValidation:rule=\"self.startsWith('x-')\",message=\"f%d must start with x-\"\n\tF%d string `json:\"f%d\"`\n", i, i, i)
			fmt.Fprintf(valid, "\t\tF%d: \"x-%d\",\n", i, i)
		case 2:
			fmt.Fprintf(&b, "\t// +kubebuilder:validation:MaxItems=8\n\t// +kubebuilder:validation:items:MaxLength=16\n\t// +kubebuilder:validation:XValidation:rule=\"self.all(x, x.size() > 0)\",message=\"f%d has an empty item\"\n\tF%d []string `json:\"f%d\"`\n", i, i, i)
			fmt.Fprintf(valid, "\t\tF%d: []string{\"a\", \"b\", \"c\"},\n", i)
		}
	}
	b.WriteString("}\n\n")
	fmt.Fprintf(&b, `// Valid is a valid object.
func Valid() *Bench {
	return &Bench{
		TypeMeta:   metav1.TypeMeta{APIVersion: "bench%d.example.com/v1", Kind: "Bench"},
		ObjectMeta: metav1.ObjectMeta{Name: "bench", Namespace: "default"},
		Spec: BenchSpec{
%s		},
	}
}
`, n, valid.String())
	return b.String()
}

func celMain() string {
	var imports, cases strings.Builder
	for _, n := range celRuleCounts {
		fmt.Fprintf(&imports, "\tp%d \"celbench/p%d\"\n", n, n)
		fmt.Fprintf(&cases, `	case %d:
		obj = p%d.Valid()
		validate = func(obj runtime.Object) field.ErrorList { return p%d.Validate_Bench(ctx, create, nil, obj.(*p%d.Bench), nil) }
		crdGroup = "bench%d.example.com"
`, n, n, n, n, n)
	}
	return `// Command celbench measures one N: metagen's generated validation and the
// apiserver's customresource strategy on the same valid object.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apivalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"sigs.k8s.io/yaml"

` + imports.String() + `)

var (
	ctx    = genericapirequest.WithNamespace(context.Background(), "default")
	create = operation.Operation{Type: operation.Create}
)

func main() {
	n := flag.Int("n", 10, "rules")
	first := flag.String("first", "metagen", "the path whose first use is measured first: metagen or apiserver")
	flag.Parse()
	var obj runtime.Object
	var validate func(runtime.Object) field.ErrorList
	var crdGroup string
	switch *n {
` + cases.String() + `	default:
		fail(fmt.Errorf("no package with %d rules", *n))
	}

	var metagenFirst, apiserverFirst time.Duration
	var strategy interface {
		Validate(context.Context, runtime.Object) field.ErrorList
	}
	var uobj *unstructured.Unstructured
	firstMetagen := func() {
		// The first call decodes the schema and compiles the rules.
		start := time.Now()
		if errs := validate(obj); len(errs) > 0 {
			fail(fmt.Errorf("metagen: the valid object is invalid: %v", errs))
		}
		metagenFirst = time.Since(start)
	}
	firstAPIServer := func() {
		// The strategy as customresource_handler builds it, and its first call.
		start := time.Now()
		strategy = newStrategy(crdGroup)
		u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
		if err != nil {
			fail(err)
		}
		uobj = &unstructured.Unstructured{Object: u}
		if errs := strategy.Validate(ctx, uobj); len(errs) > 0 {
			fail(fmt.Errorf("apiserver: the valid object is invalid: %v", errs))
		}
		apiserverFirst = time.Since(start)
	}
	if *first == "apiserver" {
		firstAPIServer()
		firstMetagen()
	} else {
		firstMetagen()
		firstAPIServer()
	}

	m := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if errs := validate(obj); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	})
	a := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if errs := strategy.Validate(ctx, uobj); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	})
	fmt.Printf("metagen ns=%d allocs=%d bytes=%d first_ms=%.3f\n", m.NsPerOp(), m.AllocsPerOp(), m.AllocedBytesPerOp(), float64(metagenFirst.Microseconds())/1000)
	fmt.Printf("apiserver ns=%d allocs=%d bytes=%d first_ms=%.3f\n", a.NsPerOp(), a.AllocsPerOp(), a.AllocedBytesPerOp(), float64(apiserverFirst.Microseconds())/1000)
}

func newStrategy(group string) interface {
	Validate(context.Context, runtime.Object) field.ErrorList
} {
	paths, _ := filepath.Glob(filepath.Join("config", "crd", "*", "*.yaml"))
	if len(paths) == 0 {
		paths, _ = filepath.Glob(filepath.Join("config", "crd", "*.yaml"))
	}
	var crd *apiextensionsv1.CustomResourceDefinition
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			fail(err)
		}
		var c apiextensionsv1.CustomResourceDefinition
		if err := yaml.Unmarshal(data, &c); err != nil {
			fail(err)
		}
		if c.Spec.Group == group && len(c.Spec.Versions) > 0 {
			crd = &c
		}
	}
	if crd == nil {
		fail(fmt.Errorf("no CRD of group %s among %v", group, paths))
	}
	v := crd.Spec.Versions[0]
	var internal apiextensionsinternal.CustomResourceValidation
	if err := apiextensionsv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(v.Schema, &internal, nil); err != nil {
		fail(err)
	}
	ss, err := structuralschema.NewStructural(internal.OpenAPIV3Schema)
	if err != nil {
		fail(err)
	}
	validator, _, err := apivalidation.NewSchemaValidator(internal.OpenAPIV3Schema)
	if err != nil {
		fail(err)
	}
	kind := schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind}
	s := customresource.NewStrategy(nil, true, kind, validator, nil, ss, nil, nil, nil)
	return s
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "celbench:", err)
	os.Exit(1)
}
`
}
