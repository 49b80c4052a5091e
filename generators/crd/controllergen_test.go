package crd_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/anchors"
	"github.com/metagen-dev/metagen/internal/golden"
)

// The differential against controller-gen, the tool kubebuilder users
// migrate from: the corpus of API types written as they write them
// (testdata/kubebuilder) goes through controller-gen and through metagen's
// CRD generator, and the CRDs must agree field by field, except for the
// deliberate differences listed in cgDeliberate.
const (
	cgPackage = "sigs.k8s.io/controller-tools/cmd/controller-gen"
	cgVersion = "v0.23.0"
	cgEnv     = "METAGEN_CONTROLLERGEN"
)

// cgCorpus are the golden cases both tools run on.
var cgCorpus = []string{"kubebuilder", "dependencies", "fieldovertype"}

// deliberate is a difference metagen makes on purpose. path is the CRD's
// name followed by a JSON pointer into it, where the items of a list of
// named objects (versions, printer columns) are named, and (order) is the
// order of their names; in a pattern, '*' matches one segment (or part of
// one, as in path.Match) and '**' any number of them.
// When same is set, the difference is deliberate only if same says the two
// values agree in what matters; otherwise it is a disagreement.
type deliberate struct {
	path   string
	reason string
	same   func(theirs, ours any) bool
}

// cgDeliberate is the one list of deliberate differences from controller-gen.
// An entry that matches no difference fails the test, so the list stays exact.
var cgDeliberate = []deliberate{
	{
		path:   "sidecars.fleet.example.com",
		reason: "controller-gen writes a CRD for every struct that embeds TypeMeta and ObjectMeta, even the shape of an embedded resource; metagen only for root types (+kubebuilder:object:root, +genclient, +metagen:crd=true)",
	},
	{
		path:   "*/metadata/annotations/**",
		reason: "controller-gen stamps its version into an annotation; metagen's output does not depend on the tool's version (its header comment says who wrote it)",
		same:   func(theirs, ours any) bool { return reflect.DeepEqual(withoutVersionStamp(theirs), ours) },
	},
	{
		path:   "harbours.fleet.example.com/spec/versions/v1/schema/openAPIV3Schema/properties/metadata/properties",
		reason: "+metagen:name-format=dns-label becomes maxLength and pattern on metadata.name and generateName, which kube-apiserver accepts in a CRD (controller-tools#1424); controller-gen has no such marker",
	},
	{
		path:   "ships.fleet.example.com/spec/versions/(order)",
		reason: "versions are listed by Kubernetes version priority (v2, v1, v1beta1), the order discovery shows them in; controller-gen sorts them by name. kube-apiserver reads them in any order",
	},
	{
		path: "signals.fleet.example.com/spec/versions/v1/schema/openAPIV3Schema/properties/spec/properties/priority/format",
		reason: "a field with the ,string JSON option is a string on the wire: metagen gives it no integer format, which is no format of a string; " +
			"controller-gen keeps the Go type's int32 (and without +kubebuilder:validation:Type=string would even say integer, refusing the strings clients send)",
	},
}

// TestAgainstControllerGen runs controller-gen and metagen on a copy of the
// corpus in a temporary module and compares their CRDs. Set
// METAGEN_CONTROLLERGEN=1 to run it; controller-gen is installed from the Go
// module proxy once, into the cache hack/bench uses.
func TestAgainstControllerGen(t *testing.T) {
	if os.Getenv(cgEnv) != "1" {
		t.Skipf("set %s=1 to compare the CRDs of %v with controller-gen %s's", cgEnv, cgCorpus, cgVersion)
	}
	start := time.Now()
	bin, work := controllerGenModule(t)
	for _, name := range cgCorpus {
		golden.CopyCase(t, filepath.Join("testdata", name), filepath.Join(work, name))
	}
	checkCorpusMarkers(t, controllerGenMarkers(t, bin), work)
	theirs := controllerGenCRDs(t, bin, work)
	ours := metagenCRDs(t, work)

	var c comparison
	for _, name := range unionKeys(theirs, ours) {
		c.compare(name, valueAt(theirs, name), valueAt(ours, name))
	}
	deliberateCount := reportDifferences(t, c.diffs)
	summary := fmt.Sprintf("crd-vs-controller-gen: crds=%d fields compared=%d deliberate=%d (%s)",
		len(bothSides(theirs, ours)), c.fields, deliberateCount, time.Since(start).Round(time.Millisecond))
	t.Log(summary)
	fmt.Println(summary)
}

// controllerGenModule installs controller-gen and makes an empty module for
// a corpus to be copied into: the binary and the module's directory.
func controllerGenModule(t *testing.T) (bin, work string) {
	t.Helper()
	bins, err := anchors.Install(t.Context(), nil, cgVersion, cgPackage)
	if err != nil {
		t.Fatal(err)
	}
	work = t.TempDir()
	writeModule(t, work)
	return bins["controller-gen"], work
}

