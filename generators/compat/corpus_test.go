package compat_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/metagen-dev/metagen/generators/compat"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// corpusCase is one seeded change: testdata/corpus/<name>.txtar holds the
// old and new files of its packages and the classification it must get.
type corpusCase struct {
	name     string
	breaking bool   // the change breaks clients or stored objects
	rule     string // the finding that must be reported; "-" for none
}

// TestCorpus loads every case's old and new packages in one module each,
// compares them once, and classifies each case by the findings of its
// group: the confusion table must show every breaking change caught, no
// false alarm, and each case's finding named.
func TestCorpus(t *testing.T) {
	cases, oldRoot, newRoot := writeCorpus(t)
	result, err := compat.Run(compat.Options{Dir: newRoot, OldDir: oldRoot})
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	compat.WriteText(&text, result, newRoot)
	t.Log("\n" + text.String())
	byCase := map[string][]compat.Finding{}
	for _, f := range result.Findings {
		group := strings.SplitN(f.Kind, "/", 2)[0]
		byCase[strings.TrimSuffix(group, ".compat.test")] = append(byCase[strings.TrimSuffix(group, ".compat.test")], f)
	}
	var caught, missed, falseAlarms, quiet, unnamed []string
	for _, c := range cases {
		findings := byCase[c.name]
		breaking := slices.ContainsFunc(findings, func(f compat.Finding) bool { return f.Breaking })
		named := c.rule == "-" && len(findings) == 0 || slices.ContainsFunc(findings, func(f compat.Finding) bool {
			return f.Rule == c.rule && f.Breaking == c.breaking
		})
		switch {
		case c.breaking && breaking:
			caught = append(caught, c.name)
		case c.breaking:
			missed = append(missed, c.name)
		case breaking:
			falseAlarms = append(falseAlarms, c.name)
		default:
			quiet = append(quiet, c.name)
		}
		if !named {
			unnamed = append(unnamed, c.name)
			t.Errorf("%s: want a %s finding, got:\n%s", c.name, describe(c), dump(findings))
		}
		if c.breaking && breaking && !strings.Contains(dump(findings), "types.go:") {
			t.Errorf("%s: findings are not positioned at the source:\n%s", c.name, dump(findings))
		}
	}
	checkRatcheting(t, byCase)
	table := fmt.Sprintf("confusion table (%d cases)\n"+
		"                    reported breaking   reported compatible\n"+
		"breaking (%2d)       caught %3d          missed %3d\n"+
		"compatible (%2d)     false alarms %3d    correct %3d\n"+
		"finding named: %d of %d",
		len(cases), len(caught)+len(missed), len(caught), len(missed), len(falseAlarms)+len(quiet), len(falseAlarms), len(quiet),
		len(cases)-len(unnamed), len(cases))
	t.Log("\n" + table)
	if len(missed) > 0 || len(falseAlarms) > 0 {
		t.Errorf("missed: %v; false alarms: %v\n%s", missed, falseAlarms, table)
	}
	if len(caught) < 40 || len(quiet) < 20 {
		t.Errorf("the corpus needs at least 40 breaking and 20 compatible cases, has %d and %d", len(caught)+len(missed), len(quiet)+len(falseAlarms))
	}
}

// checkRatcheting holds the ratcheting notes to what kube-apiserver 1.37
// does: an unchanged value ratchets where old and new correlate (fields,
// listType=map items), an atomic list's items only with the whole list, a
// required field only with its whole parent, a transition rule never.
func checkRatcheting(t *testing.T, byCase map[string][]compat.Finding) {
	t.Helper()
	for name, want := range map[string]string{
		"maxlength-added":              "survive updates that leave spec.name unchanged",
		"listmap-item-bound-tightened": "survive updates that leave spec.ports[*].number unchanged",
		"items-maxlength-added":        "only while the whole list spec.tags stays unchanged",
		"nested-list-enum-removed":     "only while the whole list spec.ports stays unchanged",
		"optional-to-required":         "survive only updates that leave spec entirely unchanged",
		"immutable-cel-added":          "not ratcheted",
	} {
		found := false
		for _, f := range byCase[name] {
			found = found || f.Breaking && strings.Contains(f.Ratcheting, want)
		}
		if !found {
			t.Errorf("%s: no breaking finding whose ratcheting note says %q:\n%s", name, want, dump(byCase[name]))
		}
	}
}

func describe(c corpusCase) string {
	if c.breaking {
		return "breaking " + c.rule
	}
	return "compatible " + c.rule
}

func dump(fs []compat.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %s %v %s %s: %s (new %s, old %s)\n", f.Rule, f.Breaking, f.Kind, f.Path, f.Message, f.New, f.Old)
	}
	return b.String()
}

// writeCorpus writes two modules, old and new, with one directory per case;
// each case's packages get the group <case>.compat.test.
func writeCorpus(t *testing.T) ([]corpusCase, string, string) {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	work := t.TempDir()
	oldRoot, newRoot := filepath.Join(work, "old"), filepath.Join(work, "new")
	writeModule(t, oldRoot)
	writeModule(t, newRoot)
	var cases []corpusCase
	for _, file := range files {
		archive, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c := corpusCase{name: strings.TrimSuffix(filepath.Base(file), ".txtar")}
		want := strings.Fields(strings.TrimPrefix(strings.TrimSpace(string(archive.Comment)), "want:"))
		if len(want) != 2 || want[0] != "breaking" && want[0] != "compatible" {
			t.Fatalf("%s: want \"want: breaking|compatible RULE\", got %q", file, archive.Comment)
		}
		c.breaking, c.rule = want[0] == "breaking", want[1]
		cases = append(cases, c)
		for _, f := range archive.Files {
			side, rel, _ := strings.Cut(f.Name, "/")
			root := map[string]string{"old": oldRoot, "new": newRoot}[side]
			if root == "" {
				t.Fatalf("%s: file %s is neither old/ nor new/", file, f.Name)
			}
			writePackageFile(t, filepath.Join(root, c.name, filepath.FromSlash(rel)), c.name, string(f.Data))
		}
	}
	return cases, oldRoot, newRoot
}

// writePackageFile writes a case file with its package clause and the
// metav1 import, and a doc.go with the case's group.
func writePackageFile(t *testing.T, path, name, body string) {
	t.Helper()
	pkg := filepath.Base(filepath.Dir(path))
	testfile.Write(t, path, "package "+pkg+"\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n"+body)
	testfile.Write(t, filepath.Join(filepath.Dir(path), "doc.go"), "// +groupName="+name+".compat.test\npackage "+pkg+"\n")
}

func writeModule(t *testing.T, root string) {
	t.Helper()
	mod := readFile(t, "../../go.mod")
	testfile.Write(t, filepath.Join(root, "go.mod"), "module compat.test\n"+strings.SplitN(mod, "\n", 2)[1])
	testfile.Write(t, filepath.Join(root, "go.sum"), readFile(t, "../../go.sum"))
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
