//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/internal/golden"
)

// The docs suite (issue 35): metagen's API reference (-g docs, which
// builds the CRDs it reads) beside crd-ref-docs v0.3.0's Markdown, on a
// module made of the kubebuilder corpus (generators/docs/testdata/
// kubebuilder: every marker dialect, 8 CRDs in 3 groups, CEL, enums,
// defaults). Besides wall time, it counts what each reference shows of
// what the CRDs (metagen -g crd's) say: a field shows when the reference
// has a row for it, an enum value, a default, a bound and a CEL rule when
// that row contains its value.
const (
	toolCRDRefDocs    = "crd-ref-docs"
	crdRefDocsPackage = "github.com/elastic/crd-ref-docs"
	crdRefDocsVersion = "v0.3.0"
	docsOut           = "out"
)

func init() {
	suites["docs"] = suite{
		name:        "docs",
		tools:       []string{toolMetagen, toolCRDRefDocs},
		outputFile:  ".md",
		metagenArgs: "generate -g docs --docs-dir out/metagen ./...",
		ratioPairs:  [][2]string{{toolMetagen, toolCRDRefDocs}},
		target:      toolCRDRefDocs,
		targetRatio: 0.5,
	}
}

// crdRefDocsConfig is crd-ref-docs' configuration: nothing left out.
const crdRefDocsConfig = "processor:\n  ignoreTypes: []\n  ignoreFields: []\nrender:\n  kubernetesVersion: 1.37\n"

// runDocs is run for the docs suite.
func runDocs(ctx context.Context, cfg config, repoRoot string) (err error) {
	work, err := os.MkdirTemp("", "bench-docs-")
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
	if err := writeDocsModule(repoRoot, work); err != nil {
		return err
	}
	ws := &workspace{root: work, apiDir: work, suite: cfg.suite}
	var tools []tool
	for _, name := range cfg.tools {
		switch name {
		case toolMetagen:
			t, ok, err := prepareMetagen(ctx, cfg, repoRoot, ws)
			if err != nil {
				return err
			}
			if ok {
				tools = append(tools, t)
			}
		case toolCRDRefDocs:
			bin, err := installAnchor(ctx, crdRefDocsPackage, crdRefDocsVersion)
			if err != nil {
				return err
			}
			tools = append(tools, tool{name: toolCRDRefDocs, version: crdRefDocsVersion, bin: bin,
				args: []string{"--source-path=.", "--config=crd-ref-docs.yaml", "--renderer=markdown", "--output-mode=group", "--output-path=" + filepath.Join(docsOut, toolCRDRefDocs)}})
		default:
			return fmt.Errorf("the docs suite runs metagen and crd-ref-docs, not %s", name)
		}
	}
	// The CRDs the references are held to: metagen's crd generator's
	// (which the docs generator reads), written once, untimed.
	// The corpus' +metagen:crd-dir markers send them to crds/.
	crdDir := filepath.Join(work, "crds")
	if t := findTool(tools, toolMetagen); t != nil {
		if _, err := runQuiet(ctx, work, goEnv(), t.bin, "generate", "-g", "crd", "./..."); err != nil {
			return err
		}
	}
	fmt.Printf("machine:    %s, %d CPUs, Linux %s\n", cpuModel(), runtime.NumCPU(), readTrimmed("/proc/sys/kernel/osrelease"))
	fmt.Printf("runs:       1 untimed warm-up + %d timed per tool, interleaved\n", cfg.runs)
	for _, t := range tools {
		fmt.Printf("%-15s %s  (%s)\n", t.name+":", t.commandLine(), t.version)
	}
	fmt.Printf("\n== the kubebuilder corpus (generators/docs/testdata/kubebuilder), module in %s\n", work)
	fmt.Printf("load avg:   %s (before warm-up)\n", loadAverage())
	results := map[string][]measurement{}
	for i := 0; i <= cfg.runs; i++ {
		for _, t := range tools {
			label := fmt.Sprintf("run %d/%d", i, cfg.runs)
			if i == 0 {
				label = "warm-up"
			}
			fmt.Fprintf(os.Stderr, "%-9s %-15s ", label, t.name)
			out := filepath.Join(work, docsOut, t.name)
			if err := os.RemoveAll(out); err != nil {
				return err
			}
			if err := os.MkdirAll(out, 0o755); err != nil { // crd-ref-docs writes into an existing directory
				return err
			}
			m, _, err := runMeasured(ctx, ws, t)
			if err != nil {
				fmt.Fprintln(os.Stderr, "FAILED")
				return err
			}
			m.outputFiles = countFiles(filepath.Join(work, docsOut, t.name), ".md")
			if m.outputFiles == 0 {
				return fmt.Errorf("%s wrote no Markdown under %s", t.name, filepath.Join(docsOut, t.name))
			}
			fmt.Fprintf(os.Stderr, "wall %s  cpu %s\n", formatSeconds(m.wall), formatSeconds(m.cpu))
			if i > 0 {
				results[t.name] = append(results[t.name], m)
			}
		}
	}
	if findTool(tools, toolMetagen) != nil {
		if err := printDocsCoverage(crdDir, work, tools); err != nil {
			return err
		}
	}
	printReport(os.Stdout, cfg.suite, tools, results)
	return nil
}

