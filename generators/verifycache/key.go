// Package verifycache remembers that "metagen verify" passed on a tree, so
// that verifying the same tree again skips loading and rendering, as go test
// skips a test whose inputs did not change.
//
// The key is conservative: the metagen binary's build ID, the arguments, the
// working directory, the environment the go command and metagen read, the go
// binary, and the content of every file of the main module (and of each
// directory a replace directive of its go.mod points to) and of every file an
// argument names. Whatever the key cannot vouch for makes the run
// uncacheable instead: a go.work workspace, GOFLAGS with -mod=mod, -modfile
// or -overlay, a GOPACKAGESDRIVER, a symlink to a directory, a package that
// uses cgo (system headers are not in the key), a cache directory inside the
// module (each entry would change the next key), no go.mod. Modules from the
// module cache are covered by go.sum, which is in the key. Only a verify
// that found nothing out of date is stored.
package verifycache

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"hash"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/mod/modfile"
)

// keyVersion changes whenever what goes into a key does.
const keyVersion = "metagen verify cache key v1"

// Key is the hex digest of everything a verify run in dir with args depends
// on, or an error saying why the run cannot be cached.
func Key(dir string, args []string) (string, error) {
	return NewHasher().Key(dir, args)
}

// A Hasher computes keys and remembers, for each file whose content it
// read, the line that file gave the key and the file's status (size,
// modification and change times, inode) as it read it. Computed again with
// the same Hasher — verify's check, after the run, that the tree did not
// change while it ran — a key reads again only the files whose status
// differs, or whose status cannot vouch for their content: a file changed
// less than racyWindow before the first key was begun, which a change
// during the run could leave with the same status (the clock file times
// are taken from ticks coarsely; go test's cache refuses files as recent
// for the same reason). A change to a file always sets its change time,
// which nothing can set back, so an old change time that is still the same
// says the content is too. The second key is the same function of the tree
// as the first: equal when nothing changed, different otherwise. A Hasher is
// for one goroutine.
type Hasher struct {
	// start is when the first key was begun; racyWindow before it is the
	// line between a change time that vouches and one that does not.
	start time.Time
	// seen is what each file read gave, by path, for the next key.
	seen map[string]fileMemo
	// reads counts the files read (for tests).
	reads atomic.Int64
}

// racyWindow is how old a file's last change must be, at the start of the
// first key, for its status to vouch for its content in the next.
const racyWindow = 2 * time.Second

// fileMemo is a file's line of the key and its status when it was read.
type fileMemo struct {
	line   string
	status fileStatus
	// vouches is false for a file changed too recently (racyWindow).
	vouches bool
}

// NewHasher is a Hasher that has read nothing yet.
func NewHasher() *Hasher { return &Hasher{} }

