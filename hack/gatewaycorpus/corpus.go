package gatewaycorpus

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

// Namespace is the namespace of every namespaced object of the corpus.
const Namespace = "gateway-corpus"

// UpdatedLabel is the label an update that leaves the spec alone adds.
const UpdatedLabel = "corpus.metagen.dev/updated"

// A Case is one write: a create of Object, or an update of the stored Old
// to Object. Seeded: Old was stored while the CRDs had no value
// validations (Permissive), so it may be invalid (ratcheting).
type Case struct {
	Name   string          `json:"name"`
	Op     string          `json:"op"` // "create" or "update"
	Seeded bool            `json:"seeded,omitempty"`
	Object json.RawMessage `json:"object"`
	Old    json.RawMessage `json:"old,omitempty"`
	// Answer is kube-apiserver's, as recorded.
	Answer *Answer `json:"answer,omitempty"`
}

// An Answer is what a server (or a Go side, put in the server's terms)
// answers a write with: accepted, or the status of the refusal.
type Answer struct {
	Accepted bool    `json:"accepted,omitempty"`
	Code     int32   `json:"code,omitempty"`
	Reason   string  `json:"reason,omitempty"`
	Message  string  `json:"message,omitempty"`
	Causes   []Cause `json:"causes,omitempty"`
	// Warnings are the answer's warning headers (kube-apiserver warns, for
	// example, of the invalid values ratcheting let pass).
	Warnings []string `json:"warnings,omitempty"`
}

// A Cause is one cause of a refusal (a field.Error, as the 422 carries it).
type Cause struct {
	Field   string `json:"field"`
	Type    string `json:"type"`
	Message string `json:"message"`
}

// AnswerOf is the answer an API call's error says: accepted for nil, else
// its status (code, reason, message and causes).
func AnswerOf(err error) Answer {
	if err == nil {
		return Answer{Accepted: true}
	}
	var status apierrors.APIStatus
	if !errors.As(err, &status) {
		return Answer{Message: err.Error()}
	}
	s := status.Status()
	a := Answer{Code: s.Code, Reason: string(s.Reason), Message: s.Message}
	if s.Details != nil {
		for _, c := range s.Details.Causes {
			a.Causes = append(a.Causes, Cause{Field: c.Field, Type: string(c.Type), Message: c.Message})
		}
	}
	return a
}

