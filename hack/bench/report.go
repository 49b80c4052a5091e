//go:build linux

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// summary is the median of each metric over a tool's timed runs.
type summary struct {
	tool       tool
	runs       int
	wall       time.Duration
	wallMin    time.Duration
	wallMax    time.Duration
	cpu        time.Duration
	selfRSS    int64
	treeMaxRSS int64
	files      int
}

func printEnvironment(ctx context.Context, cfg config, ws *workspace, tools []tool) {
	goVersion, _ := runQuiet(ctx, ".", nil, "go", "env", "GOVERSION")
	fmt.Printf("machine:    %s, %d CPUs, Linux %s, %s\n",
		cpuModel(), runtime.NumCPU(), readTrimmed("/proc/sys/kernel/osrelease"), strings.TrimSpace(goVersion))
	if cfg.suite.describeTarget != nil {
		fmt.Printf("target:     %s\n", cfg.suite.describeTarget(ws))
	} else if cfg.suite.name == "deepcopy" {
		fmt.Printf("target:     k8s.io/api@%s, every package (%d upstream %s files removed), copy in %s\n",
			cfg.apiVersion, ws.upstreamOutputs, deepcopyOutputFile, ws.apiDir)
	} else if cfg.suite.name == "validation" {
		fmt.Printf("target:     k8s.io/api@%s, validation for %d of the %d packages Kubernetes generates it for, copy in %s\n",
			cfg.apiVersion, ws.upstreamOutputs, len(validationPackages), ws.apiDir)
	} else {
		fmt.Printf("target:     k8s.io/api@%s, %s for the %d packages that opt in, copy in %s\n",
			cfg.apiVersion, cfg.suite.name, ws.upstreamOutputs, ws.apiDir)
	}
	fmt.Printf("runs:       1 untimed warm-up + %d timed per tool, interleaved\n", cfg.runs)
	// Other work on the machine skews timings; show how busy it was.
	fmt.Printf("load avg:   %s (before warm-up)\n", loadAverage())
	for _, t := range tools {
		fmt.Printf("%-15s %s  (%s)\n", t.name+":", t.commandLine(), t.version)
	}
	fmt.Println()
}

func printReport(w io.Writer, s suite, tools []tool, results map[string][]measurement) {
	summaries := map[string]summary{}
	for _, t := range tools {
		summaries[t.name] = summarize(t, results[t.name])
	}
	fmt.Fprintf(w, "\nMedians (wall range = min-max over runs; load avg now: %s)\n", loadAverage())
	printSummaryTable(w, tools, summaries)
	fmt.Fprintf(w, "\nRatios (lower means the first tool is cheaper)\n")
	printRatioTable(w, s, summaries)
	printTargets(w, s, summaries)
	fmt.Fprintf(w, "\n%s\n", metricNotes)
}

const metricNotes = `wall:         elapsed time from start to exit of the tool.
cpu:          user+sys of the tool plus every descendant it waited for (go list, compilers).
rss self:     peak RSS (VmHWM) of the tool process alone, sampled from /proc every 5ms.
rss tree-max: wait4 ru_maxrss: the largest peak of any ONE process among the tool and
              the children it reaped (e.g. go list); a max, not a sum.`

func summarize(t tool, ms []measurement) summary {
	pick := func(f func(measurement) int64) []int64 {
		xs := make([]int64, len(ms))
		for i, m := range ms {
			xs[i] = f(m)
		}
		return xs
	}
	walls := pick(func(m measurement) int64 { return int64(m.wall) })
	return summary{
		tool:       t,
		runs:       len(ms),
		wall:       time.Duration(median(walls)),
		wallMin:    time.Duration(slices.Min(walls)),
		wallMax:    time.Duration(slices.Max(walls)),
		cpu:        time.Duration(median(pick(func(m measurement) int64 { return int64(m.cpu) }))),
		selfRSS:    median(pick(func(m measurement) int64 { return m.selfRSS })),
		treeMaxRSS: median(pick(func(m measurement) int64 { return m.treeMaxRSS })),
		files:      int(median(pick(func(m measurement) int64 { return int64(m.outputFiles) }))),
	}
}

