package memstore

import (
	"bytes"
	"errors"
	"runtime"
	"testing"
)

// History is bounded by bytes as well as by revisions: rewriting one large
// value compacts the oldest revisions once the superseded values pass the
// bound, keeping at least half of it readable, as etcd's compaction keeps
// its database under the quota.
func TestHistoryBoundedByBytes(t *testing.T) {
	const size, bound = 1 << 20, 8 << 20
	b := NewBackend(Options{HistoryBytes: bound})
	var modRev int64
	for i := range 100 {
		rev, _, _, ok := b.put("/widgets/big", bytes.Repeat([]byte{byte(i)}, size), modRev)
		if !ok {
			t.Fatalf("write %d refused", i)
		}
		modRev = rev
		if live, superseded := b.HistorySize(); live != size || superseded > bound {
			t.Fatalf("after write %d: live %d, superseded %d bytes; want %d and at most %d", i, live, superseded, size, bound)
		}
	}
	if _, superseded := b.HistorySize(); superseded < bound/2 {
		t.Errorf("superseded %d bytes kept, want at least half the bound (%d): compaction went further than needed", superseded, bound/2)
	}
	// The newest revisions are still readable, the oldest compacted.
	if _, _, _, err := b.getAt("/widgets/big", modRev-3); err != nil {
		t.Errorf("reading 3 revisions back: %v", err)
	}
	if _, _, _, err := b.getAt("/widgets/big", 2); !errors.Is(err, errCompacted) {
		t.Errorf("reading the first revision: %v, want %v", err, errCompacted)
	}
	// A deleted value counts as history until compacted.
	if _, _, _, ok := b.remove("/widgets/big", modRev); !ok {
		t.Fatal("delete refused")
	}
	if live, _ := b.HistorySize(); live != 0 {
		t.Errorf("live %d bytes after the delete, want 0", live)
	}
	b.Compact(b.Revision())
	if live, superseded := b.HistorySize(); live != 0 || superseded != 0 {
		t.Errorf("after compacting everything: live %d, superseded %d bytes, want 0 and 0", live, superseded)
	}
}

// The load at the storage: one 2 MiB object rewritten 1,000 times
// (2 GiB written) with the default bound holds the heap at the bound plus
// the live value, where keeping every revision would hold 2 GiB.
func TestHeapBoundedUnderLargeRewrites(t *testing.T) {
	const size, updates = 2 << 20, 1000
	const heapBound = DefaultHistoryBytes + 2*size + 32<<20 // history, the live value, the collector's slack
	b := NewBackend(Options{})
	before := heapInUse()
	var modRev int64
	for i := range updates {
		value := make([]byte, size)
		value[0] = byte(i)
		rev, _, _, ok := b.put("/widgets/big", value, modRev)
		if !ok {
			t.Fatalf("write %d refused", i)
		}
		modRev = rev
	}
	live, superseded := b.HistorySize()
	growth := heapInUse() - before
	t.Logf("%d writes of %d MiB: live %d MiB, history %d MiB (bound %d MiB), heap growth %d MiB (bound %d MiB)",
		updates, size>>20, live>>20, superseded>>20, DefaultHistoryBytes>>20, growth>>20, heapBound>>20)
	if superseded > DefaultHistoryBytes {
		t.Errorf("history %d bytes, over the bound %d", superseded, DefaultHistoryBytes)
	}
	if growth > heapBound {
		t.Errorf("heap grew by %d MiB, over the bound of %d MiB", growth>>20, heapBound>>20)
	}
	runtime.KeepAlive(b)
}

func heapInUse() int64 {
	runtime.GC()
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	return int64(stats.HeapInuse)
}