// Diff says how got differs from want (kube-apiserver's), or "";
// warnings are compared only when the side has them (an API server; the
// scheme's validation and a fake clientset answer without warnings).
func Diff(side string, got, want Answer, warnings bool) string {
	if !warnings {
		got.Warnings, want.Warnings = nil, nil
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if bytes.Equal(g, w) {
		return ""
	}
	return fmt.Sprintf("  %s: %s\n  kube-apiserver: %s", side, g, w)
}

// A Recording is the corpus with kube-apiserver's answers.
type Recording struct {
	Source string `json:"source"` // the module version and package
	Server string `json:"server"` // the kube-apiserver version
	// Schemas is SchemaDigest of the CRDs the answers were recorded with.
	Schemas string `json:"schemas"`
	Cases   []Case `json:"cases"`
}

// SchemaDigest is the SHA-256 of the CRDs with their descriptions left out:
// what a recording's answers depend on, so that a change of the CRDs
// metagen writes shows as a stale recording.
func SchemaDigest(crds []*apiextensionsv1.CustomResourceDefinition) string {
	sorted := slices.Clone(crds)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	h := sha256.New()
	for _, crd := range sorted {
		crd = crd.DeepCopy()
		EachSchema(crd, func(s *apiextensionsv1.JSONSchemaProps) { s.Description = "" })
		h.Write(mustJSON(crd.Spec))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Write writes r as JSON, one case a line (so that a re-recording diffs
// case by case).
func (r *Recording) Write(path string) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\"source\": %q, \"server\": %q, \"schemas\": %q, \"cases\": [\n", r.Source, r.Server, r.Schemas)
	for i, c := range r.Cases {
		line, err := json.Marshal(c)
		if err != nil {
			return err
		}
		b.Write(line)
		if i < len(r.Cases)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]}\n")
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// Read reads a recording.
func Read(path string) (*Recording, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := &Recording{}
	if err := json.Unmarshal(data, r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// A Resource is how a kind of the corpus is served.
type Resource struct {
	schema.GroupVersionResource
	Namespaced bool
}

// CRDs reads the CRDs metagen wrote into dir (CRDDir of the module).
func CRDs(dir string) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	var crds []*apiextensionsv1.CustomResourceDefinition
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		crd := &apiextensionsv1.CustomResourceDefinition{}
		if err := yaml.UnmarshalStrict(data, crd); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		crds = append(crds, crd)
	}
	if len(crds) == 0 {
		return nil, fmt.Errorf("no CRD in %s", dir)
	}
	return crds, nil
}

// Resources maps each kind of the CRDs' v1 to its resource.
func Resources(crds []*apiextensionsv1.CustomResourceDefinition) map[string]Resource {
	out := map[string]Resource{}
	for _, crd := range crds {
		for _, v := range crd.Spec.Versions {
			if v.Name != "v1" || !v.Served {
				continue
			}
			out[crd.Spec.Names.Kind] = Resource{
				GroupVersionResource: schema.GroupVersionResource{Group: crd.Spec.Group, Version: v.Name, Resource: crd.Spec.Names.Plural},
				Namespaced:           crd.Spec.Scope == apiextensionsv1.NamespaceScoped,
			}
		}
	}
	return out
}

// EachSchema calls fn on every schema of crd's versions, each before the
// schemas under it (properties, items, additional properties), in place.
func EachSchema(crd *apiextensionsv1.CustomResourceDefinition, fn func(*apiextensionsv1.JSONSchemaProps)) {
	var walk func(*apiextensionsv1.JSONSchemaProps)
	walk = func(s *apiextensionsv1.JSONSchemaProps) {
		fn(s)
		for k, p := range s.Properties {
			walk(&p)
			s.Properties[k] = p
		}
		if s.Items != nil && s.Items.Schema != nil {
			walk(s.Items.Schema)
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			walk(s.AdditionalProperties.Schema)
		}
	}
	for i := range crd.Spec.Versions {
		if v := crd.Spec.Versions[i].Schema; v != nil && v.OpenAPIV3Schema != nil {
			walk(v.OpenAPIV3Schema)
		}
	}
}

// Permissive is crd without value validations: no CEL rules, patterns,
// lengths, enums, formats or bounds (required fields stay: a map list's
// keys must be), so that the objects
// of the ratcheting cases can be stored before the CRD's own schema
// returns (as a cluster holds objects stored before a rule existed).
func Permissive(crd *apiextensionsv1.CustomResourceDefinition) *apiextensionsv1.CustomResourceDefinition {
	crd = crd.DeepCopy()
	EachSchema(crd, func(s *apiextensionsv1.JSONSchemaProps) {
		s.XValidations = nil
		s.Pattern, s.Format, s.Enum = "", "", nil
		s.MinLength, s.MaxLength, s.MinItems, s.MaxItems, s.MinProperties, s.MaxProperties = nil, nil, nil, nil, nil, nil
		s.Minimum, s.Maximum, s.ExclusiveMinimum, s.ExclusiveMaximum = nil, nil, false, false
		s.OneOf, s.AnyOf, s.AllOf, s.Not = nil, nil, nil, nil
	})
	return crd
}

// An example is one of gateway-api's example objects.
type example struct {
	name string // Kind/name, unique
	obj  map[string]any
}

// Build makes the corpus from the example objects under the module's
// ExamplesDir (those of the kinds in resources, apiVersion
// gateway.networking.k8s.io/v1):
//
//   - create/<Kind>/<name>: the example as it is;
//   - create/<Kind>/<name>/<path>=<mutation>: one leaf of its spec changed
//     (each kind, path and mutation once: on the first example that has it):
//     a string to "" (empty), "-BAD-" (bad) or 300 a's (long), an integer
//     to -1 (neg) or 100000 (big), any field removed (absent);
//   - update/<Kind>/<name>/unchanged: the stored example updated with a
//     label only; update/<Kind>/<name>/<path>=changed: one string leaf of
//     its spec changed to a value it did not have (value+"x"), which
//     transition rules (self == oldSelf) refuse;
//   - create/<Kind>/<name>/<path>=enum.<value>: a string of an enum set
//     to each of its other values; <path>=dup: a list with its first item
//     added again; <path>=clear: a list emptied;
//   - ratchet/<Kind>/<name>/<path>=bad/unchanged and …/changed: the
//     stored object is the first example of each kind with one string leaf
//     "-BAD-" (stored under Permissive CRDs), updated with a label only
//     (ratcheting lets the unchanged invalid value pass) or with the leaf
//     "-BAD-x" (refused again); ratchet/…=enum.<value>/unchanged: the same
//     with an enum mutation (what CEL rules refuse) stored.
func Build(moduleDir string, crds []*apiextensionsv1.CustomResourceDefinition) ([]Case, error) {
	resources := Resources(crds)
	schemas := map[string]*apiextensionsv1.JSONSchemaProps{}
	for _, crd := range crds {
		for _, v := range crd.Spec.Versions {
			if v.Name == "v1" && v.Schema != nil {
				schemas[crd.Spec.Names.Kind] = v.Schema.OpenAPIV3Schema
			}
		}
	}
	examples, err := readExamples(filepath.Join(moduleDir, ExamplesDir), resources)
	if err != nil {
		return nil, err
	}
	var cases []Case
	// A mutation (kind, path, what) is made once, on the first example
	// that has the path.
	made := map[string]bool{}
	add := func(name, op string, obj, old map[string]any, seeded bool) {
		if parts := strings.SplitN(name, "/", 4); len(parts) == 4 && strings.Contains(parts[3], "=") {
			key := parts[0] + "/" + parts[1] + "/" + parts[3]
			if made[key] {
				return
			}
			made[key] = true
		}
		c := Case{Name: name, Op: op, Seeded: seeded, Object: mustJSON(obj)}
		if old != nil {
			c.Old = mustJSON(old)
		}
		cases = append(cases, c)
	}
	ratcheted := map[string]bool{}
	seeds := 0
	seedName := func() string {
		seeds++
		return fmt.Sprintf("ratchet-%d", seeds)
	}
	for _, ex := range examples {
		add("create/"+ex.name, "create", ex.obj, nil, false)
		updated := deepCopy(ex.obj)
		setLabel(updated, UpdatedLabel, "yes")
		add("update/"+ex.name+"/unchanged", "update", updated, ex.obj, false)
		kind := ex.obj["kind"].(string)
		ratchet := !ratcheted[kind]
		ratcheted[kind] = true
		for _, l := range leaves(ex.obj["spec"], "spec") {
			switch v := l.value.(type) {
			case string:
				// Every other value of an enum: the rules that tie one
				// field's value to another's (a filter's type and its
				// settings, a listener's protocol and its TLS).
				for _, e := range enumValues(schemaAt(schemas[kind], l.keys)) {
					if e == v {
						continue
					}
					mutated := with(ex.obj, l.keys, e)
					add(fmt.Sprintf("create/%s/%s=enum.%s", ex.name, l.path, e), "create", mutated, nil, false)
					if ratchet {
						stored := deepCopy(mutated)
						stored["metadata"].(map[string]any)["name"] = seedName()
						unchanged := deepCopy(stored)
						setLabel(unchanged, UpdatedLabel, "yes")
						add(fmt.Sprintf("ratchet/%s/%s=enum.%s/unchanged", ex.name, l.path, e), "update", unchanged, stored, true)
					}
				}
				for _, m := range []struct{ label, value string }{{"empty", ""}, {"bad", "-BAD-"}, {"long", strings.Repeat("a", 300)}} {
					add(fmt.Sprintf("create/%s/%s=%s", ex.name, l.path, m.label), "create", with(ex.obj, l.keys, m.value), nil, false)
				}
				add(fmt.Sprintf("update/%s/%s=changed", ex.name, l.path), "update", with(ex.obj, l.keys, v+"x"), ex.obj, false)
				if ratchet {
					stored := with(ex.obj, l.keys, "-BAD-")
					stored["metadata"].(map[string]any)["name"] = seedName()
					unchanged := deepCopy(stored)
					setLabel(unchanged, UpdatedLabel, "yes")
					add(fmt.Sprintf("ratchet/%s/%s=bad/unchanged", ex.name, l.path), "update", unchanged, stored, true)
					add(fmt.Sprintf("ratchet/%s/%s=bad/changed", ex.name, l.path), "update", with(stored, l.keys, "-BAD-x"), stored, true)
				}
			case float64, int64:
				add(fmt.Sprintf("create/%s/%s=neg", ex.name, l.path), "create", with(ex.obj, l.keys, int64(-1)), nil, false)
				add(fmt.Sprintf("create/%s/%s=big", ex.name, l.path), "create", with(ex.obj, l.keys, int64(100000)), nil, false)
			}
		}
		for _, p := range fieldPaths(ex.obj["spec"], "spec", []any{"spec"}) {
			add(fmt.Sprintf("create/%s/%s=absent", ex.name, p.path), "create", without(ex.obj, p.keys), nil, false)
			// A list with its first item twice (unique names, map keys,
			// the uniqueness rules), and empty.
			if list, ok := valueAt(ex.obj, p.keys).([]any); ok && len(list) > 0 {
				dup := append(slices.Clone(list), list[0])
				add(fmt.Sprintf("create/%s/%s=dup", ex.name, p.path), "create", with(ex.obj, p.keys, dup), nil, false)
				add(fmt.Sprintf("create/%s/%s=clear", ex.name, p.path), "create", with(ex.obj, p.keys, []any{}), nil, false)
			}
		}
	}
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			return nil, fmt.Errorf("two cases named %s", c.Name)
		}
		seen[c.Name] = true
	}
	return cases, nil
}

