package docs_test

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/generators/docs"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/golden"
)

// coverageCases are the modules whose CRDs the reference must cover: the
// examples, and the golden corpora (every marker dialect). Set
// METAGEN_DOCS_MODULES to a list of module directories (separated by the
// OS's list separator) with +metagen:docs-dir or --docs-dir set by
// METAGEN_DOCS_DIR (and --crd-dir by METAGEN_DOCS_CRD_DIR, for modules that
// write their CRDs with controller-gen) to cover others (hack/realworld's).
// Nothing is written: the run is planned in memory.
type coverageCase struct {
	name, dir string
	patterns  []string
	docsDir   string
	checkedIn bool // the reference is checked in: it must be up to date
}

func coverageCases(t *testing.T) []coverageCase {
	root := golden.RepoRoot(t)
	cases := []coverageCase{
		{name: "examples", dir: root, patterns: []string{"./examples/..."}, checkedIn: true},
		{name: "kubebuilder", dir: abs(t, "testdata/kubebuilder"), patterns: []string{"./..."}},
		{name: "multiversion", dir: abs(t, "testdata/multiversion"), patterns: []string{"./..."}},
	}
	for _, dir := range filepath.SplitList(os.Getenv("METAGEN_DOCS_MODULES")) {
		cases = append(cases, coverageCase{name: filepath.Base(dir), dir: dir, patterns: []string{"./..."}, docsDir: os.Getenv("METAGEN_DOCS_DIR")})
	}
	return cases
}

func abs(t *testing.T, path string) string {
	p, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReferenceCoversCRDs generates the CRDs and the reference of each
// case in memory and walks every node of every CRD version's schema: the
// group's page must have a row for each property (below types it
// documents itself; a Kubernetes type is linked to the Kubernetes API
// reference instead) that shows its type, whether it is required, its
// default, every validation keyword's value (of the property, its items
// and its values), every enum value and every CEL rule with its message;
// the HTML reference must show the field names and the messages too.
func TestReferenceCoversCRDs(t *testing.T) {
	for _, c := range coverageCases(t) {
		t.Run(c.name, func(t *testing.T) {
			opts := pipeline.Options{Dir: c.dir, Patterns: c.patterns, Only: []string{"crd", "docs"}}
			if c.docsDir != "" {
				opts.Settings.Options = map[string]string{docs.OptionDir.Name: c.docsDir}
				opts.Settings.CRDDir = os.Getenv("METAGEN_DOCS_CRD_DIR")
			}
			plan, err := pipeline.NewPlan(opts)
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			for _, ch := range plan.Changes {
				if ch.Action == gofile.Remove {
					continue
				}
				if c.checkedIn && ch.Action != gofile.Unchanged {
					t.Errorf("%s is not up to date: run go generate ./examples/...", ch.Path)
				}
				files[ch.Path] = ch.New
			}
			var counts coverageCounts
			crds := 0
			for path, data := range files {
				if !strings.HasSuffix(path, ".yaml") {
					continue
				}
				var crd apiextensionsv1.CustomResourceDefinition
				if err := yaml.Unmarshal(data, &crd); err != nil || crd.Kind != "CustomResourceDefinition" {
					continue
				}
				crds++
				page, reference := pagesOf(t, files, crd.Spec.Group)
				for _, v := range crd.Spec.Versions {
					if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
						continue
					}
					w := &walker{t: t, page: page, html: reference, where: crd.Name + "/" + v.Name, counts: &counts}
					w.object(v.Schema.OpenAPIV3Schema, "")
					w.rootChecks(v.Schema.OpenAPIV3Schema)
				}
			}
			if crds == 0 {
				t.Fatal("no CRDs generated")
			}
			if counts.fields == 0 {
				t.Fatal("no fields checked")
			}
			t.Logf("%s: %d CRDs; checked %s", c.name, crds, counts)
			fmt.Printf("docs coverage %s: %d CRDs; %s\n", c.name, crds, counts)
		})
	}
}

type coverageCounts struct{ fields, keywords, enums, defaults, rules, external int }

func (c coverageCounts) String() string {
	return fmt.Sprintf("fields=%d keyword values=%d enum values=%d defaults=%d CEL rules=%d (linked to the Kubernetes reference: %d)",
		c.fields, c.keywords, c.enums, c.defaults, c.rules, c.external)
}

