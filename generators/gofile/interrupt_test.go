//go:build unix

package gofile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// The files of the kill-injection tests: two updates, a create and a
// removal, so the write phase has every kind of step.
func interruptCase(dir string) (wanted map[string][]byte, stale []string) {
	wanted = map[string][]byte{}
	for _, name := range []string{"a.go", "b.go", "sub/c.go"} {
		wanted[filepath.Join(dir, name)] = []byte(ours + "// new " + name + "\n")
	}
	return wanted, []string{filepath.Join(dir, "stale.go")}
}

func setUpInterruptCase(t *testing.T) string {
	dir := t.TempDir()
	testfile.Write(t, filepath.Join(dir, "a.go"), ours+"// old\n")
	testfile.Write(t, filepath.Join(dir, "b.go"), ours+"// old\n")
	testfile.Write(t, filepath.Join(dir, "stale.go"), ours)
	return dir
}

// TestWritePhaseChild is the process the kill tests kill: it applies the
// plan of interruptCase and sends itself a signal at one step.
func TestWritePhaseChild(t *testing.T) {
	dir := os.Getenv("METAGEN_KILL_DIR")
	if dir == "" {
		t.Skip("the child process of TestKilledWritePhaseIsRepaired")
	}
	step, _ := strconv.Atoi(os.Getenv("METAGEN_KILL_STEP"))
	sig := syscall.SIGKILL
	if os.Getenv("METAGEN_KILL_SIGNAL") == "TERM" {
		sig = syscall.SIGTERM
	}
	testHookStep = func(n int) {
		if n == step {
			syscall.Kill(os.Getpid(), sig)
			time.Sleep(50 * time.Millisecond) // SIGTERM is held: go on
		}
	}
	wanted, stale := interruptCase(dir)
	plan, err := NewPlan(dir, wanted, stale)
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Apply(); err != nil {
		t.Fatal(err)
	}
	if sig == syscall.SIGTERM {
		time.Sleep(5 * time.Second) // a held signal is delivered before this ends
	}
	os.Exit(3)
}

// runChild runs the write phase in a child killed by sig at step; it
// reports whether the signal ended the child (false: step is past the end).
func runChild(t *testing.T, dir string, step int, sig string) bool {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestWritePhaseChild$")
	cmd.Env = append(os.Environ(), "METAGEN_KILL_DIR="+dir, "METAGEN_KILL_STEP="+strconv.Itoa(step), "METAGEN_KILL_SIGNAL="+sig)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("step %d: child: %v\n%s", step, err, out)
	}
	status := exit.Sys().(syscall.WaitStatus)
	if status.Signaled() {
		return true
	}
	if status.ExitStatus() != 3 {
		t.Fatalf("step %d: child exited %d\n%s", step, status.ExitStatus(), out)
	}
	return false
}

func leftoverFiles(t *testing.T, dir string) []string {
	t.Helper()
	var found []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (isTempName(path) || filepath.Ext(path) == journalSuffix) {
			found = append(found, path)
		}
		return nil
	})
	return found
}

func checkFinal(t *testing.T, dir string, step int) {
	t.Helper()
	wanted, stale := interruptCase(dir)
	for path, content := range wanted {
		if got, _ := os.ReadFile(path); string(got) != string(content) {
			t.Errorf("step %d: %s = %q, want %q", step, path, got, content)
		}
	}
	if _, err := os.Stat(stale[0]); !os.IsNotExist(err) {
		t.Errorf("step %d: stale.go not removed", step)
	}
	if left := leftoverFiles(t, dir); len(left) > 0 {
		t.Errorf("step %d: left behind %v", step, left)
	}
}

// SIGKILL at every step of the write phase: the next plan sees what the
// killed run left (verify is never clean while temp files or the journal
// exist), and applying it repairs everything.
func TestKilledWritePhaseIsRepaired(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child process per step")
	}
	steps := 0
	for step := 0; ; step++ {
		dir := setUpInterruptCase(t)
		if !runChild(t, dir, step, "KILL") {
			break
		}
		steps++
		wanted, stale := interruptCase(dir)
		plan, err := NewPlan(dir, wanted, stale)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if left := leftoverFiles(t, dir); len(left) > 0 {
			removed := map[string]bool{}
			for _, c := range plan.Pending() {
				if c.Action == Remove && c.Leftover {
					removed[c.Path] = true
				}
			}
			for _, path := range left {
				if !removed[path] {
					t.Errorf("step %d: the plan after the kill does not remove %s (verify would not report it)", step, path)
				}
			}
		}
		if err := plan.Apply(); err != nil {
			t.Fatalf("step %d: repair: %v", step, err)
		}
		checkFinal(t, dir, step)
		if again, _ := NewPlan(dir, wanted, stale); len(again.Pending()) != 0 {
			t.Errorf("step %d: still pending after the repair: %v", step, again.Pending())
		}
	}
	// a journal, 3 writes of 2 steps each, a removal, the journal's end
	if steps != 9 {
		t.Errorf("killed at %d steps, want 9", steps)
	}
}

// SIGTERM at any step: the run finishes its plan first, then ends by the signal.
func TestTerminatedWritePhaseFinishes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child process per step")
	}
	for _, step := range []int{0, 3, 7, 8} {
		dir := setUpInterruptCase(t)
		if !runChild(t, dir, step, "TERM") {
			t.Fatalf("step %d: SIGTERM did not end the child after the write phase", step)
		}
		checkFinal(t, dir, step)
	}
}
