// Package launcher is what "go tool metagen" runs: a program that links only
// the standard library, so that the go command's check that the tool is up to
// date (it hashes every package the tool links, 780 for metagen itself) costs
// what it costs for a small program. The launcher then runs the real metagen
// binary, built once per build configuration with "go build" and kept in
// metagen's cache directory under a key that covers everything the go command
// would have looked at (see Fingerprint).
//
// The go command gives a tool none of its own flags. Those that change what a
// build reads (-modfile, -overlay) are taken from the command line of the
// go process that started the launcher (parent.go).
package launcher

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/metagen-dev/metagen/generators/cachedir"
)

// Target is the command a launcher runs.
type Target struct {
	Name    string // how messages call it: metagen
	Module  string // the module that holds Package
	Package string // the main package's import path
}

// Metagen is the generator command, what "go tool metagen" runs.
var Metagen = Target{Name: "metagen", Module: "github.com/metagen-dev/metagen", Package: "github.com/metagen-dev/metagen/cmd/metagen"}

// keptBinaries is how many built binaries the cache keeps, newest used first:
// enough for switching among a few checkouts or branches, at 60-70 MB each.
const keptBinaries = 4

// Main builds target if its cached binary is missing and runs it with args,
// returning the exit code when it cannot replace the process (exec is
// Unix-only).
func Main(target Target, args []string, stderr io.Writer) int {
	goFlags, err := parentGoFlags()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", target.Name, err)
		return 2
	}
	l := &launch{target: target, goFlags: goFlags, stderr: stderr, terminal: isTerminal(stderr)}
	return l.run(args)
}

// launch is one run of the launcher.
type launch struct {
	target  Target
	goFlags GoFlags
	stderr  io.Writer
	// terminal: stderr shows a redrawn progress line while a build runs.
	terminal bool
	dir      string // working directory of the go commands; "" is the current one
	// exec runs the built binary in place of the launcher; tests replace it.
	exec func(binary string, args []string) int
}

func (l *launch) run(args []string) int {
	cacheDir, err := cachedir.Of("tool")
	if err != nil {
		fmt.Fprintf(l.stderr, "%s: %v\n", l.target.Name, err)
		return 2
	}
	goRun := func() int {
		return l.execute(goBinary(), append(append([]string{"go", "run"}, l.goFlags.buildArgs()...), append([]string{l.target.Package}, args...)...))
	}
	if cacheDir == "" || l.goFlags.uncacheable(readGoEnv().get("GOFLAGS")) {
		return goRun() // METAGEN_CACHE=off or an overlay: the go command decides, every time
	}
	binary, err := l.binary(cacheDir)
	if errors.Is(err, errNotAModule) {
		return goRun() // for the go command's own words on what is wrong
	} else if err != nil {
		fmt.Fprintf(l.stderr, "%s: %v\n", l.target.Name, err)
		return 2
	}
	return l.execute(binary, append([]string{l.target.Name}, args...))
}

func (l *launch) execute(binary string, argv []string) int {
	if l.exec != nil {
		return l.exec(binary, argv)
	}
	return execute(binary, argv, l.stderr)
}

// binary is the path of the cached binary for this build configuration,
// built first if there is none.
func (l *launch) binary(cacheDir string) (string, error) {
	key, err := Fingerprint(l.target, l.goFlags, l.dir)
	if err != nil {
		return "", err
	}
	path := filepath.Join(cacheDir, l.target.Name+"-"+key+exeSuffix())
	now := time.Now()
	if err := os.Chtimes(path, now, now); err == nil {
		return path, nil // a hit; the time marks it used, for trimming
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(cacheDir, l.target.Name+"-build-*"+exeSuffix())
	if err != nil {
		return "", err
	}
	tmp.Close()
	defer os.Remove(tmp.Name()) // gone after the rename, or on failure
	progress := startProgress(l.stderr, l.terminal, l.target.Name, announcement(l.target, builtBefore(cacheDir, l.target), lastDuration(cacheDir, l.target)))
	build := exec.Command(goBinary(), append(append([]string{"build", "-o", tmp.Name()}, l.goFlags.buildArgs()...), l.target.Package)...)
	build.Dir, build.Stdout, build.Stderr = l.dir, progress, progress
	err = build.Run()
	progress.done(err)
	if err != nil {
		return "", fmt.Errorf("go build %s: %v", l.target.Package, err)
	}
	recordDuration(cacheDir, l.target, time.Since(now))
	// Two launchers building at once both rename; either binary is right.
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", err
	}
	trim(cacheDir, l.target.Name+"-", now)
	return path, nil
}

// trim removes what cachedir.Trim does (unused for days) and all but the
// keptBinaries most recently used binaries: each is tens of megabytes.
func trim(dir, prefix string, now time.Time) {
	cachedir.Trim(dir, now)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type binary struct {
		name string
		used time.Time
	}
	var binaries []binary
	for _, e := range entries {
		if info, err := e.Info(); err == nil && strings.HasPrefix(e.Name(), prefix) && !strings.Contains(e.Name(), "-build-") {
			binaries = append(binaries, binary{e.Name(), info.ModTime()})
		}
	}
	sort.Slice(binaries, func(i, j int) bool { return binaries[i].used.After(binaries[j].used) })
	for i := keptBinaries; i < len(binaries); i++ {
		os.Remove(filepath.Join(dir, binaries[i].name))
	}
}

// goBinary is the go command that started the launcher: "go tool" puts its
// GOROOT/bin first on PATH.
func goBinary() string {
	if path, err := exec.LookPath("go"); err == nil {
		return path
	}
	return "go"
}
