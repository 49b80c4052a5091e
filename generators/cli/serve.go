package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/metagen-dev/metagen/server"
)

// serve runs "metagen serve" until interrupted.
func serve(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveUntil(ctx, args, stdout, stderr)
}

// serveUntil starts the in-process API server and serves until ctx ends.
func serveUntil(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	set := flag.NewFlagSet("serve", flag.ContinueOnError)
	set.SetOutput(stderr)
	addr := set.String("addr", "127.0.0.1:0", "address to listen on (port 0 picks a free port)")
	crds := set.String("crds", "", "file or directory of CustomResourceDefinition manifests to install")
	kubeconfig := set.String("kubeconfig", "", "write a kubeconfig for the server to this file")
	gc := set.Bool("gc", false, "emulate the garbage collector of kube-controller-manager (ownerReferences, orphan and foreground deletion)")
	watchCache := set.Bool("watch-cache", false, "serve lists and watches from kube-apiserver's watch cache (with its bookmarks), as kube-apiserver does by default")
	if err := set.Parse(args); err != nil {
		return exitError
	}
	if set.NArg() > 0 {
		fmt.Fprintf(stderr, "metagen serve: unexpected arguments %q\n", set.Args())
		return exitError
	}
	opts := server.Options{Addr: *addr, GarbageCollection: *gc, WatchCache: *watchCache}
	if *crds != "" {
		opts.CRDPaths = []string{*crds}
	}
	s, err := server.Start(ctx, opts)
	if err != nil {
		fmt.Fprintf(stderr, "metagen serve: %v\n", err)
		return exitError
	}
	defer s.Stop()
	if *kubeconfig != "" {
		if err := s.WriteKubeconfig(*kubeconfig); err != nil {
			fmt.Fprintf(stderr, "metagen serve: %v\n", err)
			return exitError
		}
	}
	fmt.Fprintf(stdout, "serving the API at %s\n", s.URL())
	if *kubeconfig != "" {
		fmt.Fprintf(stdout, "kubeconfig written to %s\n", *kubeconfig)
	}
	<-ctx.Done()
	return exitOK
}
