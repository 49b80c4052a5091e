// Package formatcache memoizes go/format.Source for generated files.
//
// Formatting is the largest single cost of a run (a third of the CPU of
// generating all of k8s.io/api: go/printer measures every element of a long
// composite literal to decide its alignment), and most of it is repeated:
// a run after a small edit renders the same text for nearly every file. The
// formatted text is a function of the text before formatting and the Go
// release whose go/format metagen was built with, so it is stored under the
// SHA-256 of both and reused by any later run, in any module — as the go
// command's build cache reuses a compile. Entries carry the hash of what they
// hold; one that does not match it is formatted again, never trusted.
package formatcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/metagen-dev/metagen/generators/cachedir"
)

// Cache is a directory of formatted files, one per input text.
type Cache struct {
	dir     string
	made    sync.Map // subdirectories known to exist
	trimmed sync.Once
}

// Open is the cache under METAGEN_CACHE (see cachedir); nil when it is off.
func Open() (*Cache, error) {
	dir, err := cachedir.Of("format")
	if dir == "" || err != nil {
		return nil, err
	}
	return &Cache{dir: dir}, nil
}

// Source is go/format.Source(src), from the cache when it holds it. A nil
// Cache formats every time. Input that does not format is not stored: its
// error is go/format's.
func (c *Cache) Source(src []byte) ([]byte, error) {
	if c == nil {
		return format.Source(src)
	}
	key := keyOf(src)
	path := c.entry(key)
	if out, ok := read(path); ok {
		return out, nil
	}
	out, err := format.Source(src)
	if err != nil {
		return nil, err
	}
	// A cache that cannot be written only costs the next run its speed.
	_ = c.store(path, out)
	return out, nil
}

// version is part of every key: the layout of entries, and the formatter.
var version = "metagen formatcache 1\x00" + runtime.Version() + "\x00"

func keyOf(src []byte) string {
	h := sha256.New()
	io.WriteString(h, version)
	h.Write(src)
	return hex.EncodeToString(h.Sum(nil))
}

// entry is where the formatted text of key lives: in one of 256
// subdirectories, as the go command spreads its cache.
func (c *Cache) entry(key string) string { return filepath.Join(c.dir, key[:2], key) }

// An entry is the hex SHA-256 of the formatted text, a newline, the text.
const sumLen = 2 * sha256.Size

func read(path string) ([]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil || len(data) < sumLen+1 || data[sumLen] != '\n' {
		return nil, false
	}
	out := data[sumLen+1:]
	sum := sha256.Sum256(out)
	if !bytes.Equal([]byte(hex.EncodeToString(sum[:])), data[:sumLen]) {
		return nil, false // torn or tampered with: format again, and overwrite it
	}
	if info, err := f.Stat(); err == nil && time.Since(info.ModTime()) > touchAfter {
		now := time.Now()
		os.Chtimes(path, now, now) // used: trim keeps it
	}
	return out, true
}

// store writes an entry through a temporary file and a rename, so that a
// concurrent reader never sees half of one.
func (c *Cache) store(path string, out []byte) error {
	dir := filepath.Dir(path)
	if _, ok := c.made.Load(dir); !ok {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		c.made.Store(dir, true)
	}
	c.trimmed.Do(func() { c.trim(time.Now()) })
	tmp, err := os.CreateTemp(dir, "tmp-*")
	if err != nil {
		return err
	}
	sum := sha256.Sum256(out)
	_, err = tmp.Write(append(append([]byte(hex.EncodeToString(sum[:])), '\n'), out...))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// An entry unused for maxAge is removed, looked for at most once per
// trimInterval; a used entry's time is renewed at most once per touchAfter
// (one system call per file and run would be most of a cached run's cost).
const (
	maxAge       = 5 * 24 * time.Hour
	trimInterval = 24 * time.Hour
	touchAfter   = time.Hour
)

// trim removes the entries (and leftover temporary files) unused for
// maxAge, once per trimInterval.
func (c *Cache) trim(now time.Time) {
	stamp := filepath.Join(c.dir, "trim.txt")
	if info, err := os.Stat(stamp); err == nil && now.Sub(info.ModTime()) < trimInterval {
		return
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return
	}
	subdirs, _ := os.ReadDir(c.dir)
	for _, sub := range subdirs {
		if !sub.IsDir() {
			continue
		}
		entries, _ := os.ReadDir(filepath.Join(c.dir, sub.Name()))
		for _, e := range entries {
			if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > maxAge {
				os.Remove(filepath.Join(c.dir, sub.Name(), e.Name()))
			}
		}
	}
	os.WriteFile(stamp, nil, 0o644)
}
