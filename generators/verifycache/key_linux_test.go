package verifycache

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"os"
)

// A symlink to a FIFO makes the run uncacheable, and the key does not wait
// for a writer that never comes.
func TestKeyRefusesASymlinkToAFIFO(t *testing.T) {
	dir, _, _ := module(t)
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink(fifo, filepath.Join(dir, "api", "pipe")); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Key(dir, []string{"./..."})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Key: %v, want an error saying the FIFO is not a regular file", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Key blocked opening a FIFO")
	}
}
