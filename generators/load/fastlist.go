package load

import (
	"bufio"
	"bytes"
	"errors"
	"go/build"
	"go/build/constraint"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/tools/go/packages"
)

// listInModule is step 1 of a comments-only load without the go command
// (and of a type-checking one with Options.ListInProcess, the imports of
// each package included: see listedImportsPlain), for the plain case it is
// sure to answer as go list does: relative
// patterns (., ./dir, ./dir/...) in one module without a workspace, no
// build flags or go environment that could change which files count, and
// only files that every build includes (no build constraint, no cgo, no
// GOOS/GOARCH file name). go list costs two go commands (go/packages asks
// for the go version first) and reads every file's imports; here each
// package directory is read once. ok is false whenever the case is not
// that plain (or go list would report a problem): the caller asks go list.
// ours holds the import paths of the packages whose Go files all carry our
// header (onlyOurs, read from the beginnings of the files the listing
// reads anyway).
func listInModule(opts Options, patterns []string) (roots []*packages.Package, ours map[string]bool, ok bool) {
	typed := !opts.CommentsOnly
	if typed && !opts.ListInProcess || len(opts.BuildFlags) > 0 || goEnvironmentSet() {
		return nil, nil, false
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, nil, false
	}
	mod, ok := plainModule(dir)
	if !ok || typed && exists(filepath.Join(mod.Dir, "vendor")) { // imports could resolve there
		return nil, nil, false
	}
	ours = map[string]bool{}
	seen := map[string]bool{}
	for _, pattern := range patterns {
		root, recursive, ok := relativePattern(dir, pattern)
		if !ok || !insideDir(mod.Dir, root) || nestedModuleBetween(mod.Dir, root) {
			return nil, nil, false
		}
		var dirs []string
		if recursive {
			if dirs, ok = packageDirs(root); !ok {
				return nil, nil, false
			}
		} else {
			dirs = []string{root}
		}
		matched := 0
		for _, d := range plainPackages(mod, dirs, typed) {
			if !d.ok {
				return nil, nil, false
			}
			if !d.found {
				continue
			}
			matched++
			if pkg := d.pkg; !seen[pkg.PkgPath] {
				seen[pkg.PkgPath] = true
				roots = append(roots, pkg)
				if d.ours {
					ours[pkg.PkgPath] = true
				}
			}
		}
		if matched == 0 {
			return nil, nil, false // go list's error or warning says why
		}
	}
	if typed && !listedImportsPlain(roots) {
		return nil, nil, false
	}
	return roots, ours, len(roots) > 0
}

// listedDir is what plainPackage found in a directory.
type listedDir struct {
	pkg             *packages.Package
	ours, found, ok bool
}

