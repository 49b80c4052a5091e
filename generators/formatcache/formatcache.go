// Package formatcache memoizes go/format.Source for generated files.
//
// Formatting is the largest single cost of a run (a third of the CPU of
// generating all of k8s.io/api: go/printer measures every element of a long
// // composite literal to decide its alignment; gofmtfast prints the OpenAPI
// files' literals itself, in linear time), and most of it is repeated:
// a run after a small edit renders the same text for nearly every file. The
// formatted text is a function of the text before formatting and the Go
// release whose go/format metagen was built with, so it is stored under the
// SHA-256 of both and reused by any later run, in any module — as the go
// command's build cache reuses a compile. The files of one pass are one
// entry (a client pass writes up to 150 files: one entry costs one create on
// a first run and one read on the next, where an entry per file cost 15% of
// a first run's CPU in system calls). Entries carry the hash of what they
// hold; one that does not match it is formatted again, never trusted.
package formatcache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/metagen-dev/metagen/generators/gofmtfast"

	"github.com/metagen-dev/metagen/generators/cachedir"
)

// Cache is a directory of formatted texts, one entry per set of texts (a pass's files).
type Cache struct {
	dir     string
	made    sync.Once // the directory
	madeErr error
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

// FormatError is go/format's refusal of one of the texts given to Sources.
type FormatError struct {
	Index int // into the texts
	Err   error
}

func (e *FormatError) Error() string { return e.Err.Error() }
func (e *FormatError) Unwrap() error { return e.Err }

// Sources is go/format.Source of each of srcs, all from one entry when the
// cache holds one for exactly these texts (hit reports it). A nil Cache
// formats every time. Texts that do not format are not stored: the error is
// a *FormatError.
func (c *Cache) Sources(srcs [][]byte) (outs [][]byte, hit bool, err error) {
	if c == nil {
		outs, err = formatAll(srcs)
		return outs, false, err
	}
	path := c.entry(keyOf(srcs))
	if outs, ok := read(path, len(srcs)); ok {
		return outs, true, nil
	}
	if outs, err = formatAll(srcs); err != nil {
		return nil, false, err
	}
	// A cache that cannot be written only costs the next run its speed.
	_ = c.store(path, outs)
	return outs, false, nil
}

func formatAll(srcs [][]byte) ([][]byte, error) {
	outs := make([][]byte, len(srcs))
	for i, src := range srcs {
		out, err := gofmtfast.Source(src) // go/format.Source's bytes, in linear time for OpenAPI files
		if err != nil {
			return nil, &FormatError{Index: i, Err: err}
		}
		outs[i] = out
	}
	return outs, nil
}

// version is part of every key: the layout of entries, and the formatter.
var version = "metagen formatcache 1\x00" + runtime.Version() + "\x00"

// keyOf is the SHA-256 of the version and of the texts, each after its length.
func keyOf(srcs [][]byte) string {
	h := sha256.New()
	io.WriteString(h, version)
	for _, src := range srcs {
		h.Write(binary.AppendUvarint(nil, uint64(len(src))))
		h.Write(src)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// entry is where the formatted texts of key live. One directory holds them
// all: a run of all of k8s.io/api stores about 230 entries (one per pass).
func (c *Cache) entry(key string) string { return filepath.Join(c.dir, key) }

// An entry is the hex SHA-256 of the rest, a newline, and each formatted
// text after its length in decimal and a newline.
const sumLen = 2 * sha256.Size

func read(path string, n int) ([][]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil || len(data) < sumLen+1 || data[sumLen] != '\n' {
		return nil, false
	}
	body := data[sumLen+1:]
	sum := sha256.Sum256(body)
	if !bytes.Equal([]byte(hex.EncodeToString(sum[:])), data[:sumLen]) {
		return nil, false // torn or tampered with: format again, and overwrite it
	}
	outs, ok := split(body, n)
	if !ok {
		return nil, false
	}
	if info, err := f.Stat(); err == nil && time.Since(info.ModTime()) > touchAfter {
		now := time.Now()
		os.Chtimes(path, now, now) // used: trim keeps it
	}
	return outs, true
}

// split is the n texts of an entry's body.
func split(body []byte, n int) ([][]byte, bool) {
	outs := make([][]byte, 0, n)
	for len(body) > 0 {
		line, rest, found := bytes.Cut(body, []byte("\n"))
		size, err := strconv.Atoi(string(line))
		if !found || err != nil || size < 0 || size > len(rest) {
			return nil, false
		}
		outs, body = append(outs, rest[:size]), rest[size:]
	}
	return outs, len(outs) == n
}

// encode writes the entry of outs to w, without a copy of them: the sum
// first (one pass over the texts), then the texts.
func encode(w io.Writer, outs [][]byte) error {
	h := sha256.New()
	writeBody(h, outs)
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(hex.EncodeToString(h.Sum(nil)) + "\n")
	writeBody(bw, outs)
	return bw.Flush()
}

func writeBody(w io.Writer, outs [][]byte) {
	var size []byte
	for _, out := range outs {
		size = append(strconv.AppendInt(size[:0], int64(len(out)), 10), '\n')
		w.Write(size)
		w.Write(out)
	}
}

// store writes an entry through a temporary file and a rename, so that a
// concurrent reader never sees half of one.
func (c *Cache) store(path string, outs [][]byte) error {
	c.made.Do(func() { c.madeErr = os.MkdirAll(c.dir, 0o755) })
	if c.madeErr != nil {
		return c.madeErr
	}
	c.trimmed.Do(func() { c.trim(time.Now()) })
	tmp, err := os.CreateTemp(c.dir, "tmp-*")
	if err != nil {
		return err
	}
	err = encode(tmp, outs)
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

// A used entry's time is renewed at most once per touchAfter (one system
// call per entry and run would be much of a cached run's cost); cachedir.Trim
// removes the unused ones.
const touchAfter = time.Hour

func (c *Cache) trim(now time.Time) { cachedir.Trim(c.dir, now) }
