package pipeline

import (
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
)

// A generator's Requires are prepared although they are not selected, once
// per run, and their passes never run (nothing of theirs is written); the
// requiring generator reads the typed result. A whole-run error of a
// Prepare is reported once, however many packages run.
func TestRequiredGeneratorIsPreparedNotWritten(t *testing.T) {
	universe := loadPackages(t)
	type counted struct{ packages int }
	var prepared, depPasses atomic.Int64
	dep := &gen.Generator{
		Name:       "dep",
		OutputFile: "zz_generated.dep.go",
		ResultType: reflect.TypeOf(&counted{}),
		Prepare: func(p *gen.Prep) (any, error) {
			prepared.Add(1)
			return &counted{packages: len(p.Universe.Packages)}, diag.Errorf(token.Position{Filename: "whole-run.go", Line: 1, Column: 1}, "a problem of the whole run")
		},
		Run: func(pass *gen.Pass) error {
			depPasses.Add(1)
			pass.NewFile("zz_generated.dep.go").Var().Id("X").Op("=").Lit(1)
			return nil
		},
	}
	user := &gen.Generator{
		Name:       "user",
		OutputFile: "zz_generated.user.go",
		Requires:   []*gen.Generator{dep},
		Run: func(pass *gen.Pass) error {
			n := gen.ResultOf[*counted](pass, dep).packages
			pass.NewFile("zz_generated.user.go").Var().Id("Packages").Op("=").Lit(n)
			return nil
		},
	}
	header, err := gofile.ReadHeaderFile("")
	if err != nil {
		t.Fatal(err)
	}
	_, _, _, err = run(universe, []*gen.Generator{user}, nil, renderer{header: header}, newObserver(Options{}))
	if err == nil {
		t.Fatal("the Prepare error is not reported")
	}
	if got := strings.Count(err.Error(), "a problem of the whole run"); got != 1 {
		t.Errorf("the whole-run error is reported %d times, want once: %v", got, err)
	}
	if prepared.Load() != 1 || depPasses.Load() != 0 {
		t.Errorf("dep prepared %d times with %d passes, want once and none", prepared.Load(), depPasses.Load())
	}

	dep.Prepare = func(p *gen.Prep) (any, error) {
		prepared.Add(1)
		return &counted{packages: len(p.Universe.Packages)}, nil
	}
	prepared.Store(0)
	files, _, _, err := run(universe, []*gen.Generator{user}, nil, renderer{header: header}, newObserver(Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if prepared.Load() != 1 || depPasses.Load() != 0 {
		t.Errorf("dep prepared %d times with %d passes, want once and none", prepared.Load(), depPasses.Load())
	}
	users := 0
	for path, content := range files {
		switch filepath.Base(path) {
		case "zz_generated.dep.go":
			t.Errorf("%s written for a generator that was only required", path)
		case "zz_generated.user.go":
			users++
			if want := "Packages = " + strconv.Itoa(len(universe.Packages)); !strings.Contains(string(content), want) {
				t.Errorf("%s does not hold the required result (%s):\n%s", path, want, content)
			}
		}
	}
	if users != len(universe.Packages) {
		t.Errorf("user wrote %d files, want one per package (%d)", users, len(universe.Packages))
	}
}

// A cycle of Requires is refused before anything runs.
func TestRequiresCycleIsRefused(t *testing.T) {
	a := &gen.Generator{Name: "a"}
	b := &gen.Generator{Name: "b", Requires: []*gen.Generator{a}}
	a.Requires = []*gen.Generator{b}
	if _, err := gen.Closure([]*gen.Generator{a}); err == nil || !strings.Contains(err.Error(), "require each other") {
		t.Errorf("cycle a→b→a: got %v", err)
	}
	order, err := gen.Closure(Generators)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[*gen.Generator]bool{}
	for _, g := range order {
		for _, r := range g.Requires {
			if !seen[r] {
				t.Errorf("%s comes before %s, which it requires", g.Name, r.Name)
			}
		}
		seen[g] = true
	}
}

// crd requires openapi: with -g crd alone the CRDs get their schemas from
// openapi's result, and no zz_generated.openapi.go is planned.
func TestCRDAloneUsesOpenAPIResult(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := NewPlan(Options{Dir: root, Patterns: []string{"./generators/crd/testdata/basic/v1"}, Only: []string{"crd"}})
	if err != nil {
		t.Fatal(err)
	}
	crds := 0
	for _, c := range plan.Changes {
		if strings.HasSuffix(c.Path, "zz_generated.openapi.go") {
			t.Errorf("%s planned, but openapi was only required", c.Path)
		}
		if strings.HasSuffix(c.Path, ".yaml") {
			crds++
			if !strings.Contains(string(c.New), "openAPIV3Schema:") || !strings.Contains(string(c.New), "properties:") {
				t.Errorf("%s has no schema:\n%s", c.Path, c.New)
			}
		}
	}
	if crds == 0 {
		t.Error("no CRD planned")
	}
}

// A check (lint's CEL check) that requires a generator's result shares it
// with the selected generators that require it: prepared once per run. The
// check's problems come back apart, and the result's Prepare errors are the
// run's only when the selection requires it too.
func TestChecksShareRequiredResults(t *testing.T) {
	universe := loadPackages(t)
	type schemas struct{}
	var prepared atomic.Int64
	dep := &gen.Generator{
		Name:       "schemas",
		ResultType: reflect.TypeOf(&schemas{}),
		Prepare: func(*gen.Prep) (any, error) {
			prepared.Add(1)
			return &schemas{}, diag.Errorf(token.Position{Filename: "schemas.go", Line: 1, Column: 1}, "a problem of the schemas")
		},
	}
	check := &gen.Generator{
		Name:     "check",
		Requires: []*gen.Generator{dep},
		Run: func(pass *gen.Pass) error {
			gen.ResultOf[*schemas](pass, dep)
			return diag.Errorf(token.Position{Filename: pass.Package.Name + ".go", Line: 1, Column: 1}, "checked")
		},
	}
	user := &gen.Generator{
		Name:       "user",
		OutputFile: "zz_generated.user.go",
		Requires:   []*gen.Generator{dep},
		Run: func(pass *gen.Pass) error {
			gen.ResultOf[*schemas](pass, dep)
			return nil
		},
	}
	plain := &gen.Generator{Name: "plain", OutputFile: "zz_generated.plain.go", Run: func(*gen.Pass) error { return nil }}
	header, err := gofile.ReadHeaderFile("")
	if err != nil {
		t.Fatal(err)
	}

	_, _, checked, err := run(universe, []*gen.Generator{user}, []*gen.Generator{check}, renderer{header: header}, newObserver(Options{}))
	if prepared.Load() != 1 {
		t.Errorf("the required result was prepared %d times for a generator and a check, want once", prepared.Load())
	}
	if err == nil || !strings.Contains(err.Error(), "a problem of the schemas") {
		t.Errorf("the selection requires the result, so its Prepare error is the run's: %v", err)
	}
	if len(checked) != len(universe.Packages) {
		t.Errorf("the check reported %d problems, want one per package (%d): %v", len(checked), len(universe.Packages), checked)
	}

	prepared.Store(0)
	_, _, checked, err = run(universe, []*gen.Generator{plain}, []*gen.Generator{check}, renderer{header: header}, newObserver(Options{}))
	if err != nil {
		t.Errorf("only the check requires the result: its Prepare error is not the run's, got %v", err)
	}
	if prepared.Load() != 1 || len(checked) != len(universe.Packages) {
		t.Errorf("prepared %d times, %d problems of the check; want once and one per package (%d)", prepared.Load(), len(checked), len(universe.Packages))
	}
}

// loadPackages loads a few packages (at least two) for the run tests.
func loadPackages(t *testing.T) *model.Universe {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	universe, err := load.Load(load.Options{Dir: root, Patterns: []string{"./generators/pipeline/testdata/names/...", "./examples/widgets/v1"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(universe.Packages) < 2 {
		t.Fatalf("want at least two packages, got %d", len(universe.Packages))
	}
	return universe
}
