package openapi_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// TestDepartures checks that our default output differs from the output
// compatible with openapi-gen (which TestAgainstOpenAPIGen and TestK8sAPI
// prove equal to openapi-gen's) only in the ways the package documents: on
// the golden cases and on all of k8s.io/api.
func TestDepartures(t *testing.T) {
	universe := loadCases(t, repoRoot(t), caseNames(t))
	counts, unexplained := openapi.Departures(universe)
	report(t, "golden cases", counts, unexplained)
	if testing.Short() {
		return
	}
	work := filepath.Join(t.TempDir(), "api")
	copyModule(t, moduleDir(t, k8sAPIModule), work)
	api, err := load.Load(load.Options{Dir: work, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatalf("load k8s.io/api: %v", err)
	}
	counts, unexplained = openapi.Departures(api)
	report(t, "k8s.io/api", counts, unexplained)
}

func report(t *testing.T, what string, counts map[string]int, unexplained []string) {
	t.Helper()
	for _, u := range unexplained {
		t.Errorf("%s: undocumented difference from openapi-gen: %s", what, u)
	}
	var lines []string
	for _, category := range sortedKeys(counts) {
		lines = append(lines, "  "+category+": "+strconv.Itoa(counts[category]))
	}
	t.Logf("%s, differences from openapi-gen by documented departure:\n%s", what, strings.Join(lines, "\n"))
}