func findTool(tools []tool, name string) *tool {
	for i := range tools {
		if tools[i].name == name {
			return &tools[i]
		}
	}
	return nil
}

// writeDocsModule copies the corpus into work, a module with metagen's
// requirements (the corpus imports k8s.io/api and apimachinery), without
// the corpus' docs directory markers: --docs-dir sends metagen's output
// next to crd-ref-docs'.
func writeDocsModule(repoRoot, work string) error {
	if err := golden.CopyWithoutWant(filepath.Join(repoRoot, "generators", "docs", "testdata", "kubebuilder"), work); err != nil {
		return err
	}
	err := filepath.WalkDir(work, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		kept := regexp.MustCompile(`(?m)^// \+metagen:docs-dir=.*\n`).ReplaceAll(data, nil)
		return os.WriteFile(path, kept, 0o644)
	})
	if err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		return err
	}
	gomod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(gomod, []byte("module example.com/fleet"))
	gosum, err := os.ReadFile(filepath.Join(repoRoot, "go.sum"))
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{"go.mod": gomod, "go.sum": gosum, "crd-ref-docs.yaml": []byte(crdRefDocsConfig)} {
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func countFiles(dir, suffix string) int {
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, suffix) {
			n++
		}
		return nil
	})
	return n
}

// docsCoverage counts what a reference shows of the CRDs.
type docsCoverage struct {
	fields, enums, defaults, bounds, rules int
}

// printDocsCoverage prints, per tool, how many of the CRDs' fields, enum
// values, defaults, bounds and CEL rules its Markdown shows.
func printDocsCoverage(crdDir, work string, tools []tool) error {
	var want docsCoverage
	shown := map[string]*docsCoverage{}
	texts := map[string][]string{}
	for _, t := range tools {
		shown[t.name] = &docsCoverage{}
		filepath.WalkDir(filepath.Join(work, docsOut, t.name), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
				data, _ := os.ReadFile(path)
				texts[t.name] = append(texts[t.name], strings.Split(string(data), "\n")...)
			}
			return nil
		})
	}
	files, _ := filepath.Glob(filepath.Join(crdDir, "*.yaml"))
	if len(files) == 0 {
		return fmt.Errorf("no CRDs in %s to hold the references to", crdDir)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		var crd apiextensionsv1.CustomResourceDefinition
		if err := yaml.Unmarshal(data, &crd); err != nil {
			return err
		}
		for _, v := range crd.Spec.Versions {
			if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
				continue
			}
			walkDocsSchema(v.Schema.OpenAPIV3Schema, func(name string, prop *apiextensionsv1.JSONSchemaProps) {
				items := facts(prop)
				want.fields++
				want.enums += len(items.enums)
				want.defaults += len(items.defaults)
				want.bounds += len(items.bounds)
				want.rules += len(items.rules)
				for _, t := range tools {
					rows := rowsOf(texts[t.name], name)
					if len(rows) == 0 {
						continue
					}
					c := shown[t.name]
					c.fields++
					c.enums += countShown(rows, items.enums)
					c.defaults += countShown(rows, items.defaults)
					c.bounds += countShown(rows, items.bounds)
					c.rules += countShown(rows, items.rules)
				}
			})
		}
	}
	fmt.Printf("\nWhat each reference shows of what the CRDs say (%d CRDs; a field counts when a row names it, a value when such a row contains it)\n", len(files))
	fmt.Printf("%-15s %8s %8s %8s %8s %8s\n", "", "fields", "enums", "defaults", "bounds", "CEL")
	fmt.Printf("%-15s %8d %8d %8d %8d %8d\n", "the CRDs", want.fields, want.enums, want.defaults, want.bounds, want.rules)
	for _, t := range tools {
		c := shown[t.name]
		fmt.Printf("%-15s %8d %8d %8d %8d %8d\n", t.name, c.fields, c.enums, c.defaults, c.bounds, c.rules)
	}
	return nil
}

