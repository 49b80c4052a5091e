package cli

import (
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/client"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// The anchors' options as flags: --crd-dir writes CRDs without a
// +metagen:crd-dir marker, --max-desc-len=0 drops descriptions, and
// --plural-exceptions names the resource in the CRD and the client alike.
func TestAnchorFlagsReplaceSourceEdits(t *testing.T) {
	root := repoRoot(t)
	opts, _, err := parsePipelineFlags("generate", []string{
		"--crd-dir", "generators/pipeline/testdata/zz-crds", "--max-desc-len=0",
		"--plural-exceptions", "Mouse:Mice", "-g", "crd,client", "./generators/pipeline/testdata/names/v1",
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	opts.Dir = root
	plan, err := pipeline.NewPlan(opts)
	if err != nil {
		t.Fatal(err)
	}
	crdDir := filepath.Join(root, "generators/pipeline/testdata/zz-crds")
	crds := 0
	for _, c := range plan.Changes {
		if !strings.HasSuffix(c.Path, ".yaml") {
			continue
		}
		crds++
		if filepath.Dir(c.Path) != crdDir {
			t.Errorf("CRD %s outside --crd-dir %s", c.Path, crdDir)
		}
		if strings.Contains(string(c.New), "description:") {
			t.Errorf("%s has descriptions despite --max-desc-len=0", c.Path)
		}
	}
	if crds != 7 {
		t.Errorf("%d CRDs, want one per kind (7)", crds)
	}
	var mice, typedMouse bool
	for _, c := range plan.Changes {
		if strings.HasSuffix(c.Path, "names.example.com_mice.yaml") {
			mice = true
		}
		if strings.HasSuffix(c.Path, filepath.FromSlash("typed/names/v1/mouse.go")) {
			typedMouse = true
		}
		if strings.HasSuffix(c.Path, filepath.FromSlash("typed/names/v1/mouse.go")) && !strings.Contains(string(c.New), `"mice"`) {
			t.Errorf("typed client of Mouse does not request mice:\n%s", c.New)
		}
	}
	if !typedMouse {
		t.Error("no typed client typed/names/v1/mouse.go")
	}
	if !mice {
		t.Error("no CRD names.example.com_mice.yaml for --plural-exceptions Mouse:Mice")
	}
}

func TestAnchorFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--max-desc-len=-1"},
		{"--crd-versions=v1beta1"},
		{"--plural-exceptions", "Mouse"},
		{"--plural-exceptions", "Mouse:Mice,Mouse:Mouses"},
		{"--clientset-name", "a/b"},
		{"--crd-api-approved", "example.com=unapproved"},
		{"--crd-api-approved", "approved"},
		{"--crd-api-approved", "unapproved", "--crd-api-approved", "https://example.com/review"},
	} {
		if _, _, err := parsePipelineFlags("generate", args, io.Discard); err == nil {
			t.Errorf("%v: accepted", args)
		}
	}
}

// --crd-api-approved is repeatable: a value for every protected group and
// GROUP=VALUE for one, into the crd settings.
func TestCRDAPIApprovedFlag(t *testing.T) {
	opts, _, err := parsePipelineFlags("generate", []string{
		"--crd-api-approved", "unapproved, a test", "--crd-api-approved=x.k8s.io=https://github.com/kubernetes/enhancements/pull/1111",
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"": "unapproved, a test", "x.k8s.io": "https://github.com/kubernetes/enhancements/pull/1111"}
	if got := opts.Settings.CRD.APIApproved; !reflect.DeepEqual(got, want) {
		t.Errorf("settings %v, want %v", got, want)
	}
}

// The client generator's options (gen.Option: --client-dir,
// --clientset-name, --with-watch, --with-applyconfig) reach its settings
// as given, and read their defaults when not given.
func TestClientOptionFlags(t *testing.T) {
	opts, _, err := parsePipelineFlags("generate", []string{"--with-watch=false", "--clientset-name", "versioned", "--client-dir=pkg/client"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	s := opts.Settings
	if client.OptionWithWatch.On(s) || !client.OptionWithApplyconfig.On(s) || client.OptionClientsetName.Value(s) != "versioned" || client.OptionDir.Value(s) != "pkg/client" {
		t.Errorf("settings %v: want no watch, apply configurations, clientset versioned in pkg/client", s.Options)
	}
	opts, _, err = parsePipelineFlags("generate", []string{"--with-applyconfig=false"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if s := opts.Settings; !client.OptionWithWatch.On(s) || client.OptionWithApplyconfig.On(s) || client.OptionClientsetName.Value(s) != "" {
		t.Errorf("settings %v: want the defaults but --with-applyconfig=false", s.Options)
	}
}
