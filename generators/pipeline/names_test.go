package pipeline_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/schema/resources"
)

// The resource names every generator writes come from the Kubernetes layer:
// for every root type of every golden case and example, the CRD's names,
// the typed client's resource and the fake's resource are the one the layer
// gives (a Person is "people" in all three, not "persons" in the client),
// and so is what the in-process server serves for the types (checkServed:
// its discovery, with the names it reads from the CRDs, and from the scheme
// alone, with the names the generated register or validation file records
// on it: every version of the names case and the widgets example).
func TestResourceNamesAgreeAcrossGenerators(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	settings := model.Settings{CRDDir: "generators/pipeline/testdata/zz-names-crds"}
	want := map[resourceKey]*model.Resource{}
	crds, typed, fakes, versions, served, fromScheme := 0, 0, 0, 0, 0, 0
	for _, dir := range caseDirs(t, root) {
		patterns := inputPackages(t, root, dir)
		universe, err := load.Load(load.Options{Dir: root, Patterns: patterns, Settings: settings})
		if err != nil {
			t.Fatal(err)
		}
		// A case written for one generator may be refused by the other
		// (a client case with two versions and no storage version): then
		// each generator alone.
		var plans []*gofile.Plan
		if plan, err := pipeline.NewPlan(pipeline.Options{Dir: root, Patterns: patterns, Only: []string{"crd", "client"}, Settings: settings}); err == nil {
			plans = append(plans, plan)
		} else {
			for _, g := range []string{"crd", "client"} {
				if plan, err := pipeline.NewPlan(pipeline.Options{Dir: root, Patterns: patterns, Only: []string{g}, Settings: settings}); err == nil {
					plans = append(plans, plan)
				}
			}
		}
		if len(plans) == 0 {
			t.Errorf("%s: neither crd nor client generates", dir)
		}
		caseWant := map[resourceKey]*model.Resource{}
		byVersion := map[string]*model.Resource{}     // group/kind/version
		byKindVersion := map[string]map[string]bool{} // kind/version → plurals the layer gives
		for _, pkg := range universe.Packages {
			for _, typ := range pkg.NamedTypes {
				if res := typ.Resource; res != nil {
					caseWant[resourceKey{pkg.API.Group, res.Kind}] = res
					byVersion[pkg.API.Group+"/"+res.Kind+"/"+pkg.API.Version] = res
					want[resourceKey{dir + ":" + pkg.API.Group, res.Kind}] = res
					kv := res.Kind + "/" + pkg.API.Version
					if byKindVersion[kv] == nil {
						byKindVersion[kv] = map[string]bool{}
					}
					byKindVersion[kv][res.Plural] = true
				}
			}
		}
		for _, plan := range plans {
			c, ty, f, v := checkNames(t, plan, caseWant, byKindVersion, byVersion)
			crds, typed, fakes, versions = crds+c, typed+ty, fakes+f, versions+v
		}
		withCRDs, schemeOnly := checkServed(t, dir, plans, registrations(t, root, patterns, settings), byVersion)
		served, fromScheme = served+withCRDs, fromScheme+schemeOnly
		if mustRecord[dir] && schemeOnly != withCRDs {
			t.Errorf("%s: the server was compared from the scheme alone on %d of %d versions: the generated code records no names for the others", dir, schemeOnly, withCRDs)
		}
	}
	if len(want) < 20 {
		t.Fatalf("only %d resources in the cases; the test would prove little", len(want))
	}
	t.Logf("resources=%d crds=%d crd-versions=%d typed-clients=%d fake-clients=%d served-versions=%d served-from-scheme=%d agree", len(want), crds, versions, typed, fakes, served, fromScheme)
	if crds == 0 || typed == 0 || fakes == 0 || served < versions {
		t.Errorf("crds=%d typed=%d fakes=%d served=%d (of %d CRD versions): every kind of output must be checked", crds, typed, fakes, served, versions)
	}
	if res := want[resourceKey{"generators/pipeline/testdata/names:names.example.com", "Person"}]; res == nil || res.Plural != "people" {
		t.Errorf("Person: %+v, want plural people (controller-gen's, for a kubebuilder root)", res)
	}
}

type resourceKey struct{ group, kind string }

// mustRecord are the cases whose every kind the generated code must record
// on the scheme: the names case's package gets a generated register file,
// the widgets example (a hand-written register.go) a validation file.
var mustRecord = map[string]bool{"generators/pipeline/testdata/names": true, "examples/widgets/v1": true}

// registrations are what the case's generated register and validation
// files record on a scheme; none when neither generates for the case.
func registrations(t *testing.T, root string, patterns []string, settings model.Settings) map[schema.GroupVersionKind]resources.Names {
	t.Helper()
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: root, Patterns: patterns, Only: []string{"register", "validation"}, Settings: settings})
	if err != nil {
		t.Logf("register, validation: %v", err)
		return nil
	}
	return registrationsOf(t, plan)
}