// reportDifferences fails for every difference cgDeliberate does not
// explain, and for every entry that explains none; it logs how many each
// entry explains and returns their sum.
func reportDifferences(t *testing.T, diffs []difference) int {
	t.Helper()
	explained := make([]int, len(cgDeliberate))
	var disagreements []string
	for _, d := range diffs {
		if i, ok := findDeliberate(d); ok {
			explained[i]++
			continue
		}
		disagreements = append(disagreements, d.String())
	}
	total := 0
	var lines []string
	for i, e := range cgDeliberate {
		if explained[i] == 0 {
			t.Errorf("cgDeliberate lists %s, which no longer differs: remove it", e.path)
		}
		total += explained[i]
		lines = append(lines, fmt.Sprintf("  %3d × %s: %s", explained[i], e.path, e.reason))
	}
	t.Logf("deliberate differences:\n%s", strings.Join(lines, "\n"))
	if len(disagreements) > 0 {
		t.Errorf("%d disagreements with controller-gen %s (fix metagen, or list them in cgDeliberate with the reason):\n%s",
			len(disagreements), cgVersion, strings.Join(disagreements, "\n"))
	}
	return total
}

// controllerGenMarkers are the markers controller-gen's crd and object
// generators know, from their help (-w). A marker whose first argument
// the help shows in its name (+kubebuilder:printcolumn:JSONPath=…,name=…)
// is known without it.
func controllerGenMarkers(t *testing.T, bin string) map[string]bool {
	t.Helper()
	out, err := exec.Command(bin, "crd", "object", "-w").CombinedOutput()
	if err != nil {
		t.Fatalf("controller-gen crd object -w: %v\n%s", err, out)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(line, "+") {
			continue
		}
		help := strings.Fields(line)[0][1:]
		name, rest := help, ""
		if end := strings.IndexAny(help, "[="); end >= 0 {
			name, rest = help[:end], help[end:]
		}
		if strings.HasPrefix(rest, "=") && strings.Contains(rest, ",") {
			name = name[:strings.LastIndexByte(name, ':')]
		}
		known[name] = true
	}
	if len(known) < 50 {
		t.Fatalf("controller-gen's help names only %d markers:\n%s", len(known), out)
	}
	return known
}

// foreignMarkers are the markers of the corpus that controller-gen does not
// read, there on purpose: metagen's own, and client-gen's on a kubebuilder
// type that also has a typed client, for the differences they make.
var foreignMarkers = []string{"metagen:", "genclient"}

