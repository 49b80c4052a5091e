package formatcache

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var unformatted = []byte("package p\nvar x = map[string]int{\n\"a\": 1,\n\"bcd\": 2,\n}\nfunc f( ) { return }\n")

func newCache(t *testing.T) *Cache {
	t.Helper()
	t.Setenv("METAGEN_CACHE", t.TempDir())
	c, err := Open()
	if err != nil || c == nil {
		t.Fatalf("Open: %v, %v", c, err)
	}
	return c
}

func wantFormatted(t *testing.T) []byte {
	t.Helper()
	want, err := format.Source(unformatted)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// A miss formats and stores; the entry is then what a hit returns.
func TestSourceIsGoFormatsAndIsStored(t *testing.T) {
	c := newCache(t)
	want := wantFormatted(t)
	got, err := c.Source(unformatted)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("miss: %q, %v; want %q", got, err, want)
	}
	entry := c.entry(keyOf(unformatted))
	stored, err := os.ReadFile(entry)
	if err != nil || !bytes.HasSuffix(stored, want) {
		t.Fatalf("entry %s: %q, %v", entry, stored, err)
	}
	// The hit must come from the entry: make the entry say something else,
	// with a matching sum, and see it returned.
	other := []byte("package other\n")
	if err := c.store(entry, other); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Source(unformatted); !bytes.Equal(got, other) {
		t.Fatalf("hit returned %q, not the entry's %q", got, other)
	}
}

// An entry whose sum does not match what it holds (a torn write, an edit)
// is not trusted: the text is formatted again and the entry rewritten.
func TestDamagedEntryIsFormattedAgain(t *testing.T) {
	c := newCache(t)
	want := wantFormatted(t)
	if _, err := c.Source(unformatted); err != nil {
		t.Fatal(err)
	}
	entry := c.entry(keyOf(unformatted))
	stored, _ := os.ReadFile(entry)
	for name, damaged := range map[string][]byte{
		"truncated": stored[:len(stored)-3],
		"edited":    append(bytes.Clone(stored[:len(stored)-2]), "x\n"...),
		"empty":     nil,
		"no sum":    want,
	} {
		if err := os.WriteFile(entry, damaged, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := c.Source(unformatted); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s entry: got %q, %v; want %q", name, got, err, want)
		}
		if again, _ := os.ReadFile(entry); !bytes.Equal(again, stored) {
			t.Errorf("%s entry was not rewritten: %q", name, again)
		}
	}
}

// What go/format refuses is refused, and nothing is stored for it.
func TestUnformattableSourceIsAnErrorAndNotStored(t *testing.T) {
	c := newCache(t)
	bad := []byte("package p\nfunc {\n")
	if _, err := c.Source(bad); err == nil {
		t.Fatal("no error for invalid Go")
	}
	if _, err := os.Stat(c.entry(keyOf(bad))); !os.IsNotExist(err) {
		t.Fatalf("an entry was stored for invalid Go: %v", err)
	}
}

func TestOffAndNil(t *testing.T) {
	t.Setenv("METAGEN_CACHE", "off")
	c, err := Open()
	if c != nil || err != nil {
		t.Fatalf("METAGEN_CACHE=off: %v, %v", c, err)
	}
	if got, err := c.Source(unformatted); err != nil || !bytes.Equal(got, wantFormatted(t)) {
		t.Fatalf("nil cache: %q, %v", got, err)
	}
	t.Setenv("METAGEN_CACHE", "relative/dir")
	if _, err := Open(); err == nil {
		t.Fatal("a relative METAGEN_CACHE was accepted")
	}
}

// Entries unused for maxAge go at the next trim; used ones stay.
func TestTrimRemovesUnusedEntries(t *testing.T) {
	c := newCache(t)
	if _, err := c.Source(unformatted); err != nil {
		t.Fatal(err)
	}
	used := c.entry(keyOf(unformatted))
	stale := filepath.Join(filepath.Dir(used), "0000stale")
	if err := os.WriteFile(stale, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-maxAge - time.Hour)
	os.Chtimes(stale, old, old)
	os.Remove(filepath.Join(c.dir, "trim.txt"))
	c.trim(time.Now())
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the unused entry survived the trim: %v", err)
	}
	if _, err := os.Stat(used); err != nil {
		t.Errorf("the used entry was trimmed: %v", err)
	}
}