// caseDirs are the golden cases of crd and client (those that generate)
// and the examples, relative to the module root.
func caseDirs(t *testing.T, root string) []string {
	dirs := []string{"generators/pipeline/testdata/names", "examples/widgets/v1"}
	for _, gen := range []string{"crd", "client"} {
		entries, err := os.ReadDir(filepath.Join(root, "generators", gen, "testdata"))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() && !strings.HasPrefix(e.Name(), "err_") {
				dirs = append(dirs, filepath.Join("generators", gen, "testdata", e.Name()))
			}
		}
	}
	return dirs
}

// inputPackages are the patterns of a case's directories with Go files,
// without its want/ and generated client/ trees.
func inputPackages(t *testing.T, root, dir string) []string {
	var patterns []string
	err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if base := d.Name(); base == "want" || base == "client" {
			return filepath.SkipDir
		}
		if goFiles, _ := filepath.Glob(filepath.Join(path, "*.go")); len(goFiles) > 0 {
			rel, _ := filepath.Rel(root, path)
			patterns = append(patterns, "./"+filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return patterns
}

// checkNames compares one plan's CRDs, typed clients and fakes with the layer.
func checkNames(t *testing.T, plan *gofile.Plan, want map[resourceKey]*model.Resource, byKindVersion map[string]map[string]bool, byVersion map[string]*model.Resource) (crds, typed, fakes, versions int) {
	t.Helper()
	typedRE := regexp.MustCompile(`gentype\.NewClient\w*\[\*\w+\.(\w+)[,\]][^(]*\(\s*"([^"]+)"`)
	fakeRE := regexp.MustCompile(`WithResource\("([^"]+)"\),\s*\w+\.SchemeGroupVersion\.WithKind\("(\w+)"\)`)
	for _, change := range plan.Changes {
		content := string(change.New)
		switch {
		case strings.HasSuffix(change.Path, ".yaml"):
			var crd struct {
				Spec struct {
					Group string `json:"group"`
					Scope string `json:"scope"`
					Names struct {
						Kind       string   `json:"kind"`
						Plural     string   `json:"plural"`
						Singular   string   `json:"singular"`
						ShortNames []string `json:"shortNames"`
						Categories []string `json:"categories"`
					} `json:"names"`
					Versions []struct {
						Name    string `json:"name"`
						Served  bool   `json:"served"`
						Storage bool   `json:"storage"`
					} `json:"versions"`
				} `json:"spec"`
			}
			if err := yaml.Unmarshal(change.New, &crd); err != nil {
				t.Fatalf("%s: %v", change.Path, err)
			}
			n := crd.Spec.Names
			res := want[resourceKey{crd.Spec.Group, n.Kind}]
			if res == nil {
				t.Errorf("%s: CRD for %s.%s, which the layer does not know", change.Path, n.Kind, crd.Spec.Group)
				continue
			}
			crds++
			if n.Plural != res.Plural || n.Singular != res.Singular || strings.Join(n.ShortNames, ",") != strings.Join(res.ShortNames, ",") ||
				strings.Join(n.Categories, ",") != strings.Join(res.Categories, ",") || (crd.Spec.Scope == "Cluster") != res.ClusterScoped {
				t.Errorf("%s: CRD names %+v scope %s; the layer: %+v", change.Path, n, crd.Spec.Scope, *res)
			}
			// Served and storage versions: the layer's, per version.
			for _, v := range crd.Spec.Versions {
				layer := byVersion[crd.Spec.Group+"/"+n.Kind+"/"+v.Name]
				if layer == nil {
					t.Errorf("%s: version %s, which the layer does not know", change.Path, v.Name)
					continue
				}
				versions++
				storage := layer.Of != nil && layer.Of.Storage != nil && layer.Of.Storage.Resource == layer
				if v.Served != !layer.Unserved || v.Storage != storage {
					t.Errorf("%s: version %s served=%v storage=%v; the layer: served=%v storage=%v", change.Path, v.Name, v.Served, v.Storage, !layer.Unserved, storage)
				}
			}
		case strings.Contains(change.Path, string(filepath.Separator)+"typed"+string(filepath.Separator)):
			version := filepath.Base(filepath.Dir(change.Path))
			re, fake := typedRE, false
			if version == "fake" {
				version, re, fake = filepath.Base(filepath.Dir(filepath.Dir(change.Path))), fakeRE, true
			}
			for _, m := range re.FindAllStringSubmatch(content, -1) {
				kind, resource := m[1], m[2]
				if fake {
					kind, resource = m[2], m[1]
					fakes++
				} else {
					typed++
				}
				if plurals := byKindVersion[kind+"/"+version]; !plurals[resource] {
					t.Errorf("%s: the client requests %q for %s %s; the layer gives %v", change.Path, resource, kind, version, plurals)
				}
			}
		}
	}
	return crds, typed, fakes, versions
}