// checkCorpusMarkers fails for a marker of the corpus that controller-gen
// does not know (foreignMarkers aside): it would ignore it without a word,
// and the comparison would then test metagen alone.
func checkCorpusMarkers(t *testing.T, known map[string]bool, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			text, ok := strings.CutPrefix(strings.TrimSpace(line), "// +")
			if !ok || slices.ContainsFunc(foreignMarkers, func(prefix string) bool { return strings.HasPrefix(text, prefix) }) {
				continue
			}
			name, _, _ := strings.Cut(text, "=")
			parent := name[:max(strings.LastIndexByte(name, ':'), 0)]
			if !known[name] && !known[parent] {
				rel, _ := filepath.Rel(dir, p)
				t.Errorf("%s:%d: controller-gen %s does not know +%s; the corpus holds only what it reads", rel, i+1, cgVersion, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// controllerGenCRDs runs controller-gen in the module at work and returns
// its CRDs by name. Each must pass apiextensions' validation, as metagen's
// do: the corpus holds only what kube-apiserver accepts from both tools.
func controllerGenCRDs(t *testing.T, bin, work string) map[string]any {
	t.Helper()
	out := filepath.Join(work, "controller-gen")
	cmd := exec.Command(bin, "crd", "paths=./...", "output:crd:dir="+out)
	cmd.Dir = work
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("controller-gen: %v\n%s", err, output)
	}
	files, err := filepath.Glob(filepath.Join(out, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	crds := map[string]any{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name, object := parseCRD(t, file, data)
		var typed apiextensionsv1.CustomResourceDefinition
		if err := yaml.Unmarshal(data, &typed); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, e := range crd.Validate(&typed) {
			t.Errorf("controller-gen's %s is not a valid CRD: %v", name, e)
		}
		crds[name] = object
	}
	return crds
}

// metagenCRDs runs metagen's CRD generator on the module at work, as the
// pipeline does, and returns its CRDs by name.
func metagenCRDs(t *testing.T, work string) map[string]any {
	t.Helper()
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: work, Patterns: []string{"./..."}, Only: []string{"crd"}})
	if err != nil {
		t.Fatalf("metagen: %v", err)
	}
	crds := map[string]any{}
	for _, c := range plan.Changes {
		if c.Action == gofile.Remove {
			continue
		}
		name, object := parseCRD(t, c.Path, c.New)
		crds[name] = object
	}
	return crds
}

// parseCRD reads a manifest as generic JSON values, named by metadata.name.
func parseCRD(t *testing.T, file string, data []byte) (string, map[string]any) {
	t.Helper()
	var object map[string]any
	if err := yaml.Unmarshal(data, &object); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	metadata, _ := object["metadata"].(map[string]any)
	name, _ := metadata["name"].(string)
	if name == "" {
		t.Fatalf("%s: a CRD without metadata.name", file)
	}
	return name, object
}

// missing stands for a value one side does not have.
type missing struct{}

// difference is one path where the tools disagree.
type difference struct {
	path         string
	theirs, ours any
}

func (d difference) String() string {
	return fmt.Sprintf("  %s\n      controller-gen: %s\n      metagen:        %s", d.path, show(d.theirs), show(d.ours))
}

// show renders a value as compact JSON, cut at a readable length.
func show(v any) string {
	if _, ok := v.(missing); ok {
		return "(absent)"
	}
	data, _ := json.Marshal(v)
	if s := string(data); len(s) <= 240 {
		return s
	} else {
		return s[:240] + "…"
	}
}

// comparison walks two values in step; fields counts the leaves compared.
type comparison struct {
	diffs  []difference
	fields int
}

// compare descends into objects present on both sides and into lists of
// objects; anything else is a leaf, compared as a whole.
func (c *comparison) compare(at string, theirs, ours any) {
	theirMap, ok1 := theirs.(map[string]any)
	ourMap, ok2 := ours.(map[string]any)
	if ok1 && ok2 && len(theirMap)+len(ourMap) > 0 {
		for _, key := range unionKeys(theirMap, ourMap) {
			c.compare(at+"/"+escapePointer(key), valueAt(theirMap, key), valueAt(ourMap, key))
		}
		return
	}
	theirList, ok1 := theirs.([]any)
	ourList, ok2 := ours.([]any)
	if ok1 && ok2 && (hasObjects(theirList) || hasObjects(ourList)) {
		theirKeys, theirItems := itemsByKey(theirList)
		ourKeys, ourItems := itemsByKey(ourList)
		for _, key := range unionKeys(theirItems, ourItems) {
			c.compare(at+"/"+escapePointer(key), valueAt(theirItems, key), valueAt(ourItems, key))
		}
		c.compare(at+"/(order)", theirKeys, ourKeys)
		return
	}
	c.fields++
	if !reflect.DeepEqual(theirs, ours) {
		c.diffs = append(c.diffs, difference{at, theirs, ours})
	}
}

func hasObjects(list []any) bool {
	for _, item := range list {
		if _, ok := item.(map[string]any); ok {
			return true
		}
	}
	return false
}

// itemsByKey keys list items by their name when every item has one
// (versions, printer columns), so that paths read as names; by index
// otherwise, zero-padded so that they sort. keys keep the list's order,
// which is compared too.
func itemsByKey(list []any) (keys []any, items map[string]any) {
	items = map[string]any{}
	for _, item := range list {
		object, _ := item.(map[string]any)
		name, ok := object["name"].(string)
		if _, dup := items[name]; !ok || name == "" || dup {
			return byIndex(list)
		}
		items[name] = item
		keys = append(keys, name)
	}
	return keys, items
}

func byIndex(list []any) (keys []any, items map[string]any) {
	items = map[string]any{}
	for i, item := range list {
		key := fmt.Sprintf("%03d", i)
		items[key] = item
		keys = append(keys, key)
	}
	return keys, items
}

func valueAt[V any](m map[string]V, key string) any {
	if v, ok := m[key]; ok {
		return v
	}
	return missing{}
}

func unionKeys[V any](a, b map[string]V) []string {
	seen := map[string]bool{}
	for k := range a {
		seen[k] = true
	}
	for k := range b {
		seen[k] = true
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// bothSides are the CRDs both tools wrote.
func bothSides(theirs, ours map[string]any) []string {
	var names []string
	for name := range theirs {
		if _, ok := ours[name]; ok {
			names = append(names, name)
		}
	}
	return names
}

// escapePointer escapes a JSON pointer segment (RFC 6901).
func escapePointer(segment string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(segment)
}

// findDeliberate returns the first entry of cgDeliberate that explains d.
func findDeliberate(d difference) (int, bool) {
	for i, e := range cgDeliberate {
		if matchPath(strings.Split(e.path, "/"), strings.Split(d.path, "/")) && (e.same == nil || e.same(d.theirs, d.ours)) {
			return i, true
		}
	}
	return -1, false
}

// matchPath matches a path against a pattern, segment by segment; "**"
// matches any number of segments.
func matchPath(pattern, segments []string) bool {
	if len(pattern) == 0 {
		return len(segments) == 0
	}
	if pattern[0] == "**" {
		for i := 0; i <= len(segments); i++ {
			if matchPath(pattern[1:], segments[i:]) {
				return true
			}
		}
		return false
	}
	if len(segments) == 0 {
		return false
	}
	ok, _ := path.Match(pattern[0], segments[0])
	return ok && matchPath(pattern[1:], segments[1:])
}

// withoutVersionStamp is controller-gen's metadata.annotations (or one of
// them) without its version annotation.
func withoutVersionStamp(annotations any) any {
	const stamp = "controller-gen.kubebuilder.io/version"
	switch v := annotations.(type) {
	case string:
		if v == cgVersion {
			return missing{}
		}
	case map[string]any:
		rest := map[string]any{}
		for key, value := range v {
			if key != stamp {
				rest[key] = value
			}
		}
		if len(rest) == 0 {
			return missing{}
		}
		return rest
	}
	return annotations
}
