package cli

import (
	"fmt"
	"os"
	"testing"
)

// TestMain keeps verify's cache of the tests out of the user's cache
// directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "metagen-cli-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("METAGEN_CACHE", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
