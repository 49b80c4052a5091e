package golden

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// CopyCase copies a golden case directory to another place (a temporary
// module, say) without its want/ directories.
func CopyCase(t testing.TB, from, to string) {
	t.Helper()
	if err := CopyWithoutWant(from, to); err != nil {
		t.Fatal(err)
	}
}

// CopyWithoutWant copies the tree at from to to, leaving out every want/
// directory.
func CopyWithoutWant(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() && d.Name() == "want" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
}