// Key is the hex digest of everything a verify run in dir with args depends
// on, or an error saying why the run cannot be cached; the files the
// Hasher read before and whose status vouches that they did not change are
// not read again.
func (hs *Hasher) Key(dir string, args []string) (string, error) {
	if hs.start.IsZero() {
		hs.start = time.Now()
	}
	h := sha256.New()
	field := func(name, value string) { fmt.Fprintf(h, "%s %d %s\n", name, len(value), value) }
	field("version", keyVersion)
	exe, err := executableID()
	if err != nil {
		return "", err
	}
	field("metagen", exe)
	dir, err = filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	field("dir", dir)
	for _, arg := range args {
		field("arg", arg)
	}
	env, err := environment()
	if err != nil {
		return "", err
	}
	for _, kv := range env {
		field("env", kv)
	}
	goID, err := goCommandID()
	if err != nil {
		return "", err
	}
	field("go", goID)
	if err := hashNamedFiles(h, dir, args); err != nil {
		return "", err
	}
	roots, err := moduleRoots(dir)
	if err != nil {
		return "", err
	}
	entries, err := cacheDir()
	if err != nil {
		return "", err
	}
	for _, root := range roots {
		if rel, err := filepath.Rel(root, entries); entries != "" && err == nil && filepath.IsLocal(rel) {
			// Each entry stored would change the key of the next run.
			return "", fmt.Errorf("the cache %s lies inside %s", entries, root)
		}
		field("tree", root)
		if err := hs.hashTree(h, root); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// executableID is the Go build ID of the running binary (a hash of its
// content, in an ELF note), or the hash of the whole file where there is no
// such note.
func executableID() (string, error) {
	path, err := os.Executable()
	if err != nil {
		return "", err
	}
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		if s := f.Section(".note.go.buildid"); s != nil {
			if data, err := s.Data(); err == nil && len(data) > 16 {
				return "buildid " + hex.EncodeToString(data), nil
			}
		}
	}
	sum, err := fileHash(path)
	return "sha256 " + sum, err
}

// environment is the variables that the go command or metagen read, sorted;
// METAGEN_CACHE only says where the cache is.
func environment() ([]string, error) {
	var env []string
	for _, kv := range os.Environ() {
		name, value, _ := strings.Cut(kv, "=")
		switch {
		case name == "METAGEN_CACHE":
			continue
		case strings.HasPrefix(name, "GO"), strings.HasPrefix(name, "CGO_"), strings.HasPrefix(name, "METAGEN_"),
			slices.Contains([]string{"PATH", "HOME", "XDG_CONFIG_HOME", "CC", "CXX", "PKG_CONFIG"}, name):
		default:
			continue
		}
		if name == "GOFLAGS" {
			for _, flag := range strings.Fields(value) {
				// With -mod=mod go list may resolve and download what go.mod
				// lacks (the answer can change with the network); -modfile and
				// -overlay read files outside the module.
				if strings.HasPrefix(flag, "-mod=mod") || strings.HasPrefix(flag, "-modfile") || strings.HasPrefix(flag, "-overlay") {
					return nil, fmt.Errorf("GOFLAGS has %s", flag)
				}
			}
		}
		if name == "GOPACKAGESDRIVER" && value != "" && value != "off" {
			return nil, errors.New("GOPACKAGESDRIVER names a driver, which may read anything")
		}
		env = append(env, kv)
	}
	slices.Sort(env)
	// The go env file holds settings the environment does not show.
	config, err := os.UserConfigDir()
	if err != nil {
		return nil, err
	}
	goEnvFile := filepath.Join(config, "go", "env")
	if file := os.Getenv("GOENV"); file != "" {
		goEnvFile = file
	}
	data, err := os.ReadFile(goEnvFile)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return append(env, "go env file="+string(data)), nil
}

// goCommandID identifies the go command on PATH, which metagen's loading runs,
// by path, size and modification time (a toolchain go.mod selects is a
// module, immutable, named by go.mod and GOTOOLCHAIN, both in the key).
func goCommandID() (string, error) {
	path, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	if path, err = filepath.EvalSymlinks(path); err != nil {
		return "", err
	}
	info, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %d %d", path, info.Size(), info.ModTime().UnixNano()), nil
}

// hashNamedFiles hashes each file an argument names (--header-file F, or
// --rbac-header-file=F): they may lie outside the module.
func hashNamedFiles(h hash.Hash, dir string, args []string) error {
	for _, arg := range args {
		for _, value := range []string{arg, arg[strings.IndexByte(arg, '=')+1:]} {
			path := value
			if !filepath.IsAbs(path) {
				path = filepath.Join(dir, path)
			}
			info, err := os.Stat(path)
			if err != nil || !info.Mode().IsRegular() {
				continue
			}
			sum, err := fileHash(path)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "named %q %s\n", value, sum)
		}
	}
	return nil
}

