package golden

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/gofile"
)

// WriteOverlay writes the Go files of plan to a temporary directory and
// returns a go command -overlay file that puts them where the plan writes
// them, so a test can build or vet generated code without writing into the
// tree. Missing package directories are made until the test ends.
func WriteOverlay(t testing.TB, plan *gofile.Plan) string {
	t.Helper()
	dir := t.TempDir()
	replace := map[string]string{}
	for i, c := range plan.Changes {
		if c.Action == gofile.Remove || !strings.HasSuffix(c.Path, ".go") {
			continue
		}
		MakeDirUntilCleanup(t, filepath.Dir(c.Path))
		tmp := filepath.Join(dir, strconv.Itoa(i)+"_"+filepath.Base(c.Path))
		if err := os.WriteFile(tmp, c.New, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[c.Path] = tmp
	}
	return overlayFile(t, replace)
}

// overlayFile writes a go command -overlay file that replaces each path
// of replace (a key) with the file its value names.
func overlayFile(t testing.TB, replace map[string]string) string {
	t.Helper()
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