// plainPackages is plainPackage of each of dirs, in their order, read on
// all cores (a tree's generated clientset is hundreds of directories). The
// first directory that is not plain stops the others (go list decides).
func plainPackages(mod *packages.Module, dirs []string, withImports bool) []listedDir {
	listed := make([]listedDir, len(dirs))
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(dirs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(dirs) && !stop.Load(); i = int(next.Add(1)) - 1 {
				d := &listed[i]
				d.pkg, d.ours, d.found, d.ok = plainPackage(mod, dirs[i], withImports)
				if !d.ok {
					stop.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	return listed
}

// goEnvironmentSet reports whether the environment, or the go env file
// under it, sets what changes which packages and files go list reports.
func goEnvironmentSet() bool {
	values := map[string]string{}
	if os.Getenv("GOENV") != "" {
		return true
	}
	config, err := os.UserConfigDir()
	if err != nil {
		return true
	}
	data, err := os.ReadFile(filepath.Join(config, "go", "env"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return true
	}
	for line := range strings.Lines(string(data)) {
		if name, value, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
			values[name] = value
		}
	}
	for _, name := range listingSettings {
		if value := os.Getenv(name); value != "" {
			values[name] = value // the environment wins over the file
		}
	}
	for _, name := range listingSettings {
		value := values[name]
		switch {
		case value == "", name == "GOWORK" && value == "off":
		case name == "GOOS" && value == runtime.GOOS, name == "GOARCH" && value == runtime.GOARCH:
			// The host's, as go generate sets them for every command it runs.
		case name == "GOFLAGS":
			for _, flag := range strings.Fields(value) {
				if !slices.ContainsFunc(listingNeutralFlags, func(prefix string) bool { return strings.HasPrefix(flag, prefix) }) {
					return true
				}
			}
		default:
			return true
		}
	}
	return false
}

// listingSettings are the go environment variables that can change what
// go list reports for the main module.
var listingSettings = []string{"GOFLAGS", "GOOS", "GOARCH", "CGO_ENABLED", "GOEXPERIMENT", "GOWORK", "GO111MODULE", "GOPACKAGESDRIVER"}

// listingNeutralFlags are go flags (in GOFLAGS) that do not change which
// packages or files of the main module go list reports.
var listingNeutralFlags = []string{"-buildvcs", "-trimpath", "-modcacherw", "-mod=", "-p=", "-pgo="}

// plainModule is the module dir lies in, found as the go command finds it,
// unless a go.work above it (with GOWORK unset) would make it a workspace.
func plainModule(dir string) (*packages.Module, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if os.Getenv("GOWORK") != "off" && exists(filepath.Join(d, "go.work")) {
			return nil, false
		}
		goMod := filepath.Join(d, "go.mod")
		if data, err := os.ReadFile(goMod); err == nil {
			file, err := modfile.ParseLax(goMod, data, nil)
			if err != nil || file.Module == nil || module.CheckImportPath(file.Module.Mod.Path) != nil {
				return nil, false
			}
			for up := filepath.Dir(d); os.Getenv("GOWORK") != "off"; up = filepath.Dir(up) {
				if exists(filepath.Join(up, "go.work")) {
					return nil, false
				}
				if up == filepath.Dir(up) {
					break
				}
			}
			m := &packages.Module{Path: file.Module.Mod.Path, Main: true, Dir: d, GoMod: goMod}
			if file.Go != nil {
				m.GoVersion = file.Go.Version
			}
			return m, true
		}
		if d == filepath.Dir(d) {
			return nil, false
		}
	}
}

// relativePattern is the directory a ., ./dir or ./dir/... pattern names.
func relativePattern(dir, pattern string) (root string, recursive, ok bool) {
	if pattern != "." && !strings.HasPrefix(pattern, "./") {
		return "", false, false
	}
	rest, recursive := strings.CutSuffix(pattern, "/...")
	if pattern == "./..." {
		rest, recursive = ".", true
	}
	if strings.Contains(rest, "...") || strings.Contains(rest, "\\") || strings.Contains("/"+rest+"/", "/../") {
		return "", false, false
	}
	return filepath.Join(dir, filepath.FromSlash(rest)), recursive, true
}

func insideDir(parent, dir string) bool {
	rel, err := filepath.Rel(parent, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// nestedModuleBetween reports a go.mod below moduleDir on the way to dir.
func nestedModuleBetween(moduleDir, dir string) bool {
	for d := dir; d != moduleDir && insideDir(moduleDir, d); d = filepath.Dir(d) {
		if exists(filepath.Join(d, "go.mod")) {
			return true
		}
	}
	return false
}

// packageDirs are root and the directories below it that a /... pattern
// walks: not those named testdata or starting with . or _, nor other
// modules; symbolic links are not followed. A vendor directory, which go
// list skips or not depending on where it lies, leaves the walk to go list.
func packageDirs(root string) ([]string, bool) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != root {
			name := d.Name()
			if name == "vendor" {
				return errVendor
			}
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || exists(filepath.Join(path, "go.mod")) {
				return filepath.SkipDir
			}
		}
		dirs = append(dirs, path)
		return nil
	})
	return dirs, err == nil
}

// plainPackage is the package in dir; found is false when dir has no Go
// files that count. ok is false unless the files that count are the same
// in every build go list could make: no GOOS/GOARCH file names, no cgo,
// and build constraints only on tags of the project's own (such as
// kubebuilder's //go:build !ignore_autogenerated), which no go setting
// here turns on. onlyOurs reports that its Go files all carry our header
// (as onlyOurs would find).
func plainPackage(mod *packages.Module, dir string, withImports bool) (pkg *packages.Package, ours, found, ok bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false, false, false
	}
	var candidates []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			continue
		}
		if !e.Type().IsRegular() || constrainedByName(name) {
			return nil, false, false, false
		}
		candidates = append(candidates, filepath.Join(dir, name))
	}
	if len(candidates) == 0 {
		return nil, false, false, true
	}
	ctxt := build.Default
	ctxt.CgoEnabled = false
	// go/build reads each file's beginning, through its imports: what it
	// reads is kept, and the build constraints above the package clause
	// are read there (projectTagsOnly) rather than from the file again.
	read := map[string]*recordingFile{}
	ctxt.OpenFile = func(path string) (io.ReadCloser, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		r := &recordingFile{File: f}
		read[path] = r
		return r, nil
	}
	bp, importErr := ctxt.ImportDir(dir, 0)
	heads := map[string][]byte{}
	for _, path := range candidates {
		var head []byte
		if r := read[path]; r != nil {
			head = r.read
		}
		if !headerEnds(head) {
			if head, err = readHeader(path); err != nil {
				return nil, false, false, false
			}
		}
		if !projectTagsOnly(head) {
			return nil, false, false, false
		}
		heads[path] = head
	}
	if slices.Contains(bp.AllTags, "cgo") {
		return nil, false, false, false // a file that imports "C": left out here with cgo off, and not by go list
	}
	var noGo *build.NoGoError
	if errors.As(importErr, &noGo) && len(bp.IgnoredGoFiles) == len(candidates) {
		return nil, false, false, true // every file left out by a constraint
	}
	if importErr != nil || len(bp.GoFiles)+len(bp.IgnoredGoFiles) != len(candidates) || len(bp.CgoFiles) > 0 || len(bp.InvalidGoFiles) > 0 {
		return nil, false, false, false
	}
	rel, err := filepath.Rel(mod.Dir, dir)
	if err != nil {
		return nil, false, false, false
	}
	path := mod.Path
	if rel != "." {
		path += "/" + filepath.ToSlash(rel)
	}
	if module.CheckImportPath(path) != nil {
		return nil, false, false, false
	}
	files := make([]string, len(bp.GoFiles))
	ours = len(files) > 0
	for i, name := range bp.GoFiles {
		files[i] = filepath.Join(dir, name)
		ours = ours && IsGenerated(heads[files[i]])
	}
	pkg = &packages.Package{ID: path, Name: bp.Name, PkgPath: path, Dir: dir, GoFiles: files, Module: mod}
	if withImports {
		pkg.Imports = importStubs(bp.Imports)
	}
	return pkg, ours, true, true
}

