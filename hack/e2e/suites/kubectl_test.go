//go:build e2e

package suites

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/server"
)

// KubectlVar names the kubectl binary hack/e2e/run.sh built
// (build-kubectl.sh: v1.37.2 from the module proxy).
const KubectlVar = "METAGEN_E2E_KUBECTL"

// kubectlSession is one scripted kubectl session: the CRD, a namespace,
// create, apply (client-side and server-side), client-side validation
// failures, explain, tables, labels, finalizers, delete and wait. Each step
// runs against both servers; its id names it in the tally.
var kubectlSession = []struct{ id, args string }{
	{"apply-crd", "apply -f testdata/kubectl/crd.yaml"},
	{"wait-established", "wait --for condition=established --timeout=60s crd/gizmos.kubectl.e2e.metagen.dev"},
	{"create-namespace", "create namespace kubectl-e2e"},
	{"api-resources", "api-resources --api-group=kubectl.e2e.metagen.dev"},
	{"create", "create -n kubectl-e2e -f testdata/kubectl/a.yaml"},
	{"apply-new", "apply -n kubectl-e2e -f testdata/kubectl/b.yaml"},
	{"apply-change", "apply -n kubectl-e2e -f testdata/kubectl/b2.yaml"},
	{"apply-unchanged", "apply -n kubectl-e2e -f testdata/kubectl/b2.yaml"},
	{"apply-server-side", "apply --server-side -n kubectl-e2e -f testdata/kubectl/c.yaml"},
	{"apply-server-side-again", "apply --server-side -n kubectl-e2e -f testdata/kubectl/c.yaml"},
	{"create-unknown-field", "create -n kubectl-e2e -f testdata/kubectl/unknown-field.yaml"},
	{"create-invalid", "create -n kubectl-e2e -f testdata/kubectl/invalid.yaml"},
	{"diff", "diff -n kubectl-e2e -f testdata/kubectl/b.yaml"},
	{"explain-field", "explain gizmos.spec.color"},
	{"explain-recursive", "explain gizmos.spec --recursive"},
	{"explain-namespace", "explain namespaces.spec"},
	{"get-table", "get gizmos -n kubectl-e2e"},
	{"get-wide-short-name", "get gz -n kubectl-e2e -o wide"},
	{"get-jsonpath", "get gizmo b -n kubectl-e2e -o jsonpath={.spec.color}/{.spec.size}/{.spec.parts[0].count}"},
	{"label", "label gizmo a -n kubectl-e2e tier=two --overwrite"},
	{"get-by-label", "get gizmos -n kubectl-e2e -l tier=two -o name"},
	{"add-finalizer", `patch gizmo a -n kubectl-e2e --type=merge -p {"metadata":{"finalizers":["kubectl.e2e.metagen.dev/hold"]}}`},
	{"delete-held", "delete gizmo a -n kubectl-e2e --wait=false"},
	{"get-terminating", "get gizmo a -n kubectl-e2e -o jsonpath={.metadata.finalizers}/{.metadata.deletionTimestamp}"},
	{"remove-finalizer", `patch gizmo a -n kubectl-e2e --type=json -p [{"op":"remove","path":"/metadata/finalizers"}]`},
	{"wait-deleted", "wait --for=delete gizmo/a -n kubectl-e2e --timeout=60s"},
	{"get-deleted", "get gizmo a -n kubectl-e2e"},
	{"delete-file", "delete -n kubectl-e2e -f testdata/kubectl/b.yaml"},
	{"get-columns", "get gizmos -n kubectl-e2e -o custom-columns=NAME:.metadata.name,COLOR:.spec.color"},
	{"get-namespace", "get namespace kubectl-e2e -o jsonpath={.status.phase}"},
}

// TestKubectl runs kubectlSession with kubectl v1.37.2 against the real
// kube-apiserver and against `metagen serve`'s server (server.Start, with
// its kubeconfig: token, CA), and compares exit codes and standard output,
// timestamps, ages, uids and resourceVersions aside (suite kubectl).
func TestKubectl(t *testing.T) {
	t.Parallel()
	kubectl := os.Getenv(KubectlVar)
	real := os.Getenv(e2eenv.KubeconfigVar)
	if kubectl == "" || real == "" {
		t.Skipf("%s and %s are not set: run the e2e suites with hack/e2e/run.sh", KubectlVar, e2eenv.KubeconfigVar)
	}
	inProcess := filepath.Join(t.TempDir(), "kubeconfig")
	if err := server.StartForTest(t, server.Options{}).WriteKubeconfig(inProcess); err != nil {
		t.Fatal(err)
	}
	want := runKubectlSession(t, kubectl, real)
	got := runKubectlSession(t, kubectl, inProcess)

	tally := e2eenv.NewTally(t, "kubectl")
	for i, step := range kubectlSession {
		diff := ""
		if got[i] != want[i] {
			diff = fmt.Sprintf("real:\n%s\nin-process:\n%s", want[i], got[i])
		}
		tally.Case(step.id, diff)
	}
	tally.Report()
}

// runKubectlSession runs every step with kubeconfig and returns, for each,
// its exit code and normalized standard output (and standard error, for the
// report only when they differ).
func runKubectlSession(t *testing.T, kubectl, kubeconfig string) []string {
	home := t.TempDir() // kubectl's discovery and OpenAPI caches, apart for each server
	var results []string
	for _, step := range kubectlSession {
		ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
		cmd := exec.CommandContext(ctx, kubectl, strings.Fields(step.args)...)
		cmd.Env = append(os.Environ(), "KUBECONFIG="+kubeconfig, "HOME="+home, "KUBECTL_KUBERC=false")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", step.id, err)
		}
		result := fmt.Sprintf("exit %d\n%s", code, normalizeKubectl(stdout.String()))
		t.Logf("%s (%s): %s\nstderr: %s", step.id, kubeconfig, result, stderr.String())
		results = append(results, result)
	}
	return results
}

var kubectlVolatile = []struct {
	pattern *regexp.Regexp
	with    string
}{
	{regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z`), "<time>"},
	{regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)? [+-]\d{4}`), "<time>"}, // kubectl diff's file times
	{regexp.MustCompile(`/(LIVE|MERGED)-\d+/`), "/$1/"},                                // kubectl diff's temporary directories
	{regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`), "<uid>"},
	{regexp.MustCompile(`(resourceVersion"?:\s*"?)\d+`), "${1}<rv>"},
	{regexp.MustCompile(`\b(\d+[smhd])+\b`), "<age>"},
	{regexp.MustCompile(`[ \t]+`), " "}, // table columns are as wide as their values
}

func normalizeKubectl(out string) string {
	for _, v := range kubectlVolatile {
		out = v.pattern.ReplaceAllString(out, v.with)
	}
	return strings.TrimSpace(out)
}
