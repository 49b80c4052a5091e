// Package golden is the golden-file machinery the generators' tests share:
// one directory per case under testdata/, expected output under want/,
// rewritten by the -update flag of each test. Harness runs the real
// pipeline on each case and builds every want/ tree.
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ErrorsFile holds a failing case's expected errors, one per line, with
// positions relative to the case directory.
const ErrorsFile = "errors.txt"

// Files maps a path relative to want/ (slash-separated) to its content.
type Files map[string][]byte

// RepoRoot is the repository root, seen from a package two levels below it
// (generators/<name>), where go test runs.
func RepoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// WantDir is the expected-output directory of case name.
func WantDir(name string) string { return filepath.Join("testdata", name, "want") }

// Write replaces want/ of case name with got (for -update).
func Write(t testing.TB, name string, got Files) {
	t.Helper()
	want := WantDir(name)
	if err := os.RemoveAll(want); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(want, 0o755); err != nil {
		t.Fatal(err)
	}
	for rel, content := range got {
		path := filepath.Join(want, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Compare fails t for every file that differs from want/, is missing or is
// extra. updateCommand tells how to accept the new output.
func Compare(t testing.TB, name string, got Files, updateCommand string) {
	t.Helper()
	want := Read(t, name)
	for rel, content := range got {
		if expected, ok := want[rel]; !ok {
			t.Errorf("unexpected output %s:\n%s", rel, content)
		} else if !bytes.Equal(content, expected) {
			t.Errorf("%s differs from want/%s (run %s to accept):\n%s", rel, rel, updateCommand, LineDiff(string(expected), string(content)))
		}
	}
	for rel := range want {
		if _, ok := got[rel]; !ok {
			t.Errorf("missing output %s", rel)
		}
	}
}

// Read returns want/ of case name.
func Read(t testing.TB, name string) Files {
	t.Helper()
	root := WantDir(name)
	want := Files{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		want[filepath.ToSlash(rel)] = content
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// LineDiff shows the first differing line, enough to see what changed.
func LineDiff(want, got string) string {
	wantLines, gotLines := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wantLines) || i < len(gotLines); i++ {
		var w, g string
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(no line differs)"
}

// CaseNames are the testdata directories that have a want/ directory; the
// others are helper packages the cases import.
func CaseNames(t testing.TB) []string {
	t.Helper()
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join("testdata", e.Name(), "want")); err == nil {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		t.Fatal("no golden cases in testdata")
	}
	return names
}