func median(xs []int64) int64 {
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	mid := len(sorted) / 2
	if len(sorted)%2 == 0 {
		return (sorted[mid-1] + sorted[mid]) / 2
	}
	return sorted[mid]
}

func printSummaryTable(w io.Writer, tools []tool, summaries map[string]summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "tool\tversion\truns\twall\twall range\tcpu\trss self\trss tree-max\tfiles\t")
	for _, t := range tools {
		s := summaries[t.name]
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s-%s\t%s\t%s\t%s\t%d\t\n",
			t.name, t.version, s.runs, formatSeconds(s.wall), formatSeconds(s.wallMin), formatSeconds(s.wallMax),
			formatSeconds(s.cpu), formatMiB(s.selfRSS), formatMiB(s.treeMaxRSS), s.files)
	}
	tw.Flush()
}

func printRatioTable(w io.Writer, s suite, summaries map[string]summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "ratio\twall\tcpu\trss self\trss tree-max\t")
	printed := false
	for _, pair := range s.ratioPairs {
		num, okNum := summaries[pair[0]]
		den, okDen := summaries[pair[1]]
		if !okNum || !okDen {
			continue
		}
		printed = true
		fmt.Fprintf(tw, "%s / %s\t%s\t%s\t%s\t%s\t\n", pair[0], pair[1],
			formatRatio(int64(num.wall), int64(den.wall)), formatRatio(int64(num.cpu), int64(den.cpu)),
			formatRatio(num.selfRSS, den.selfRSS), formatRatio(num.treeMaxRSS, den.treeMaxRSS))
	}
	if !printed {
		fmt.Fprintln(tw, "(needs at least two tools)\t\t\t\t\t")
	}
	tw.Flush()
}

// printTargets checks metagen against the goals in README.md: wall time
// against the suite's target tool, and for deepcopy peak RSS too.
func printTargets(w io.Writer, s suite, summaries map[string]summary) {
	mg, okMg := summaries[toolMetagen]
	cg, okCg := summaries[s.target]
	if !okMg || !okCg {
		fmt.Fprintf(w, "\nTargets: not checked (needs metagen and %s)\n", s.target)
		return
	}
	fmt.Fprintf(w, "\nTargets (metagen vs %s)\n", s.target)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	wallRatio := float64(mg.wall) / float64(cg.wall)
	fmt.Fprintf(tw, "  wall <= %.1fx %s\t%s\t%.2fx\n", s.targetRatio, s.target, verdict(wallRatio <= s.targetRatio), wallRatio)
	if s.name == "deepcopy" {
		fmt.Fprintf(tw, "  rss self <= controller-gen\t%s\t%s vs %s\n",
			verdict(mg.selfRSS <= cg.selfRSS), formatMiB(mg.selfRSS), formatMiB(cg.selfRSS))
		fmt.Fprintf(tw, "  rss tree-max <= controller-gen\t%s\t%s vs %s\n",
			verdict(mg.treeMaxRSS <= cg.treeMaxRSS), formatMiB(mg.treeMaxRSS), formatMiB(cg.treeMaxRSS))
	}
	if s.rssTreeMaxTarget {
		fmt.Fprintf(tw, "  rss tree-max <= %s\t%s\t%s vs %s\n",
			s.target, verdict(mg.treeMaxRSS <= cg.treeMaxRSS), formatMiB(mg.treeMaxRSS), formatMiB(cg.treeMaxRSS))
	}
	tw.Flush()
}

func verdict(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

func formatSeconds(d time.Duration) string { return fmt.Sprintf("%.2fs", d.Seconds()) }

func formatMiB(bytes int64) string { return fmt.Sprintf("%d MiB", bytes>>20) }

func formatRatio(num, den int64) string {
	if den == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2fx", float64(num)/float64(den))
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, value, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(name) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return "unknown CPU"
}

// loadAverage returns the 1, 5 and 15 minute load averages.
func loadAverage() string {
	fields := strings.Fields(readTrimmed("/proc/loadavg"))
	if len(fields) < 3 {
		return "?"
	}
	return strings.Join(fields[:3], " ")
}

func readTrimmed(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(b))
}
