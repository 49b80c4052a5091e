package compat_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/generators/compat"
)

// The real history: k8s.io/api from the last 1.36 patch to the release the
// project builds on.
const (
	k8sAPIOld = "k8s.io/api@v0.36.6"
	k8sAPINew = "k8s.io/api@v0.37.2"
)

// acceptedGABreaks are the breaking findings on GA v1 groups between the two
// releases, each a true break upstream made knowingly: all are fields behind
// the DRANodeAllocatableResources feature gate, alpha since 1.36, which
// carry no compatibility promise (api_changes.md: alpha fields may change).
// Any other breaking finding on a v1 group is a false positive to fix.
var acceptedGABreaks = []string{
	"resource.k8s.io/v1, Kind=ResourceSlice spec.devices[*].nodeAllocatableResourceMappings [field-removed]",
	"v1, Kind=Pod status.nodeAllocatableResourceClaimStatuses [list-type-changed]",
	"v1, Kind=Pod status.nodeAllocatableResourceClaimStatuses[*].resourceClaimName [validation-tightened]",
	"v1, Kind=Pod status.nodeAllocatableResourceClaimStatuses[*].resources [field-removed]",
}

var gaVersion = regexp.MustCompile(`(^|/)v1, Kind=`)

// TestK8sAPIHistory compares k8s.io/api v0.36.6 with v0.37.2, copied out
// of the module cache, and holds every breaking finding on a GA v1 group
// to the list above (METAGEN_COMPAT_K8SAPI=1; about 15s once the modules
// are downloaded).
func TestK8sAPIHistory(t *testing.T) {
	if os.Getenv("METAGEN_COMPAT_K8SAPI") == "" {
		t.Skip("compares two releases of k8s.io/api from the module proxy; set METAGEN_COMPAT_K8SAPI=1")
	}
	start := time.Now()
	result, gaBreaks := history(t, k8sAPIOld, k8sAPINew)
	t.Logf("compat of all of k8s.io/api, %s -> %s: %v (with the copies)", k8sAPIOld, k8sAPINew, time.Since(start))
	for _, f := range result.Findings {
		if f.Breaking && gaVersion.MatchString(f.Kind) && f.FeatureGate == "" {
			t.Errorf("a GA break outside a feature-gated field: %s %s: %s", f.Kind, f.Path, f.Message)
		}
	}
	if !slices.Equal(gaBreaks, acceptedGABreaks) {
		t.Errorf("breaking findings on GA v1 groups:\n  %s\nwant:\n  %s", strings.Join(gaBreaks, "\n  "), strings.Join(acceptedGABreaks, "\n  "))
	}
	if len(result.Skipped) > 3 {
		t.Errorf("%d kinds not compared, want at most the 3 known (recursive Workload, a +listType on a non-list)", len(result.Skipped))
	}
}

// history compares two versions of a module, copied out of the module
// cache, logs the findings and returns them with the breaking ones on v1
// groups, sorted, as "kind path [rule]".
func history(t *testing.T, oldModule, newModule string, patterns ...string) (*compat.Result, []string) {
	t.Helper()
	newDir := filepath.Join(t.TempDir(), "new")
	copyModule(t, cachedModule(t, newModule), newDir)
	// The old version as --old-module fetches it.
	return historyOf(t, compat.Options{Dir: newDir, OldModule: oldModule, Patterns: patterns})
}

// historyOf runs compat, logs the findings and returns them with the
// breaking ones on v1 groups.
func historyOf(t *testing.T, opts compat.Options) (*compat.Result, []string) {
	t.Helper()
	result, err := compat.Run(opts)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	compat.WriteText(&text, result, opts.Dir)
	t.Log("\n" + text.String())
	var gaBreaks []string
	for _, f := range result.Findings {
		if f.Breaking && gaVersion.MatchString(f.Kind) {
			gaBreaks = append(gaBreaks, f.Kind+" "+f.Path+" ["+f.Rule+"]")
		}
	}
	slices.Sort(gaBreaks)
	return result, gaBreaks
}