// walkDocsSchema calls f for every property below root, not below the
// Kubernetes types (metadata, and ObjectMeta, Condition, … which both
// references link to), recognized by their descriptions' absence of our
// corpus' types: it descends into every property but metadata.
func walkDocsSchema(root *apiextensionsv1.JSONSchemaProps, f func(string, *apiextensionsv1.JSONSchemaProps)) {
	var walk func(n *apiextensionsv1.JSONSchemaProps, depth int)
	walk = func(n *apiextensionsv1.JSONSchemaProps, depth int) {
		for _, name := range slices.Sorted(func(yield func(string) bool) {
			for k := range n.Properties {
				if !yield(k) {
					return
				}
			}
		}) {
			if depth == 0 && (name == "metadata" || name == "apiVersion" || name == "kind") {
				continue
			}
			prop := n.Properties[name]
			f(name, &prop)
			for e := &prop; e != nil; e = elemSchema(e) {
				if len(e.Properties) > 0 {
					walk(e, depth+1)
				}
			}
		}
	}
	walk(root, 0)
}

func elemSchema(n *apiextensionsv1.JSONSchemaProps) *apiextensionsv1.JSONSchemaProps {
	switch {
	case n.Items != nil && n.Items.Schema != nil:
		return n.Items.Schema
	case n.AdditionalProperties != nil && n.AdditionalProperties.Schema != nil:
		return n.AdditionalProperties.Schema
	}
	return nil
}

type propFacts struct{ enums, defaults, bounds, rules []string }

// facts are a property's values a reference should show, its items' and
// values' too.
func facts(prop *apiextensionsv1.JSONSchemaProps) propFacts {
	var out propFacts
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	if prop.Default != nil {
		out.defaults = append(out.defaults, strings.Trim(string(prop.Default.Raw), `"`))
	}
	for n := prop; n != nil; n = elemSchema(n) {
		for _, e := range n.Enum {
			var s string
			if json.Unmarshal(e.Raw, &s) != nil {
				s = string(e.Raw)
			}
			out.enums = append(out.enums, s)
		}
		for _, f := range []*float64{n.Minimum, n.Maximum} {
			if f != nil {
				out.bounds = append(out.bounds, num(*f))
			}
		}
		for _, i := range []*int64{n.MinLength, n.MaxLength, n.MinItems, n.MaxItems, n.MinProperties, n.MaxProperties} {
			if i != nil {
				out.bounds = append(out.bounds, strconv.FormatInt(*i, 10))
			}
		}
		for _, r := range n.XValidations {
			out.rules = append(out.rules, r.Rule)
		}
		if len(n.Properties) > 0 {
			break
		}
	}
	return out
}

// rowsOf are the Markdown table rows about a field: both tools start a row
// with the JSON name as code.
func rowsOf(lines []string, name string) []string {
	var rows []string
	for _, line := range lines {
		if strings.HasPrefix(line, "| `"+name+"`") {
			rows = append(rows, strings.ReplaceAll(line, `\|`, "|"))
		}
	}
	return rows
}

func countShown(rows, values []string) int {
	n := 0
	for _, v := range values {
		for _, row := range rows {
			if strings.Contains(row, v) {
				n++
				break
			}
		}
	}
	return n
}
