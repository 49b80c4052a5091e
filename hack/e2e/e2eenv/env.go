// Package e2eenv gives e2e tests the real kube-apiserver that
// hack/e2e/run.sh started, through the environment it exports.
package e2eenv

import (
	"os"
	"testing"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

// KubeconfigVar names the kubeconfig of the admin user (system:masters).
const KubeconfigVar = "METAGEN_E2E_KUBECONFIG"

// RESTConfig returns the admin's rest.Config for the real server. It skips
// the test when hack/e2e/run.sh did not start one; the e2e build tag keeps
// such tests out of plain `go test ./...`, so a skip is never a silent pass
// in CI.
func RESTConfig(tb testing.TB) *rest.Config {
	tb.Helper()
	path := os.Getenv(KubeconfigVar)
	if path == "" {
		tb.Skipf("%s is not set: run the e2e suites with hack/e2e/run.sh", KubeconfigVar)
	}
	cfg, err := clientcmd.BuildConfigFromFlags("", path)
	if err != nil {
		tb.Fatalf("reading %s: %v", path, err)
	}
	// The suites send many requests in a row; client-side throttling would
	// only slow them down and blur the benchmark.
	cfg.QPS, cfg.Burst = -1, 0
	return cfg
}
