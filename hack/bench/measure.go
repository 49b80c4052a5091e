//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// rssSampleInterval bounds what the self-RSS sampler can miss: VmHWM is a
// high-water mark, so only growth in the last interval before exit is lost.
const rssSampleInterval = 5 * time.Millisecond

// measurement is one timed run of one tool.
type measurement struct {
	wall time.Duration
	// cpu is user+sys of the tool and every descendant it waited for (go
	// list, and the compiler if go list runs it): the whole cost of the run.
	cpu time.Duration
	// selfRSS is the tool process's own peak RSS (VmHWM from /proc, sampled).
	selfRSS int64
	// treeMaxRSS is wait4's ru_maxrss: the largest peak of any single process
	// among the tool and the descendants it reaped. Not a sum: the tool and a
	// concurrently running go list are never added together.
	treeMaxRSS int64
	// outputFiles is how many files named as the suite's output the run wrote.
	outputFiles int
	// addedFiles and modifiedFiles describe everything else it changed.
	addedFiles    int
	modifiedFiles int
}

// runMeasured runs the tool in the workspace and measures it, returning its
// combined stdout and stderr. A non-zero exit is an error carrying the tail
// of that output.
func runMeasured(ctx context.Context, ws *workspace, t tool) (measurement, []byte, error) {
	cmd := exec.CommandContext(ctx, t.bin, t.args...)
	cmd.Dir = ws.apiDir
	cmd.Env = append(append(os.Environ(), goEnv()...), t.env...)
	// Output is kept in memory so it costs no terminal time and can be shown
	// on failure.
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return measurement{}, nil, err
	}
	selfRSS := sampleSelfRSS(cmd.Process.Pid)
	err := cmd.Wait()
	wall := time.Since(start)
	peak := selfRSS.stop()
	if code, ok := ws.suite.acceptExit[t.name]; ok && cmd.ProcessState.ExitCode() == code {
		err = nil
	}
	if err != nil {
		return measurement{}, output.Bytes(), fmt.Errorf("%s failed: %w\n  command: %s\n  dir: %s\n  output tail:\n%s",
			t.name, err, t.commandLine(), ws.apiDir, tail(output.Bytes(), 40))
	}

	usage := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return measurement{
		wall:       wall,
		cpu:        time.Duration(usage.Utime.Nano() + usage.Stime.Nano()),
		selfRSS:    peak,
		treeMaxRSS: usage.Maxrss * 1024, // Linux reports KiB
	}, output.Bytes(), nil
}

// rssSampler polls /proc/<pid>/status while the process runs; wait4's
// ru_maxrss cannot be used for the tool alone because it also covers the
// children the tool reaped.
type rssSampler struct {
	done chan struct{}
	peak chan int64
}

func sampleSelfRSS(pid int) *rssSampler {
	s := &rssSampler{done: make(chan struct{}), peak: make(chan int64, 1)}
	go func() {
		var peak int64
		ticker := time.NewTicker(rssSampleInterval)
		defer ticker.Stop()
		for {
			if hwm, ok := readVmHWM(pid); ok && hwm > peak {
				peak = hwm
			}
			select {
			case <-s.done:
				s.peak <- peak
				return
			case <-ticker.C:
			}
		}
	}()
	return s
}

func (s *rssSampler) stop() int64 {
	close(s.done)
	return <-s.peak
}

// readVmHWM returns the process's peak RSS in bytes. It reports false once
// the process has exited (a zombie has no VmHWM line).
func readVmHWM(pid int) (int64, bool) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "VmHWM:") {
			continue
		}
		fields := strings.Fields(line) // "VmHWM:", "123456", "kB"
		if len(fields) < 2 {
			return 0, false
		}
		kib, err := strconv.ParseInt(fields[1], 10, 64)
		return kib * 1024, err == nil
	}
	return 0, false
}