// recordingFile is a file that keeps what was read from it.
type recordingFile struct {
	*os.File
	read []byte
}

func (r *recordingFile) Read(p []byte) (int, error) {
	n, err := r.File.Read(p)
	r.read = append(r.read, p[:n]...)
	return n, err
}

// constrainedByName reports a _GOOS, _GOARCH or _GOOS_GOARCH file name.
func constrainedByName(name string) bool {
	parts := strings.Split(strings.TrimSuffix(name, ".go"), "_")
	for _, part := range parts[1:] {
		if knownOS[part] || knownArch[part] {
			return true
		}
	}
	return false
}

// projectTagsOnly reports whether the build constraints above the package
// clause of a file that begins with head, if any, name only tags of the
// project's own: not a GOOS, GOARCH, unix, cgo, compiler, go version or
// experiment tag, whose value depends on the go command and its settings.
// head holds the file through its package clause (headerEnds), or all of
// it: the beginning go/build read, so that a listing of k8s.io/api does not
// read its files again (readHeader when go/build stopped short).
func projectTagsOnly(head []byte) bool {
	for line := range bytes.Lines(head) {
		text := strings.TrimSpace(string(line))
		if strings.HasPrefix(text, "package ") {
			return true
		}
		if environmentalConstraint(text) {
			return false
		}
	}
	return true
}

// headerEnds reports whether src holds a line that begins (after spaces)
// with the package clause: where what projectTagsOnly and IsGenerated read
// of a Go file ends.
func headerEnds(src []byte) bool {
	for line := range bytes.Lines(src) {
		if bytes.HasPrefix(bytes.TrimSpace(line), []byte("package ")) {
			return true
		}
	}
	return false
}

// readHeader is the beginning of the file at path through its first line
// that begins with the package clause, or all of it when none does: all
// that projectTagsOnly and IsGenerated read of a Go file.
func readHeader(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var head []byte
	for {
		line, err := r.ReadBytes('\n')
		head = append(head, line...)
		if err == io.EOF || err == nil && bytes.HasPrefix(bytes.TrimSpace(line), []byte("package ")) {
			return head, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// environmentalConstraint reports a build constraint line that go list
// must decide: unreadable, or naming a tag of the go command's settings.
func environmentalConstraint(text string) bool {
	if !constraint.IsGoBuild(text) && !constraint.IsPlusBuild(text) {
		return false
	}
	expr, err := constraint.Parse(text)
	if err != nil {
		return true
	}
	environmental := false
	expr.Eval(func(tag string) bool {
		environmental = environmental || knownOS[tag] || knownArch[tag] || tag == "unix" || tag == "cgo" || tag == "gc" || tag == "gccgo" ||
			strings.HasPrefix(tag, "go1.") || strings.HasPrefix(tag, "goexperiment.")
		return false
	})
	return environmental
}

var errVendor = errors.New("a vendor directory")

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// The GOOS and GOARCH values the go command knows (go tool dist list), for
// file names; a file named after one is left to go list.
var (
	knownOS = set("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd",
		"openbsd", "plan9", "solaris", "wasip1", "windows", "zos")
	knownArch = set("386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle", "mips64", "mips64le",
		"mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm")
)

func set(items ...string) map[string]bool {
	m := map[string]bool{}
	for _, item := range items {
		m[item] = true
	}
	return m
}
