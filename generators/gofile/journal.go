package gofile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// The write phase keeps a journal, so that a run killed in the middle of
// it (SIGKILL, a crash, a power cut of the process) leaves nothing the next
// run cannot find: .metagen-run-<pid>-<random>.journal in the module root names
// every temp file before it is created. The next plan (generate or verify)
// finds the journals of runs that are no longer alive and every temp file
// of ours next to the files it writes, and plans their removal: generate
// removes them and rewrites what the killed run left half done, verify
// reports them, so it never says clean while they exist.
// SIGINT and SIGTERM during the write phase are held until the phase is
// over, then delivered: a run asked to stop finishes its plan first.

const (
	journalPrefix = ".metagen-run-"
	journalSuffix = ".journal"
	tempPrefix    = ".metagen-"
	tempSuffix    = ".tmp"
)

// testHookStep, when set (by tests), is called before each step of the
// write phase with the step's number, counting from 0.
var testHookStep func(step int)

// journal is the record of one run's write phase.
type journal struct {
	path string
	file *os.File
	step int
}

// activeJournals are the journals of this process's write phases in
// progress (several may run at once, in tests).
var activeJournals sync.Map

func startJournal(moduleDir string) (*journal, error) {
	var random [4]byte
	if _, err := rand.Read(random[:]); err != nil {
		return nil, err
	}
	name := journalPrefix + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(random[:]) + journalSuffix
	j := &journal{path: filepath.Join(moduleDir, name)}
	j.hook()
	file, err := os.OpenFile(j.path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("starting the write journal: %w", err)
	}
	j.file = file
	activeJournals.Store(j.path, true)
	return j, j.record("metagen write journal")
}

// hook marks one step of the write phase, for the kill-injection tests.
func (j *journal) hook() {
	if testHookStep != nil {
		testHookStep(j.step)
	}
	j.step++
}

func (j *journal) record(line string) error {
	_, err := j.file.WriteString(line + "\n")
	return err
}

// finish removes the journal: every temp file it names is gone.
func (j *journal) finish() error {
	j.hook()
	j.file.Close()
	err := os.Remove(j.path)
	activeJournals.Delete(j.path)
	return err
}

// abandon ends a failed write phase: the journal stays on disk for the
// next run to clean up after this one.
func (j *journal) abandon() {
	j.file.Close()
	activeJournals.Delete(j.path)
}

// tempName picks the temp file for path and journals it before it exists.
func (j *journal) tempName(path string) (string, error) {
	var random [8]byte
	if _, err := rand.Read(random[:]); err != nil {
		return "", err
	}
	tmp := filepath.Join(filepath.Dir(path), tempPrefix+hex.EncodeToString(random[:])+tempSuffix)
	return tmp, j.record("tmp " + tmp)
}

// holdSignals defers SIGINT and SIGTERM until release, which delivers the
// first one that came (the default action then ends the process).
func holdSignals() (release func()) {
	held := make(chan os.Signal, 1)
	signal.Notify(held, os.Interrupt, syscall.SIGTERM)
	return func() {
		signal.Stop(held)
		select {
		case sig := <-held:
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				p.Signal(sig)
			}
		default:
		}
	}
}

// leftovers are what interrupted runs left behind: the journals of runs no
// longer alive, the temp files they name, and any temp file of ours in the
// directories the plan writes to, except those a live run (a concurrent
// generate) has journaled.
func leftovers(moduleDir string, dirs []string) []string {
	var paths []string
	live := map[string]bool{}
	seen := map[string]bool{}
	add := func(path string) {
		if !seen[path] {
			seen[path] = true
			paths = append(paths, path)
		}
	}
	journals, _ := filepath.Glob(filepath.Join(moduleDir, journalPrefix+"*"+journalSuffix))
	for _, path := range journals {
		temps := journalTemps(path)
		if journalAlive(path) {
			for _, tmp := range temps {
				live[tmp] = true
			}
			continue
		}
		add(path)
		for _, tmp := range temps {
			if _, err := os.Lstat(tmp); err == nil {
				add(tmp)
			}
		}
	}
	for _, dir := range dirs {
		temps, _ := filepath.Glob(filepath.Join(dir, tempPrefix+"*"+tempSuffix))
		for _, tmp := range temps {
			if !live[tmp] {
				add(tmp)
			}
		}
	}
	return paths
}

func journalTemps(path string) []string {
	file, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer file.Close()
	var temps []string
	lines := bufio.NewScanner(file)
	for lines.Scan() {
		if tmp, ok := strings.CutPrefix(lines.Text(), "tmp "); ok && isTempName(tmp) {
			temps = append(temps, tmp)
		}
	}
	return temps
}

func isTempName(path string) bool {
	base := filepath.Base(path)
	return strings.HasPrefix(base, tempPrefix) && strings.HasSuffix(base, tempSuffix) && !strings.HasPrefix(base, journalPrefix)
}

// journalAlive reports whether the run that keeps the journal still runs:
// a write phase of this process in progress, or another process that
// exists (this process's other journals are from Applies that failed).
func journalAlive(path string) bool {
	if _, active := activeJournals.Load(path); active {
		return true
	}
	name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), journalPrefix), journalSuffix)
	pidText, _, _ := strings.Cut(name, "-")
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 || pid == os.Getpid() {
		return false
	}
	return processExists(pid)
}

// leftoverChanges are the removals of what interrupted runs left, for the
// plan: no header check, the names are ours.
func leftoverChanges(inside pathChecker, moduleDir string, dirs []string) []Change {
	var changes []Change
	for _, path := range leftovers(moduleDir, dirs) {
		if _, ok := inside.check(path); !ok {
			continue
		}
		old, _ := os.ReadFile(path)
		changes = append(changes, Change{Path: path, Action: Remove, Old: old, Leftover: true})
	}
	return changes
}
