package formatcache

import (
	"bytes"
	"errors"
	"github.com/metagen-dev/metagen/generators/cachedir"
	"go/format"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Two texts, as a pass's files come: an entry holds both.
var unformatted = [][]byte{
	[]byte("package p\nvar x = map[string]int{\n\"a\": 1,\n\"bcd\": 2,\n}\nfunc f( ) { return }\n"),
	[]byte("package p\ntype T struct{\nA int\nBcd string `json:\"bcd\"`\n}\n"),
}

func newCache(t *testing.T) *Cache {
	t.Helper()
	t.Setenv("METAGEN_CACHE", t.TempDir())
	c, err := Open()
	if err != nil || c == nil {
		t.Fatalf("Open: %v, %v", c, err)
	}
	return c
}

func wantFormatted(t *testing.T) [][]byte {
	t.Helper()
	var want [][]byte
	for _, src := range unformatted {
		out, err := format.Source(src)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, out)
	}
	return want
}

func encoded(t *testing.T, outs [][]byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := encode(&b, outs); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func equal(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// A miss formats and stores one entry for the texts; the entry is what a
// hit then returns.
func TestSourcesAreGoFormatsAndAreStored(t *testing.T) {
	c := newCache(t)
	want := wantFormatted(t)
	got, hit, err := c.Sources(unformatted)
	if err != nil || hit || !equal(got, want) {
		t.Fatalf("miss: %q, hit %v, %v; want %q", got, hit, err, want)
	}
	entry := c.entry(keyOf(unformatted))
	stored, err := os.ReadFile(entry)
	if err != nil || !bytes.Equal(stored, encoded(t, want)) {
		t.Fatalf("entry %s: %q, %v", entry, stored, err)
	}
	// The hit must come from the entry: make the entry say something else,
	// with a matching sum, and see it returned.
	other := [][]byte{[]byte("package other\n"), nil}
	if err := c.store(entry, other); err != nil {
		t.Fatal(err)
	}
	if got, hit, _ := c.Sources(unformatted); !hit || !equal(got, other) {
		t.Fatalf("hit (%v) returned %q, not the entry's %q", hit, got, other)
	}
	// Other texts (one changed, or one fewer) are another entry.
	for _, srcs := range [][][]byte{{unformatted[0], []byte("package p\n")}, unformatted[:1]} {
		if keyOf(srcs) == keyOf(unformatted) {
			t.Errorf("%q has the same key", srcs)
		}
	}
}

// An entry that does not match its sum, or holds another number of texts,
// is not trusted: the texts are formatted again and the entry rewritten.
func TestDamagedEntryIsFormattedAgain(t *testing.T) {
	c := newCache(t)
	want := wantFormatted(t)
	if _, _, err := c.Sources(unformatted); err != nil {
		t.Fatal(err)
	}
	entry := c.entry(keyOf(unformatted))
	stored, _ := os.ReadFile(entry)
	for name, damaged := range map[string][]byte{
		"truncated":   stored[:len(stored)-3],
		"edited":      append(bytes.Clone(stored[:len(stored)-2]), "x\n"...),
		"empty":       nil,
		"no sum":      want[0],
		"one text":    encoded(t, want[:1]),
		"bad lengths": encoded(t, [][]byte{[]byte("9999\n")}),
	} {
		if err := os.WriteFile(entry, damaged, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, hit, err := c.Sources(unformatted); err != nil || hit || !equal(got, want) {
			t.Errorf("%s entry: got %q, hit %v, %v; want %q, formatted again", name, got, hit, err, want)
		}
		if again, _ := os.ReadFile(entry); !bytes.Equal(again, stored) {
			t.Errorf("%s entry was not rewritten: %q", name, again)
		}
	}
}

// What go/format refuses is refused, naming which text, and nothing is
// stored.
func TestUnformattableSourceIsAnErrorAndNotStored(t *testing.T) {
	c := newCache(t)
	bad := [][]byte{unformatted[0], []byte("package p\nfunc {\n")}
	_, _, err := c.Sources(bad)
	var refused *FormatError
	if !errors.As(err, &refused) || refused.Index != 1 {
		t.Fatalf("error %v, want a *FormatError for text 1", err)
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
	if got, hit, err := c.Sources(unformatted); err != nil || hit || !equal(got, wantFormatted(t)) {
		t.Fatalf("nil cache: %q, hit %v, %v", got, hit, err)
	}
	t.Setenv("METAGEN_CACHE", "relative/dir")
	if _, err := Open(); err == nil {
		t.Fatal("a relative METAGEN_CACHE was accepted")
	}
}

// Entries unused for cachedir.MaxAge go at the next trim; used ones stay.
func TestTrimRemovesUnusedEntries(t *testing.T) {
	c := newCache(t)
	if _, _, err := c.Sources(unformatted); err != nil {
		t.Fatal(err)
	}
	used := c.entry(keyOf(unformatted))
	stale := filepath.Join(filepath.Dir(used), "0000stale")
	if err := os.WriteFile(stale, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-cachedir.MaxAge - time.Hour)
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
