// Package serveflags is the command line of "metagen serve": its flags and
// help, without the API server, so that metagen can document and check them
// while the server itself is the separate command cmd/metagen-server.
package serveflags

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Flags are serve's flags.
type Flags struct {
	Addr               string
	CRDs               string
	Kubeconfig         string
	GC                 bool
	WatchCache         bool
	NamespaceLifecycle bool
	NamespaceDeletion  bool
	BindAll            bool
	PlainHTTP          bool
	AllowAnonymous     bool
}

func flagSet(f *Flags) *flag.FlagSet {
	set := flag.NewFlagSet("serve", flag.ContinueOnError)
	set.StringVar(&f.Addr, "addr", "127.0.0.1:0", "address to listen on (port 0 picks a free port)")
	set.StringVar(&f.CRDs, "crds", "", "file or directory of CustomResourceDefinition manifests to install")
	set.StringVar(&f.Kubeconfig, "kubeconfig", "", "write a kubeconfig for the server to this file")
	set.BoolVar(&f.GC, "gc", false, "emulate the garbage collector of kube-controller-manager (ownerReferences, orphan and foreground deletion)")
	set.BoolVar(&f.WatchCache, "watch-cache", true, "serve lists and watches from kube-apiserver's watch cache (with its bookmarks), as kube-apiserver does by default; --watch-cache=false serves them from the storage")
	set.BoolVar(&f.NamespaceLifecycle, "namespace-lifecycle", true, "refuse creates in namespaces that do not exist (404) or are terminating (403), as kube-apiserver's NamespaceLifecycle admission does")
	set.BoolVar(&f.NamespaceDeletion, "namespace-deletion", false, "emulate kube-controller-manager's namespace controller: a deleted namespace's content is deleted and the namespace finalized (a bare kube-apiserver leaves it Terminating)")
	set.BoolVar(&f.BindAll, "bind-all-interfaces", false, "allow an --addr that is not loopback (0.0.0.0:P, :P, a machine's address): anyone who reaches it with the kubeconfig's token is the cluster admin")
	set.BoolVar(&f.PlainHTTP, "plain-http", false, "serve plain HTTP instead of HTTPS with a throwaway CA (the kubeconfig trusts it)")
	set.BoolVar(&f.AllowAnonymous, "allow-anonymous", false, "serve requests without credentials as the admin (by default every request needs the kubeconfig's bearer token; others get 401)")
	return set
}

// Parse parses serve's arguments; errors (and -h's usage) go to stderr.
func Parse(args []string, stderr io.Writer) (Flags, error) {
	var f Flags
	set := flagSet(&f)
	set.SetOutput(stderr)
	if err := set.Parse(args); err != nil {
		return Flags{}, err
	}
	if set.NArg() > 0 {
		err := fmt.Errorf("unexpected arguments %q", set.Args())
		fmt.Fprintf(stderr, "metagen serve: %v\n", err)
		return Flags{}, err
	}
	return f, nil
}

// Help is "metagen help serve".
func Help() string {
	var defaults bytes.Buffer
	set := flagSet(new(Flags))
	set.SetOutput(&defaults)
	set.PrintDefaults()
	return fmt.Sprintf("Usage: metagen serve [flags]\n\n%s\nFlags:\n%s", Doc, strings.TrimPrefix(defaults.String(), "\n"))
}

// Doc says what serve is.
const Doc = `Runs metagen's in-process API server on loopback until interrupted (Ctrl-C): it behaves like
kube-apiserver 1.37.2 on metadata, finalizers, deletion, watches and server-side apply, from
k8s.io/apiserver's own registry store over an in-memory storage. It serves the CRDs --crds
names, core/v1 Namespaces and certificates.k8s.io/v1 PodCertificateRequests, and prints its
URL; --kubeconfig writes a kubeconfig for kubectl and clients:

  metagen serve --crds config/crd --kubeconfig /tmp/kubeconfig &
  kubectl --kubeconfig /tmp/kubeconfig get widgets

The server is its own command, github.com/metagen-dev/metagen/cmd/metagen-server, so that the
generator does not link it: metagen serve runs the metagen-server installed beside metagen, or
else "go run github.com/metagen-dev/metagen/cmd/metagen-server" in the current module (compiled
on first use, then cached; "go get -tool github.com/metagen-dev/metagen/cmd/metagen-server" makes
it "go tool metagen-server", with the same flags).

In Go tests, server.StartForTest serves your Go types directly (see docs/server.md).
`
