package manifest_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/generators/rbac"
	"github.com/metagen-dev/metagen/generators/webhook"
	"github.com/metagen-dev/metagen/internal/anchors"
	"github.com/metagen-dev/metagen/internal/golden"
	"github.com/metagen-dev/metagen/internal/testfile"
)

const (
	cgPackage = "sigs.k8s.io/controller-tools/cmd/controller-gen"
	cgVersion = "v0.23.0"
	cgEnv     = "METAGEN_CONTROLLERGEN"
)

// cgRun is one way of running both tools: controller-gen's generator
// options and metagen's settings that mean the same.
type cgRun struct {
	name      string
	cgOptions []string
	settings  map[string]string
	rbacFile  string
}

var cgRuns = []cgRun{
	{name: "defaults", cgOptions: []string{"rbac:roleName=manager-role", "webhook"}, rbacFile: "role.yaml"},
	{
		name:      "options",
		cgOptions: []string{"rbac:roleName=fleet-manager,fileName=cluster-role.yaml,headerFile=hack/boilerplate.yaml.txt", "webhook:headerFile=hack/boilerplate.yaml.txt"},
		settings: map[string]string{
			rbac.OptionRoleName.Name: "fleet-manager", rbac.OptionFileName.Name: "cluster-role.yaml",
			rbac.OptionHeader.Name: "hack/boilerplate.yaml.txt", webhook.OptionHeader.Name: "hack/boilerplate.yaml.txt",
		},
		rbacFile: "cluster-role.yaml",
	},
}

// TestAgainstControllerGen runs controller-gen's rbac and webhook
// generators and metagen's on a copy of the corpus (testdata/kubebuilder,
// which uses every argument of the markers) in a temporary module, with
// default options and with roleName, fileName and headerFile: the manifests
// must be byte-equal below metagen's header line. Set METAGEN_CONTROLLERGEN=1
// to run it; controller-gen is installed from the Go module proxy once.
func TestAgainstControllerGen(t *testing.T) {
	if os.Getenv(cgEnv) != "1" {
		t.Skipf("set %s=1 to compare the RBAC and webhook manifests with controller-gen %s's", cgEnv, cgVersion)
	}
	start := time.Now()
	bins, err := anchors.Install(t.Context(), nil, cgVersion, cgPackage)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	golden.CopyCase(t, filepath.Join("testdata", "kubebuilder"), work)
	header := "# Copyright The Fleet Authors.\n#\n# SPDX-License-Identifier: Apache-2.0\n\n"
	testfile.Write(t, filepath.Join(work, "hack", "boilerplate.yaml.txt"), header)
	testfile.Write(t, filepath.Join(work, "go.mod"), "module example.com/fleet\n\ngo 1.24\n")
	compared := 0
	for _, run := range cgRuns {
		theirs := filepath.Join(work, "out", run.name, "controller-gen")
		args := append(append([]string{}, run.cgOptions...), "paths=./...",
			"output:rbac:artifacts:config="+filepath.Join(theirs, "rbac"), "output:webhook:artifacts:config="+filepath.Join(theirs, "webhook"))
		cmd := exec.Command(bins["controller-gen"], args...)
		cmd.Dir = work
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("controller-gen %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		ours := filepath.Join(work, "out", run.name, "metagen")
		settings := map[string]string{rbac.OptionDir.Name: filepath.Join(ours, "rbac"), webhook.OptionDir.Name: filepath.Join(ours, "webhook")}
		for k, v := range run.settings {
			if k == rbac.OptionHeader.Name || k == webhook.OptionHeader.Name {
				v = filepath.Join(work, v)
			}
			settings[k] = v
		}
		if _, err := pipeline.Generate(pipeline.Options{Dir: work, Patterns: []string{"./..."}, Only: []string{"rbac", "webhook"}, Settings: model.Settings{Options: settings}}); err != nil {
			t.Fatalf("metagen (%s): %v", run.name, err)
		}
		for _, file := range []string{filepath.Join("rbac", run.rbacFile), filepath.Join("webhook", "manifests.yaml")} {
			want := readFile(t, filepath.Join(theirs, file))
			got := readFile(t, filepath.Join(ours, file))
			body, ok := bytes.CutPrefix(got, []byte(load.GeneratedHeaderYAML+"\n"))
			if !ok {
				t.Errorf("%s/%s: no metagen header line", run.name, file)
			}
			if !bytes.Equal(body, want) {
				t.Errorf("%s/%s differs from controller-gen's:\n%s", run.name, file, golden.LineDiff(string(want), string(body)))
				continue
			}
			compared++
			t.Logf("%s/%s: byte-equal (%d bytes, %d documents)", run.name, file, len(want), bytes.Count(want, []byte("---\n")))
		}
	}
	summary := fmt.Sprintf("rbac+webhook-vs-controller-gen: corpus=kubebuilder runs=%d files byte-equal=%d/%d (%s)",
		len(cgRuns), compared, 2*len(cgRuns), time.Since(start).Round(time.Millisecond))
	t.Log(summary)
	fmt.Println(summary)
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