// readExamples reads the example objects of the kinds in resources, in
// file order, namespaced ones moved to Namespace.
func readExamples(dir string, resources map[string]Resource) ([]example, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []example
	names := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, doc := range splitDocuments(data) {
			js, err := yaml.YAMLToJSON(doc)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			var obj map[string]any
			if err := json.Unmarshal(js, &obj); err != nil || obj == nil {
				continue
			}
			kind, _ := obj["kind"].(string)
			r, ok := resources[kind]
			if !ok || obj["apiVersion"] != r.Group+"/"+r.Version {
				continue
			}
			meta, _ := obj["metadata"].(map[string]any)
			if meta == nil {
				return nil, fmt.Errorf("%s: a %s without metadata", f, kind)
			}
			if r.Namespaced {
				meta["namespace"] = Namespace
			} else {
				delete(meta, "namespace")
			}
			name := kind + "/" + fmt.Sprint(meta["name"])
			if n := names[name]; n > 0 {
				names[name]++
				name += "." + strconv.Itoa(n)
			} else {
				names[name] = 1
			}
			out = append(out, example{name: name, obj: normalizeNumbers(obj).(map[string]any)})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no example object under %s", dir)
	}
	return out, nil
}

func splitDocuments(data []byte) [][]byte {
	var docs [][]byte
	var cur bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.TrimRight(sc.Text(), " ") == "---" {
			docs = append(docs, slices.Clone(cur.Bytes()))
			cur.Reset()
			continue
		}
		cur.Write(sc.Bytes())
		cur.WriteByte('\n')
	}
	return append(docs, cur.Bytes())
}

