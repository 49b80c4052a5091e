package gofile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// A directory of the module that is a symlink to one outside it is outside:
// nothing is written there, and our files there are never removed.
func TestSymlinksOutOfTheModuleAreOutside(t *testing.T) {
	module, outside := t.TempDir(), t.TempDir()
	link := filepath.Join(module, "out")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(outside, "zz_generated.deepcopy.go")
	testfile.Write(t, victim, ours)

	_, err := NewPlan(module, map[string][]byte{filepath.Join(link, "new", "x.go"): []byte(ours)}, nil)
	if err == nil || !strings.Contains(err.Error(), "refusing to write outside the module") || !strings.Contains(err.Error(), outside) {
		t.Errorf("write through the symlink: err = %v, want a refusal naming %s", err, outside)
	}
	plan, err := NewPlan(module, nil, []string{filepath.Join(link, "zz_generated.deepcopy.go")})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Pending()) != 0 {
		t.Errorf("plan removes through the symlink: %v", plan.Pending())
	}
	if read(t, victim) != ours {
		t.Error("the file outside changed")
	}

	// A symlink that stays inside the module is fine.
	if err := os.Mkdir(filepath.Join(module, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(module, "real"), filepath.Join(module, "alias")); err != nil {
		t.Fatal(err)
	}
	if _, err := NewPlan(module, map[string][]byte{filepath.Join(module, "alias", "x.go"): []byte(ours)}, nil); err != nil {
		t.Errorf("a symlink inside the module: %v", err)
	}
}

func TestHeaderFileIsBounded(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.txt")
	testfile.Write(t, big, "// "+strings.Repeat("x", maxHeaderFile)+"\n")
	for path, want := range map[string]string{"/dev/zero": "not a regular file", t.TempDir(): "not a regular file", big: "larger than 64 KiB"} {
		if _, err := ReadHeaderFile(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", path, err, want)
		}
	}
}
