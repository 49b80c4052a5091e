package verifycache

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/metagen-dev/metagen/generators/cachedir"
)

// Result is what a passing verify printed and counted, replayed on a hit.
type Result struct {
	// Warnings is the text of the run's warnings, as it printed them.
	Warnings   string
	Packages   int
	Generators int
	Files      int
}

// Cache is a directory of results, one file per key.
type Cache struct{ dir string }

// Open is the cache METAGEN_CACHE names: "off" turns it off (nil, nil), an
// absolute path is its directory, and unset means metagen under
// os.UserCacheDir.
func Open() (*Cache, error) {
	dir, err := cacheDir()
	if dir == "" || err != nil {
		return nil, err
	}
	return &Cache{dir: dir}, nil
}

// cacheDir is where the entries live, "" when the cache is off.
func cacheDir() (string, error) { return cachedir.Of("verify") }

// Lookup returns the result stored under key.
func (c *Cache) Lookup(key string) (Result, bool) {
	path := c.entry(key)
	data, err := os.ReadFile(path)
	if err != nil {
		return Result{}, false
	}
	var r Result
	if json.Unmarshal(data, &r) != nil {
		return Result{}, false
	}
	now := time.Now()
	os.Chtimes(path, now, now) // used: trim keeps it
	return r, true
}

// Store saves r under key, through a temp file and a rename so that a
// concurrent Lookup never reads half an entry, and now and then trims
// entries unused for cachedir.MaxAge.
func (c *Cache) Store(key string, r Result) error {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(c.dir, "tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), c.entry(key))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return c.trim(time.Now())
}

func (c *Cache) trim(now time.Time) error { return cachedir.Trim(c.dir, now) }

func (c *Cache) entry(key string) string { return filepath.Join(c.dir, key+".json") }