// normalizeNumbers makes whole JSON numbers int64.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalizeNumbers(e)
		}
	case float64:
		if x == float64(int64(x)) {
			return int64(x)
		}
	}
	return v
}

type leaf struct {
	path  string // dot-joined, list indices as numbers
	keys  []any  // string keys and int indices from the root
	value any
}

// leaves are the scalar leaves under v (at path), in key order.
func leaves(v any, path string) []leaf {
	return walk(v, path, []any{"spec"}, false)
}

// fieldPaths are the map keys under v (at path), in key order.
func fieldPaths(v any, path string, keys []any) []leaf {
	return walk(v, path, keys, true)
}

func walk(v any, path string, keys []any, fields bool) []leaf {
	var out []leaf
	switch x := v.(type) {
	case map[string]any:
		names := make([]string, 0, len(x))
		for k := range x {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			p, ks := path+"."+k, append(slices.Clone(keys), k)
			if fields {
				out = append(out, leaf{path: p, keys: ks})
			}
			out = append(out, walk(x[k], p, ks, fields)...)
		}
	case []any:
		for i, e := range x {
			out = append(out, walk(e, path+"."+strconv.Itoa(i), append(slices.Clone(keys), i), fields)...)
		}
	default:
		if !fields {
			out = append(out, leaf{path: path, keys: keys, value: v})
		}
	}
	return out
}