// pagesOf finds the group's Markdown page, followed by the other pages of
// its directory (a type of another group's package has its rows there,
// linked from this page), and the HTML reference beside it.
func pagesOf(t *testing.T, files map[string][]byte, group string) (string, string) {
	t.Helper()
	for path, data := range files {
		if filepath.Base(path) == group+".md" {
			ref, ok := files[filepath.Join(filepath.Dir(path), "reference.html")]
			if !ok {
				t.Fatalf("no reference.html beside %s", path)
			}
			pages := string(data)
			for _, other := range slices.Sorted(keys(files)) {
				if other != path && filepath.Dir(other) == filepath.Dir(path) && strings.HasSuffix(other, ".md") {
					pages += "\n" + string(files[other])
				}
			}
			return pages, string(ref)
		}
	}
	t.Fatalf("no page %s.md generated", group)
	return "", ""
}

type walker struct {
	t          *testing.T
	page, html string
	where      string
	counts     *coverageCounts
}

// object checks the rows of an object's properties and descends.
func (w *walker) object(node *apiextensionsv1.JSONSchemaProps, path string) {
	for _, name := range slices.Sorted(keys(node.Properties)) {
		prop := node.Properties[name]
		fieldPath := strings.TrimPrefix(path+"."+name, ".")
		row := w.row(fieldPath, name, &prop, slices.Contains(node.Required, name))
		if row == "" {
			continue
		}
		w.counts.fields++
		if strings.Contains(row, "](https://kubernetes.io/") {
			w.counts.external++
			continue // documented by the Kubernetes API reference
		}
		for n := &prop; n != nil; n = elem(n) {
			if len(n.Properties) > 0 {
				w.object(n, fieldPath)
			}
		}
	}
}

func elem(n *apiextensionsv1.JSONSchemaProps) *apiextensionsv1.JSONSchemaProps {
	switch {
	case n.Items != nil && n.Items.Schema != nil:
		return n.Items.Schema
	case n.AdditionalProperties != nil && n.AdditionalProperties.Schema != nil:
		return n.AdditionalProperties.Schema
	}
	return nil
}

// row finds the Markdown row of a property that shows everything the
// schema says of it; it reports what the best row misses.
func (w *walker) row(path, name string, prop *apiextensionsv1.JSONSchemaProps, required bool) string {
	want := expected(prop, required)
	var best string
	var bestMissing []string
	for _, line := range strings.Split(w.page, "\n") {
		if !strings.HasPrefix(line, "| `"+name+"`") {
			continue
		}
		var missing []string
		for _, s := range want {
			if !strings.Contains(line, s) {
				missing = append(missing, s)
			}
		}
		if best == "" || len(missing) < len(bestMissing) {
			best, bestMissing = line, missing
		}
	}
	switch {
	case best == "":
		w.t.Errorf("%s: no row for field %s", w.where, path)
		return ""
	case len(bestMissing) > 0:
		w.t.Errorf("%s: the row of %s misses %q:\n%s", w.where, path, bestMissing, best)
	}
	if !strings.Contains(w.html, "<code>"+html.EscapeString(name)+"</code>") {
		w.t.Errorf("%s: reference.html does not show field %s", w.where, path)
	}
	w.count(prop)
	return best
}

// count tallies what a row was checked for.
func (w *walker) count(n *apiextensionsv1.JSONSchemaProps) {
	for ; n != nil; n = elem(n) {
		w.counts.keywords += len(keywordValues(n))
		w.counts.enums += len(n.Enum)
		w.counts.rules += len(n.XValidations)
		if n.Default != nil {
			w.counts.defaults++
		}
		for _, r := range n.XValidations {
			if r.Message != "" && !strings.Contains(w.html, html.EscapeString(r.Message)) {
				w.t.Errorf("%s: reference.html does not show the message %q", w.where, r.Message)
			}
		}
		if len(n.Properties) > 0 {
			return // the items' own fields are rows of their type
		}
	}
}

// rootChecks: the object's own rules are shown with its kind.
func (w *walker) rootChecks(root *apiextensionsv1.JSONSchemaProps) {
	for _, r := range root.XValidations {
		w.counts.rules++
		for _, s := range []string{md(r.Rule), md(r.Message)} {
			if !strings.Contains(w.page, s) {
				w.t.Errorf("%s: the page does not show the object's rule %q", w.where, s)
			}
		}
	}
}

