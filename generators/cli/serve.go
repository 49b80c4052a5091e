//go:build !metagen_noserve

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
	watchCache := set.Bool("watch-cache", true, "serve lists and watches from kube-apiserver's watch cache (with its bookmarks), as kube-apiserver does by default; --watch-cache=false serves them from the storage")
	namespaceLifecycle := set.Bool("namespace-lifecycle", true, "refuse creates in namespaces that do not exist (404) or are terminating (403), as kube-apiserver's NamespaceLifecycle admission does")
	namespaceDeletion := set.Bool("namespace-deletion", false, "emulate kube-controller-manager's namespace controller: a deleted namespace's content is deleted and the namespace finalized (a bare kube-apiserver leaves it Terminating)")
	bindAll := set.Bool("bind-all-interfaces", false, "allow an --addr that is not loopback (0.0.0.0:P, :P, a machine's address): anyone who reaches it with the kubeconfig's token is the cluster admin")
	plainHTTP := set.Bool("plain-http", false, "serve plain HTTP instead of HTTPS with a throwaway CA (the kubeconfig trusts it)")
	anonymous := set.Bool("allow-anonymous", false, "serve requests without credentials as the admin (by default every request needs the kubeconfig's bearer token; others get 401)")
	if err := set.Parse(args); err != nil {
		return exitError
	}
	if set.NArg() > 0 {
		fmt.Fprintf(stderr, "metagen serve: unexpected arguments %q\n", set.Args())
		return exitError
	}
	opts := server.Options{Addr: *addr, GarbageCollection: *gc, NoWatchCache: !*watchCache,
		NoNamespaceLifecycle: !*namespaceLifecycle, NamespaceDeletion: *namespaceDeletion,
		BindAllInterfaces: *bindAll, PlainHTTP: *plainHTTP, AllowAnonymous: *anonymous}
	if *crds != "" {
		opts.CRDPaths = []string{*crds}
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
