// Package servecmd is the metagen-server command (what "metagen serve"
// runs): the in-process API server started from serve's flags.
package servecmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/metagen-dev/metagen/generators/serveflags"
	"github.com/metagen-dev/metagen/server"
)

// Exit codes, metagen's.
const (
	exitOK    = 0
	exitError = 2
)

// Serve runs the server until SIGINT or SIGTERM.
func Serve(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return ServeUntil(ctx, args, stdout, stderr)
}

// ServeUntil starts the in-process API server and serves until ctx ends.
func ServeUntil(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	f, err := serveflags.Parse(args, stderr)
	if err != nil {
		return exitError
	}
	opts := server.Options{Addr: f.Addr, GarbageCollection: f.GC, NoWatchCache: !f.WatchCache,
		NoNamespaceLifecycle: !f.NamespaceLifecycle, NamespaceDeletion: f.NamespaceDeletion,
		BindAllInterfaces: f.BindAll, PlainHTTP: f.PlainHTTP, AllowAnonymous: f.AllowAnonymous}
	if f.CRDs != "" {
		opts.CRDPaths = []string{f.CRDs}
	}
	s, err := server.Start(ctx, opts)
	if err != nil {
		fmt.Fprintf(stderr, "metagen serve: %v\n", err)
		return exitError
	}
	defer s.Stop()
	for _, warning := range s.Warnings() {
		fmt.Fprintf(stderr, "metagen serve: warning: %s\n", warning)
	}
	if f.Kubeconfig != "" {
		if err := s.WriteKubeconfig(f.Kubeconfig); err != nil {
			fmt.Fprintf(stderr, "metagen serve: %v\n", err)
			return exitError
		}
	}
	fmt.Fprintf(stdout, "serving the API at %s\n", s.URL())
	if f.Kubeconfig != "" {
		fmt.Fprintf(stdout, "kubeconfig written to %s\n", f.Kubeconfig)
	}
	<-ctx.Done()
	return exitOK
}
