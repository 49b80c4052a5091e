package e2eenv

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// Env vars that hack/e2e/run.sh sets for the tally.
const (
	// AllowListVar names the allow-list file; by default hack/e2e/allow.txt.
	AllowListVar = "METAGEN_E2E_ALLOW"
	// ReportVar names a file each suite appends its agreement line to, so
	// run.sh can print every line at the end without `go test -v`.
	ReportVar = "METAGEN_E2E_REPORT"
)

// A Tally counts a suite's cases. A case that differs fails the test
// unless the allow-list names it, with a reason.
type Tally struct {
	tb                       testing.TB
	suite                    string
	allow                    map[string]string
	used                     map[string]bool
	cases, agree, allowances int
}

// NewTally starts the count for suite and prints the allow-list entries
// that concern it.
func NewTally(tb testing.TB, suite string) *Tally {
	tb.Helper()
	t := &Tally{tb: tb, suite: suite, allow: readAllowList(tb, suite), used: map[string]bool{}}
	for _, id := range sortedKeys(t.allow) {
		tb.Logf("allow-list: %s: %s", id, t.allow[id])
	}
	return t
}

// Case records case id (unique within the suite). diff is empty when the
// two sides agree, and otherwise says how they differ.
func (t *Tally) Case(id, diff string) {
	t.tb.Helper()
	t.cases++
	pattern, reason := t.allowed(id)
	switch {
	case diff == "":
		t.agree++
	case pattern != "":
		t.allowances++
		t.used[pattern] = true
		t.tb.Logf("%s/%s differs (allowed: %s):\n%s", t.suite, id, reason, diff)
	default:
		t.tb.Errorf("%s/%s differs:\n%s", t.suite, id, diff)
	}
}

// Allowed returns the reason the allow-list gives for id, or "".
func (t *Tally) Allowed(id string) string {
	_, reason := t.allowed(id)
	return reason
}

// allowed returns the allow-list entry that matches id, if any.
func (t *Tally) allowed(id string) (pattern, reason string) {
	for pattern, reason := range t.allow {
		if ok, _ := path.Match(pattern, id); ok {
			return pattern, reason
		}
	}
	return "", ""
}

// Report prints the agreement line, on the test log and in the report file.
func (t *Tally) Report() {
	t.tb.Helper()
	for _, id := range sortedKeys(t.allow) {
		if !t.used[id] {
			t.tb.Logf("allow-list: %s/%s matched no difference; remove it", t.suite, id)
		}
	}
	Record(t.tb, fmt.Sprintf("conformance: suite=%s cases=%d agree=%d allowed=%d", t.suite, t.cases, t.agree, t.allowances))
}

// Record prints a summary line on the test log and appends it to the
// report file that run.sh prints at the end.
func Record(tb testing.TB, line string) {
	tb.Helper()
	tb.Log(line)
	file := os.Getenv(ReportVar)
	if file == "" {
		return
	}
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	if _, err := fmt.Fprintln(f, line); err != nil {
		tb.Fatal(err)
	}
}

// readAllowList returns the entries for suite: lines "suite/case | reason",
// with # comments, where case is a path.Match pattern ('*' stops at '/').
// An entry without a reason is an error.
func readAllowList(tb testing.TB, suite string) map[string]string {
	tb.Helper()
	file := os.Getenv(AllowListVar)
	if file == "" {
		_, self, _, _ := runtime.Caller(0)
		file = filepath.Join(filepath.Dir(self), "..", "allow.txt")
	}
	f, err := os.Open(file)
	if err != nil {
		tb.Fatalf("allow-list: %v", err)
	}
	defer f.Close()
	entries := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, _ := strings.Cut(line, "|")
		key, reason = strings.TrimSpace(key), strings.TrimSpace(reason)
		if reason == "" {
			tb.Fatalf("%s:%d: %s has no reason", file, n, key)
		}
		if id, ok := strings.CutPrefix(key, suite+"/"); ok {
			entries[id] = reason
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return entries
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
