package lint_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/internal/golden"
)

// The CEL rules of a package that writes no CRD are refused exactly where
// the crd generator refuses them in the CRD it writes of the same types,
// which is apiextensions' own validation, what kube-apiserver runs on CRD
// create: every rule marked "bad" (does not compile, names a missing field,
// has the wrong result type, is over the cost budget), none marked "ok".
func TestRulesAgreeWithCRDCreate(t *testing.T) {
	const dir = "testdata/agreement"
	source, err := os.ReadFile(filepath.Join(dir, "nocrd", "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	if withCRD, err := os.ReadFile(filepath.Join(dir, "crd", "types.go")); err != nil || !bytes.Equal(source, withCRD) {
		t.Fatalf("%s/nocrd/types.go and crd/types.go must be the same file (%v)", dir, err)
	}
	bad, ok := markedRules(source)
	if len(bad) < 5 || len(ok) < 5 {
		t.Fatalf("%d bad and %d ok rules; keep at least 5 of each", len(bad), len(ok))
	}
	for _, variant := range []string{"nocrd", "crd"} {
		_, err := pipeline.NewPlan(pipeline.Options{Dir: golden.RepoRoot(t), Patterns: []string{"./generators/lint/" + dir + "/" + variant}, Only: []string{"crd"}})
		refused := refusedLines(err, variant)
		for _, line := range refused {
			if slices.Contains(ok, line) {
				t.Errorf("%s: the rule at line %d, which kube-apiserver accepts, is refused", variant, line)
			}
		}
		for _, line := range bad {
			if !slices.Contains(refused, line) {
				t.Errorf("%s: the rule at line %d, which kube-apiserver refuses, is accepted", variant, line)
			}
		}
		if t.Failed() {
			t.Logf("%s errors:\n%v", variant, err)
		}
	}
}

// markedRules are the lines of the XValidation markers with message="bad"
// and with message="ok".
func markedRules(source []byte) (bad, ok []int) {
	for i, line := range strings.Split(string(source), "\n") {
		if !strings.Contains(line, "+kubebuilder:validation:XValidation:") {
			continue
		}
		switch {
		case strings.Contains(line, `message="bad"`):
			bad = append(bad, i+1)
		case strings.Contains(line, `message="ok"`):
			ok = append(ok, i+1)
		}
	}
	return bad, ok
}

var typesLine = regexp.MustCompile(`types\.go:(\d+):\d+: `)

// refusedLines are the lines of types.go that the errors of variant are at.
func refusedLines(err error, variant string) []int {
	if err == nil {
		return nil
	}
	var lines []int
	for _, text := range strings.Split(err.Error(), "\n") {
		if !strings.Contains(text, "/"+variant+"/types.go:") {
			continue
		}
		if m := typesLine.FindStringSubmatch(text); m != nil {
			n, _ := strconv.Atoi(m[1])
			lines = append(lines, n)
		}
	}
	return lines
}