// expected are the texts a property's row must contain: its type, whether
// it is required, its default, and the values of every validation keyword,
// enum value and CEL rule of it and of its items and values.
func expected(prop *apiextensionsv1.JSONSchemaProps, required bool) []string {
	var want []string
	if required {
		want = append(want, "| required |")
	} else {
		want = append(want, "| optional |")
	}
	switch {
	case prop.XIntOrString:
		want = append(want, "int-or-string")
	case prop.Type == "array":
		want = append(want, "[]") // the Go-like []T of the element's type
	case prop.Type == "object" && prop.AdditionalProperties != nil && prop.AdditionalProperties.Schema != nil:
		want = append(want, "map[string]")
	case prop.Type != "object" && prop.Type != "":
		want = append(want, prop.Type)
	}
	if prop.Default != nil {
		want = append(want, md(string(prop.Default.Raw)))
	}
	if e := elem(prop); e != nil {
		for ; elem(e) != nil && len(e.Properties) == 0; e = elem(e) {
		}
		if e != nil && e.Type != "object" && e.Type != "" && !e.XIntOrString {
			want = append(want, e.Type) // the element's type
		}
	}
	for n := prop; n != nil; n = elem(n) {
		for kw, value := range keywordValues(n) {
			want = append(want, kw+": ", md(value))
		}
		for _, e := range n.Enum {
			var s string
			if json.Unmarshal(e.Raw, &s) != nil {
				s = string(e.Raw)
			}
			want = append(want, "enum: `"+md(s)+"`")
		}
		for _, r := range n.XValidations {
			want = append(want, md(r.Rule))
			if r.Message != "" {
				want = append(want, md(r.Message))
			}
			if r.MessageExpression != "" {
				want = append(want, md(r.MessageExpression))
			}
			if r.FieldPath != "" {
				want = append(want, md(r.FieldPath))
			}
		}
		if len(n.Properties) > 0 {
			break
		}
	}
	return want
}

// keywordValues are a node's validation keywords with their values.
func keywordValues(n *apiextensionsv1.JSONSchemaProps) map[string]string {
	out := map[string]string{}
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	if n.Format != "" {
		out["format"] = n.Format
	}
	if n.Minimum != nil {
		out["minimum"] = num(*n.Minimum)
	}
	if n.Maximum != nil {
		out["maximum"] = num(*n.Maximum)
	}
	if n.ExclusiveMinimum {
		out["exclusiveMinimum"] = "true"
	}
	if n.ExclusiveMaximum {
		out["exclusiveMaximum"] = "true"
	}
	if n.MultipleOf != nil {
		out["multipleOf"] = num(*n.MultipleOf)
	}
	for kw, v := range map[string]*int64{"minLength": n.MinLength, "maxLength": n.MaxLength, "minItems": n.MinItems, "maxItems": n.MaxItems, "minProperties": n.MinProperties, "maxProperties": n.MaxProperties} {
		if v != nil {
			out[kw] = strconv.FormatInt(*v, 10)
		}
	}
	if n.Pattern != "" {
		out["pattern"] = n.Pattern
	}
	if n.UniqueItems {
		out["uniqueItems"] = "true"
	}
	if n.Nullable {
		out["nullable"] = "true"
	}
	if n.XListType != nil {
		out["x-kubernetes-list-type"] = *n.XListType
	}
	if len(n.XListMapKeys) > 0 {
		out["x-kubernetes-list-map-keys"] = strings.Join(n.XListMapKeys, ", ")
	}
	if n.XMapType != nil {
		out["x-kubernetes-map-type"] = *n.XMapType
	}
	if n.XPreserveUnknownFields != nil && *n.XPreserveUnknownFields {
		out["x-kubernetes-preserve-unknown-fields"] = "true"
	}
	if n.XEmbeddedResource {
		out["x-kubernetes-embedded-resource"] = "true"
	}
	for kw, list := range map[string][]apiextensionsv1.JSONSchemaProps{"allOf": n.AllOf, "oneOf": n.OneOf} {
		if len(list) > 0 {
			data, _ := json.Marshal(list)
			out[kw] = string(data)
		}
	}
	return out
}

// md is how a value appears in a Markdown table cell: pipes escaped.
func md(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func keys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
