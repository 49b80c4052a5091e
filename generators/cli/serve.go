package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"

	"github.com/metagen-dev/metagen/generators/serveflags"
)

// serverPackage is the command "metagen serve" runs: the API server is a
// command of its own, so that the generator links none of k8s.io/apiserver
// (its build and link stay small).
const serverPackage = "github.com/metagen-dev/metagen/cmd/metagen-server"

// serve runs "metagen serve" until interrupted.
func serve(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	return serveWith(ctx, filepath.Dir(exe), args, stdout, stderr)
}

// serveWith checks the flags (a mistake needs no server compiled), runs
// the server command, and interrupts it when ctx ends.
func serveWith(ctx context.Context, exeDir string, args []string, stdout, stderr io.Writer) int {
	if _, err := serveflags.Parse(args, stderr); err != nil {
		return exitError
	}
	cmd := serverCommand(exeDir, args)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	ownProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "metagen serve: %v\n", err)
		return exitError
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return exitCodeOf(err, stderr)
	case <-ctx.Done():
		interrupt(cmd)
		return exitCodeOf(<-done, stderr)
	}
}

// serverCommand is the metagen-server installed beside metagen (go install
// of both), or else go run of it in the current module.
func serverCommand(exeDir string, args []string) *exec.Cmd {
	name := "metagen-server"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if sibling := filepath.Join(exeDir, name); exeDir != "" && isExecutable(sibling) {
		return exec.Command(sibling, args...)
	}
	return exec.Command("go", append([]string{"run", serverPackage}, args...)...)
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular() && (runtime.GOOS == "windows" || info.Mode()&0o111 != 0)
}

func exitCodeOf(err error, stderr io.Writer) int {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	}
	fmt.Fprintf(stderr, "metagen serve: %v\n", err)
	return exitError
}
