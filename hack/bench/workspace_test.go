//go:build linux

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// reset must put back the pristine tree without deleting what a tool wrote:
// the files are moved aside, keeping their inodes (see discard).
func TestResetMovesAddedFilesAside(t *testing.T) {
	root := t.TempDir()
	ws := &workspace{root: root, apiDir: filepath.Join(root, "api")}
	testfile.Write(t, filepath.Join(ws.apiDir, "core", "v1", "types.go"), "package v1\n")
	var err error
	if ws.pristine, err = snapshot(ws.apiDir); err != nil {
		t.Fatal(err)
	}
	added := filepath.Join(ws.apiDir, "zz_client", "typed", "pod.go")
	testfile.Write(t, added, "package typed\n")
	testfile.Write(t, filepath.Join(ws.apiDir, "core", "v1", "zz_generated.deepcopy.go"), "package v1\n")
	before, err := os.Stat(added)
	if err != nil {
		t.Fatal(err)
	}
	if err := ws.reset(); err != nil {
		t.Fatal(err)
	}
	if ch, err := ws.changes(); err != nil || len(ch.added)+len(ch.modified) > 0 {
		t.Fatalf("after reset: %+v, %v", ch, err)
	}
	var moved os.FileInfo
	filepath.Walk(filepath.Join(root, "discarded"), func(path string, info os.FileInfo, err error) error {
		if err == nil && info.Name() == "pod.go" {
			moved = info
		}
		return nil
	})
	if moved == nil {
		t.Fatal("the added file is not under discarded/")
	}
	if moved.Sys().(*syscall.Stat_t).Ino != before.Sys().(*syscall.Stat_t).Ino {
		t.Fatal("the added file was copied or recreated, not renamed: its inode was freed")
	}
}