// cachedModule downloads a module version through the Go module proxy (a
// no-op when cached) and returns its directory in the module cache.
func cachedModule(t *testing.T, module string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir = t.TempDir() // outside any module: the repository's go.mod stays as it is
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", module, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %s %v", module, info.Error, err)
	}
	return info.Dir
}

// copyModule copies a module out of the (read-only) module cache, so that
// it can be loaded as a main module without touching the cache.
func copyModule(t *testing.T, from, to string) {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir(to, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(path, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The gateway-api history: the last 1.5 release against the 1.6 release
// the project's CRD generator is checked on (v1.7 needs a newer Go).
const (
	gatewayOld = "sigs.k8s.io/gateway-api@v1.5.1"
	gatewayNew = "sigs.k8s.io/gateway-api@v1.6.3"
)

// acceptedGatewayBreaks are the breaking findings on gateway-api's v1
// group: three are in fields of its experimental channel
// (<gateway:experimental>: session persistence and retries), which carry no
// promise; ReferenceGrant's spec became required, which rejects a
// ReferenceGrant written without spec (the Go type always writes one).
var acceptedGatewayBreaks = []string{
	"gateway.networking.k8s.io/v1, Kind=GRPCRoute spec.rules[*].sessionPersistence.idleTimeout [field-removed]",
	"gateway.networking.k8s.io/v1, Kind=HTTPRoute spec.rules[*].retry.attempts [validation-tightened]",
	"gateway.networking.k8s.io/v1, Kind=HTTPRoute spec.rules[*].retry.codes [list-type-changed]",
	"gateway.networking.k8s.io/v1, Kind=ReferenceGrant spec [optional-to-required]",
}

// TestGatewayAPIHistory compares gateway-api v1.5.1 with v1.6.3
// (METAGEN_COMPAT_GATEWAY=1; downloads both modules' dependencies).
func TestGatewayAPIHistory(t *testing.T) {
	if os.Getenv("METAGEN_COMPAT_GATEWAY") == "" {
		t.Skip("compares two releases of gateway-api from the module proxy; set METAGEN_COMPAT_GATEWAY=1")
	}
	t.Setenv("GOWORK", "off") // the module ships a go.work naming directories its zip lacks
	_, gaBreaks := history(t, gatewayOld, gatewayNew, "./apis/...", "./apisx/...")
	if !slices.Equal(gaBreaks, acceptedGatewayBreaks) {
		t.Errorf("breaking findings on gateway-api's v1:\n  %s\nwant:\n  %s", strings.Join(gaBreaks, "\n  "), strings.Join(acceptedGatewayBreaks, "\n  "))
	}
}

// The cert-manager history: two consecutive minor releases of its API
// packages (pkg/apis: cert-manager.io, acme.cert-manager.io and the meta
// types they share).
const (
	certManagerOld = "github.com/cert-manager/cert-manager@v1.20.0"
	certManagerNew = "github.com/cert-manager/cert-manager@v1.21.0"
)

// acceptedCertManagerBreaks are the breaking findings on cert-manager's v1
// groups between the two releases, each a true break upstream made
// knowingly. v1.21 adds NGTS as a third Venafi connection and moves the
// "exactly one of tpp, cloud, ngts" check into the CRD as a CEL rule on
// VenafiIssuer (Issuer and ClusterIssuer; its deploy/crds carry the rule).
// v1.20.0's webhook already refused a Venafi issuer with none or both of
// tpp and cloud (internal/apis/certmanager/validation/issuer.go,
// ValidateVenafiIssuerConfig: "please supply one of: tpp, cloud"), so no
// issuer it admitted violates the rule: the schema tightens, what the API
// accepts does not.
var acceptedCertManagerBreaks = []string{
	"cert-manager.io/v1, Kind=ClusterIssuer spec.venafi [cel-rule-added]",
}

// TestCertManagerHistory compares cert-manager v1.20.0 with v1.21.0
// (METAGEN_COMPAT_CERTMANAGER=1; downloads the API packages' dependencies).
func TestCertManagerHistory(t *testing.T) {
	if os.Getenv("METAGEN_COMPAT_CERTMANAGER") == "" {
		t.Skip("compares two releases of cert-manager from the module proxy; set METAGEN_COMPAT_CERTMANAGER=1")
	}
	_, gaBreaks := history(t, certManagerOld, certManagerNew, "./pkg/apis/...")
	if !slices.Equal(gaBreaks, acceptedCertManagerBreaks) {
		t.Errorf("breaking findings on cert-manager's v1 groups:\n  %s\nwant:\n  %s", strings.Join(gaBreaks, "\n  "), strings.Join(acceptedCertManagerBreaks, "\n  "))
	}
}

// The cluster-api history: its API packages at the last 1.13 release,
// where they are part of the main module (sigs.k8s.io/cluster-api, under
// api/), against the 1.14 release, which moved them into a module of their
// own (sigs.k8s.io/cluster-api/api: its v1.14.0, v1.14.1 and v1.14.2 hold
// the same files). The import paths are the same in both.
const (
	clusterAPIOld       = "sigs.k8s.io/cluster-api@v1.13.6"
	clusterAPINew       = "sigs.k8s.io/cluster-api@v1.14.2"
	clusterAPINewModule = "sigs.k8s.io/cluster-api/api@v1.14.2"
)

// cluster-api serves no v1 group (its GA API is v1beta2): every breaking
// finding on any of its versions would need an upstream note, and there is
// none between the two releases. The new optional fields (status.versions,
// upgradePlan, contentFormat …) show the two revisions were compared.
//
// TestClusterAPIHistory compares cluster-api's API packages at v1.13.6 with
// those at v1.14.2 (METAGEN_COMPAT_CLUSTERAPI=1). The new tree is the 1.14
// main module with the api module put back under api/, as one module, as
// the old release lays it out: then both revisions are ./api/... of one
// main module.
func TestClusterAPIHistory(t *testing.T) {
	if os.Getenv("METAGEN_COMPAT_CLUSTERAPI") == "" {
		t.Skip("compares two releases of cluster-api from the module proxy; set METAGEN_COMPAT_CLUSTERAPI=1")
	}
	work := t.TempDir()
	oldDir, newDir := filepath.Join(work, "old"), filepath.Join(work, "new")
	copyModule(t, cachedModule(t, clusterAPIOld), oldDir)
	copyModule(t, cachedModule(t, clusterAPINew), newDir)
	copyModule(t, cachedModule(t, clusterAPINewModule), filepath.Join(newDir, "api"))
	for _, name := range []string{"go.mod", "go.sum"} {
		if err := os.Remove(filepath.Join(newDir, "api", name)); err != nil {
			t.Fatal(err)
		}
	}
	edit := exec.Command("go", "mod", "edit", "-dropreplace=sigs.k8s.io/cluster-api/api", "-droprequire=sigs.k8s.io/cluster-api/api")
	edit.Dir = newDir
	if out, err := edit.CombinedOutput(); err != nil {
		t.Fatalf("go mod edit: %v: %s", err, out)
	}
	result, _ := historyOf(t, compat.Options{Dir: newDir, OldDir: oldDir, Patterns: []string{"./api/..."}})
	for _, f := range result.Findings {
		if f.Breaking {
			t.Errorf("breaking: %s %s [%s]: %s", f.Kind, f.Path, f.Rule, f.Message)
		}
	}
	if !slices.ContainsFunc(result.Findings, func(f compat.Finding) bool {
		return f.Kind == "cluster.x-k8s.io/v1beta2, Kind=MachineDeployment" && f.Path == "status.versions" && f.Rule == "field-added"
	}) {
		t.Errorf("MachineDeployment's new status.versions not found: the releases were not compared")
	}
}
