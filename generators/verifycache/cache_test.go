package verifycache

import (
	"github.com/metagen-dev/metagen/generators/cachedir"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestStoreThenLookup(t *testing.T) {
	t.Setenv("METAGEN_CACHE", t.TempDir())
	c, err := Open()
	if err != nil || c == nil {
		t.Fatalf("Open: %v, %v", c, err)
	}
	if _, ok := c.Lookup("k"); ok {
		t.Fatal("an empty cache has an entry")
	}
	want := Result{Warnings: "a.go:1:2: warning: odd\n", Packages: 3, Generators: 2, Files: 7}
	if err := c.Store("k", want); err != nil {
		t.Fatal(err)
	}
	if got, ok := c.Lookup("k"); !ok || got != want {
		t.Errorf("Lookup = %+v, %v; want %+v", got, ok, want)
	}
	if _, ok := c.Lookup("other"); ok {
		t.Error("another key found the entry")
	}
}

func TestOpenFollowsMETAGEN_CACHE(t *testing.T) {
	t.Setenv("METAGEN_CACHE", "off")
	if c, err := Open(); c != nil || err != nil {
		t.Errorf("off: %v, %v; want no cache", c, err)
	}
	t.Setenv("METAGEN_CACHE", "relative/dir")
	if _, err := Open(); err == nil {
		t.Error("a relative METAGEN_CACHE was accepted")
	}
	home := t.TempDir()
	t.Setenv("METAGEN_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", home)
	t.Setenv("HOME", home)
	c, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	if base, _ := os.UserCacheDir(); c.dir != filepath.Join(base, "metagen", "verify") {
		t.Errorf("default cache in %s", c.dir)
	}
}

// Entries unused for cachedir.MaxAge go when Store trims; used ones stay.
func TestTrimRemovesOldEntries(t *testing.T) {
	t.Setenv("METAGEN_CACHE", t.TempDir())
	c, _ := Open()
	for _, k := range []string{"old", "used"} {
		if err := c.Store(k, Result{Files: 1}); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-cachedir.MaxAge - time.Hour)
	for _, name := range []string{"old.json", "used.json", "trim.txt"} {
		os.Chtimes(filepath.Join(c.dir, name), long, long)
	}
	c.Lookup("used")
	if err := c.Store("new", Result{Files: 1}); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]bool{"old": false, "used": true, "new": true} {
		if _, ok := c.Lookup(k); ok != want {
			t.Errorf("after trim, %s present = %v, want %v", k, ok, want)
		}
	}
}
