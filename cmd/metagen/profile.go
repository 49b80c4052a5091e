package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"runtime/trace"
)

// profiled runs f under a CPU profile and an execution trace when
// METAGEN_CPUPROFILE or METAGEN_TRACE name files to write, and writes a heap
// profile at the end (what is still held when the run is done: the heap only
// grows until then) when METAGEN_MEMPROFILE does (hack/bench's README, "the
// all suite", says how they were used).
func profiled(f func() int) int {
	if path := os.Getenv("METAGEN_MEMPROFILE"); path != "" {
		defer writeHeapProfile(path)
	}
	if path := os.Getenv("METAGEN_CPUPROFILE"); path != "" {
		if out, err := os.Create(path); err == nil {
			defer out.Close() // after the profile stops: defers run last first
			if pprof.StartCPUProfile(out) == nil {
				defer pprof.StopCPUProfile()
			}
		} else {
			fmt.Fprintln(os.Stderr, "metagen: METAGEN_CPUPROFILE:", err)
		}
	}
	if path := os.Getenv("METAGEN_TRACE"); path != "" {
		if out, err := os.Create(path); err == nil {
			defer out.Close()
			if trace.Start(out) == nil {
				defer trace.Stop()
			}
		} else {
			fmt.Fprintln(os.Stderr, "metagen: METAGEN_TRACE:", err)
		}
	}
	return f()
}

func writeHeapProfile(path string) {
	out, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("heap").WriteTo(out, 0)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "metagen: METAGEN_MEMPROFILE:", err)
	}
}