// moduleRoots is the main module's directory (the nearest go.mod at or above
// dir) and the local directories its replace directives point to.
func moduleRoots(dir string) ([]string, error) {
	if gowork := os.Getenv("GOWORK"); gowork != "" && gowork != "off" {
		return nil, errors.New("GOWORK names a workspace")
	}
	root := ""
	for d := dir; ; d = filepath.Dir(d) {
		if os.Getenv("GOWORK") != "off" && exists(filepath.Join(d, "go.work")) {
			return nil, fmt.Errorf("%s makes a workspace", filepath.Join(d, "go.work"))
		}
		if root == "" && exists(filepath.Join(d, "go.mod")) {
			root = d
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if root == "" {
		return nil, errors.New("no go.mod")
	}
	goMod := filepath.Join(root, "go.mod")
	data, err := os.ReadFile(goMod)
	if err != nil {
		return nil, err
	}
	file, err := modfile.Parse(goMod, data, nil)
	if err != nil {
		return nil, err
	}
	roots := []string{root}
	for _, r := range file.Replace {
		if !modfile.IsDirectoryPath(r.New.Path) {
			continue
		}
		path := r.New.Path
		if !filepath.IsAbs(path) {
			path = filepath.Join(root, path)
		}
		roots = append(roots, filepath.Clean(path))
	}
	return roots, nil
}

// hashTree hashes every file under root but version control data: name,
// and content (a symlink's target too), in the walk's order. The files are
// read and hashed on all cores (k8s.io/api's 58 MB are most of a cached
// verify's time); what goes into h, and so the key, is the same as one
// goroutine's. A symlink to a directory, or a Go file that imports "C", makes
// the tree uncacheable.
func (hs *Hasher) hashTree(h hash.Hash, root string) error {
	var entries []treeEntry
	// A refusal the walk finds ends it as an entry of its own, so that a
	// file before it that refuses (cgo) is still the one reported, as when
	// each file was read as the walk reached it.
	refuse := func(err error) error {
		entries = append(entries, treeEntry{err: err})
		return filepath.SkipAll
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return refuse(err)
		}
		rel, _ := filepath.Rel(root, path)
		switch {
		case d.IsDir():
			if name := d.Name(); path != root && (name == ".git" || name == ".hg" || name == ".svn") {
				return filepath.SkipDir
			}
			entries = append(entries, treeEntry{line: fmt.Sprintf("dir %q\n", rel)})
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return refuse(err)
			}
			info, err := os.Stat(path)
			if err == nil && info.IsDir() {
				return refuse(fmt.Errorf("%s is a symlink to a directory", path))
			}
			entries = append(entries, treeEntry{line: fmt.Sprintf("symlink %q %q\n", rel, target)})
			if err != nil {
				return nil // dangling: the target's name is all there is
			}
		case !d.Type().IsRegular():
			return refuse(fmt.Errorf("%s is not a regular file", path))
		}
		entries = append(entries, treeEntry{path: path, rel: rel})
		return nil
	})
	hs.hashFiles(entries)
	for _, e := range entries {
		if e.err != nil {
			return e.err
		}
		io.WriteString(h, e.line)
	}
	return nil
}

// hashTree is a tree's hash by a Hasher that has read nothing.
func hashTree(h hash.Hash, root string) error { return NewHasher().hashTree(h, root) }

// treeEntry is one line of a tree's hash: a directory's or a symlink's as
// the walk found it, or a file's (path set), whose line hashFiles writes; or
// the refusal that ended the walk (err set).
type treeEntry struct {
	line, path, rel string
	err             error
	// memo is what reading the file gave, for the Hasher's next key.
	memo *fileMemo
}

// hashFiles reads and hashes the files of entries on all cores, but those
// the Hasher read before whose status vouches that they are unchanged; each
// goroutine reads into one buffer of its own.
func (hs *Hasher) hashFiles(entries []treeEntry) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for i := int(next.Add(1)) - 1; i < len(entries); i = int(next.Add(1)) - 1 {
				e := &entries[i]
				if e.path == "" {
					continue
				}
				if memo, ok := hs.seen[e.path]; ok && memo.vouches {
					if status, ok := statusAt(e.path); ok && status == memo.status {
						e.line = memo.line
						continue
					}
				}
				e.line, e.memo, e.err = hs.fileLine(e.path, e.rel, &buf)
			}
		}()
	}
	wg.Wait()
	if hs.seen == nil {
		hs.seen = map[string]fileMemo{}
	}
	for _, e := range entries {
		if e.memo != nil {
			hs.seen[e.path] = *e.memo
		}
	}
}

// fileLine is a file's line of the tree's hash: its name and the SHA-256 of
// its content, read into *buf; and, where the system tells, the file's
// status before it was read, for the next key.
func (hs *Hasher) fileLine(path, rel string, buf *[]byte) (string, *fileMemo, error) {
	hs.reads.Add(1)
	data, status, known, err := readFile(path, buf)
	if err != nil {
		return "", nil, err
	}
	if strings.HasSuffix(path, ".go") && importsC(path, data) {
		return "", nil, fmt.Errorf("%s uses cgo", path)
	}
	line := fmt.Sprintf("file %q %x\n", rel, sha256.Sum256(data))
	if !known {
		return line, nil, nil
	}
	return line, &fileMemo{line: line, status: status, vouches: status.changedBefore(hs.start.Add(-racyWindow))}, nil
}

// importsC reports whether a Go file has import "C"; the parse is only paid
// for files that hold the string at all.
func importsC(path string, src []byte) bool {
	if !bytes.Contains(src, []byte(`"C"`)) && !bytes.Contains(src, []byte("`C`")) {
		return false
	}
	file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
	if err != nil {
		return false // go list reports the file; its content is in the key
	}
	for _, spec := range file.Imports {
		if path, _ := strconv.Unquote(spec.Path.Value); path == "C" {
			return true
		}
	}
	return false
}

func fileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
