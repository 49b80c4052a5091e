// Package testfile holds the file helpers tests share: one copy instead of
// one per test package (it imports nothing of metagen, so any test may use
// it).
package testfile

import (
	"os"
	"path/filepath"
	"testing"
)

// Write writes content to path, making its directory first; a failure
// fails the test.
func Write[Content string | []byte](t testing.TB, path string, content Content) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
