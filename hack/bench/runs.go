//go:build linux

package main

import (
	"context"
	"fmt"
	"os"
)

// warmUp runs a tool once untimed so that the build and module caches are as
// warm for its first timed run as for its last, and checks its output early.
func warmUp(ctx context.Context, cfg config, ws *workspace, t tool) error {
	fmt.Fprintf(os.Stderr, "warm-up   %-15s ", t.name)
	m, err := runChecked(ctx, ws, t)
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAILED")
		return err
	}
	fmt.Fprintln(os.Stderr, describeRun(m, ws))
	if ws.suite.describeOutput != nil {
		ch, err := ws.changes()
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "          %-15s output: %s\n", t.name, ws.suite.describeOutput(ws, ch.added))
	}
	if !cfg.verifyBuild {
		return nil
	}
	// The point of generating is code that compiles; timing broken output
	// would be meaningless.
	build := []string{"build", "./..."}
	if len(ws.packages) > 0 {
		build = append(build[:1], ws.packageArgs()...)
	}
	if _, err := runQuiet(ctx, ws.apiDir, goEnv(), "go", build...); err != nil {
		return fmt.Errorf("%s output does not compile (-verify-build=false skips this check): %w", t.name, err)
	}
	return nil
}

// timedRuns interleaves the tools (A B C A B C ...) so that drift in machine
// load spreads over all of them instead of penalising one.
func timedRuns(ctx context.Context, runs int, ws *workspace, tools []tool) (map[string][]measurement, error) {
	results := map[string][]measurement{}
	for i := 1; i <= runs; i++ {
		for _, t := range tools {
			fmt.Fprintf(os.Stderr, "run %d/%d   %-15s ", i, runs, t.name)
			m, err := runChecked(ctx, ws, t)
			if err != nil {
				fmt.Fprintln(os.Stderr, "FAILED")
				return nil, err
			}
			fmt.Fprintln(os.Stderr, describeRun(m, ws))
			results[t.name] = append(results[t.name], m)
		}
	}
	return results, nil
}

// runChecked restores the pristine tree, runs the tool, and fails loudly if
// it wrote no output file.
func runChecked(ctx context.Context, ws *workspace, t tool) (measurement, error) {
	if err := ws.reset(); err != nil {
		return measurement{}, fmt.Errorf("restoring the k8s.io/api copy: %w", err)
	}
	if setup := ws.suite.setup[t.name]; setup != nil {
		if err := setup(ctx, ws, t); err != nil {
			return measurement{}, fmt.Errorf("setting up %s: %w", t.name, err)
		}
	}
	m, output, err := runMeasured(ctx, ws, t)
	if err != nil {
		return m, err
	}
	if t.check != nil {
		if err := t.check(output); err != nil {
			return m, fmt.Errorf("%s: %w\n  command: %s\n  output tail:\n%s", t.name, err, t.commandLine(), tail(output, 40))
		}
	}
	ch, err := ws.changes()
	if err != nil {
		return m, err
	}
	m.outputFiles = countNamed(ch.added, ws.suite.outputFile)
	m.addedFiles = len(ch.added)
	m.modifiedFiles = len(ch.modified)
	if m.outputFiles == 0 && !ws.suite.readOnly[t.name] {
		return m, fmt.Errorf("%s exited 0 but wrote no %s file (%d other paths added)\n  command: %s\n  dir: %s\n  output tail:\n%s",
			t.name, ws.suite.outputFile, m.addedFiles, t.commandLine(), ws.apiDir, tail(output, 40))
	}
	return m, nil
}

func describeRun(m measurement, ws *workspace) string {
	s := fmt.Sprintf("wall %s  cpu %s  rss self %s  rss tree-max %s  files %d/%d",
		formatSeconds(m.wall), formatSeconds(m.cpu), formatMiB(m.selfRSS), formatMiB(m.treeMaxRSS),
		m.outputFiles, ws.upstreamOutputs)
	if other := m.addedFiles - m.outputFiles; other > 0 {
		s += fmt.Sprintf(" (+%d other paths)", other)
	}
	if m.modifiedFiles > 0 {
		s += fmt.Sprintf(" (edited %d existing files)", m.modifiedFiles)
	}
	if m.outputFiles != ws.upstreamOutputs && ws.suite.name == "deepcopy" {
		s += "  WARNING: upstream ships a different number of deepcopy files"
	}
	return s
}