// with is a copy of obj with the value at keys set.
func with(obj map[string]any, keys []any, value any) map[string]any {
	c := deepCopy(obj)
	parent, last := at(c, keys)
	switch p := parent.(type) {
	case map[string]any:
		p[last.(string)] = value
	case []any:
		p[last.(int)] = value
	}
	return c
}

// without is a copy of obj without the field at keys.
func without(obj map[string]any, keys []any) map[string]any {
	c := deepCopy(obj)
	parent, last := at(c, keys)
	delete(parent.(map[string]any), last.(string))
	return c
}

func at(obj map[string]any, keys []any) (parent any, last any) {
	var cur any = obj
	for _, k := range keys[:len(keys)-1] {
		switch x := cur.(type) {
		case map[string]any:
			cur = x[k.(string)]
		case []any:
			cur = x[k.(int)]
		}
	}
	return cur, keys[len(keys)-1]
}

func setLabel(obj map[string]any, key, value string) {
	meta := obj["metadata"].(map[string]any)
	labels, _ := meta["labels"].(map[string]any)
	if labels == nil {
		labels = map[string]any{}
		meta["labels"] = labels
	}
	labels[key] = value
}

func deepCopy(obj map[string]any) map[string]any {
	var c map[string]any
	if err := json.Unmarshal(mustJSON(obj), &c); err != nil {
		panic(err)
	}
	return normalizeNumbers(c).(map[string]any)
}

func mustJSON(v any) json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

// schemaAt is the schema of the value at keys (string keys, int indices).
func schemaAt(s *apiextensionsv1.JSONSchemaProps, keys []any) *apiextensionsv1.JSONSchemaProps {
	for _, k := range keys {
		if s == nil {
			return nil
		}
		switch k := k.(type) {
		case string:
			p, ok := s.Properties[k]
			if !ok {
				return nil
			}
			s = &p
		case int:
			if s.Items == nil {
				return nil
			}
			s = s.Items.Schema
		}
	}
	return s
}

// enumValues are the string values of s's enum, in order.
func enumValues(s *apiextensionsv1.JSONSchemaProps) []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, e := range s.Enum {
		var v string
		if json.Unmarshal(e.Raw, &v) == nil {
			out = append(out, v)
		}
	}
	return out
}

// valueAt is the value at keys of obj.
func valueAt(obj map[string]any, keys []any) any {
	parent, last := at(obj, keys)
	switch p := parent.(type) {
	case map[string]any:
		return p[last.(string)]
	case []any:
		return p[last.(int)]
	}
	return nil
}
