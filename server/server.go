// Package server is metagen's embedded API server: an in-process server that
// behaves like kube-apiserver 1.37 on ObjectMeta, finalizers and deletion,
// starts in milliseconds and needs no binaries.
//
// It is kube-apiserver's own code over an in-memory store:
//
//   - k8s.io/apiserver's handlers and generic registry store serve every
//     resource: create, get, list (label and field selectors, limit and
//     continue), watch, update, patch (JSON, merge, strategic merge for Go
//     types with their own validation, server-side apply), delete and
//     deletecollection, the status subresource, dry run, and the whole
//     deletion machinery: finalizers, propagation policies, preconditions,
//     graceful deletion, removal when the last finalizer goes;
//   - k8s.io/apiextensions-apiserver serves the CustomResourceDefinition API
//     and custom resources, with structural pruning, defaulting, schema and
//     CEL validation, exactly as kube-apiserver does;
//   - the storage (internal/memstore) implements k8s.io/apiserver's
//     storage.Interface with etcd's semantics: one revision counter,
//     optimistic concurrency, reads and lists at past revisions, compaction
//     and 410 Gone, progress notifications. kube-apiserver's watch cache sits
//     in front of it, as in kube-apiserver by default, so watches that allow
//     bookmarks get them (Options.NoWatchCache leaves it out).
//
// Go types from a scheme are served like the CRDs they usually become, unless
// the scheme registers validation for them (generated validation code), which
// then decides their metadata rules; see Options.Scheme.
// Their names, scope and /status are the Kubernetes layer's, the ones
// metagen's CRDs and typed clients use: the code metagen generates records
// them on the scheme from AddToScheme (schema/resources), and
// Options.ResourceCRDPaths (the CRDs metagen writes) or Options.Resources
// override them. Kinds without either are named by a guess from the kind
// (a Person would be "persons").
//
// A kind registered in several versions of its group (v1alpha1 and v1, say)
// is served in all of them, as kube-apiserver serves a CRD with several
// versions: one set of objects, stored in one version, converted to the
// version of each request, response, list and watch event. Discovery lists
// the versions in kube-aware order, the highest (v2 > v1 > v1beta1 >
// v1alpha1) preferred, as for a CRD. The storage version is the one a
// Resource marks with StorageVersion, else the first of the group's
// versions in the scheme's priority (SetVersionPriority, else the order in
// which versions were added). Conversion uses the scheme's conversion
// functions between the two versions (AddConversionFunc, generated ones),
// or through the scheme's internal version, or controller-runtime's
// Hub/Convertible methods; without any, it is the CRD conversion strategy
// None: only apiVersion changes, and a field the other version lacks is
// pruned on the way through (into the storage version, and out to the
// version of a request), as kube-apiserver prunes it with the target
// version's schema. Versions whose JSON gives one field two types cannot be
// served that way (kube-apiserver would keep the value; a Go type cannot),
// so Start refuses them without a conversion. Each request gets the
// validation the scheme registers for its version's type, run on the
// object in that version; server-side apply records the version each
// manager applied in.
//
// Use it in tests with StartForTest:
//
//	s := server.StartForTest(t, server.Options{Scheme: scheme, CRDPaths: []string{"config/crd"}})
//	client := dynamic.NewForConfigOrDie(s.RESTConfig())
//
// or from the command line with "metagen serve".
//
// Its door is kube-apiserver's: HTTPS with a serving certificate of a
// throwaway CA made at start, bearer-token authentication (the admin's token
// is in RESTConfig and in the kubeconfig Kubeconfig and WriteKubeconfig give;
// a request without it, with a wrong one or with basic auth gets 401), and
// loopback addresses only. RESTConfig, RESTConfigFor, HTTPClient and the
// kubeconfig carry the CA and the token, so clients need nothing else.
// Options.PlainHTTP, Options.AllowAnonymous and Options.BindAllInterfaces
// open it, each on purpose.
//
// It serves /openapi/v2 and /openapi/v3 (with
// /openapi/v3/apis/<group>/<version>) for every type, from the CRDs'
// schemas and from the Go types' OpenAPI definitions
// (Options.OpenAPIDefinitions, as openapi-gen or metagen write them), so
// kubectl create, apply (client- and server-side), explain and diff work
// with client-side validation on, as against kube-apiserver.
//
// The StartForTest options, beyond what Start takes:
//
//   - the server stops when the test ends;
//   - its log (klog's lines) is kept out of the test's output and shown,
//     through t.Log, only when the test fails; Options.ShowLogs or
//     METAGEN_SERVER_LOGS=1 shows it as it comes.
//
// The Options most tests touch: Scheme and OpenAPIDefinitions (Go types),
// CRDs and CRDPaths (CRD manifests), Users (identities with RBAC-style rules
// beside the admin), NoNamespaceLifecycle (create in namespaces that do not
// exist), NamespaceDeletion and GarbageCollection (the controller manager's
// namespace controller and garbage collector), NoWatchCache, HistoryLimit
// and HistoryBytes (how much history the storage keeps).
//
// Namespaces must exist, as on a real cluster: core/v1 Namespaces are served
// at /api/v1/namespaces (with /status and /finalize) as kube-apiserver's
// registry serves them, default, kube-system, kube-public and
// kube-node-lease exist from the start, and the NamespaceLifecycle admission
// answers a create in a missing namespace with 404 (namespaces "x" not
// found) and one in a terminating namespace with 403. Create a namespace
// first, use "default", or turn the check off with
// Options.NoNamespaceLifecycle. A deleted namespace stays Terminating, with
// its content, until its "kubernetes" finalizer is removed, as on a
// kube-apiserver without a controller manager; Options.NamespaceDeletion
// emulates the namespace controller that empties and removes it.
//
// Of kube-apiserver's other built-in APIs it serves certificates.k8s.io/v1
// PodCertificateRequests, with their validation (schema/certificates/v1),
// strategy and signer authorization, for signers' tests.
//
// What it does not do: requests act as the cluster admin unless they carry
// the token of one of Options.Users (see RESTConfigFor); NamespaceLifecycle
// is the only admission plugin of kube-apiserver's (besides metagen's own
// AllowedFinalizersAnnotation check); of the core API only namespaces are served (no
// pods, services, …), and the other built-in groups are not. Go types from a
// scheme are served in JSON, YAML and (with its feature gate) CBOR only: a
// client that asks for protobuf first is answered in JSON only when it also
// accepts JSON. Garbage collection by ownerReferences is the controller
// manager's job, off by default as on a bare kube-apiserver
// (Options.GarbageCollection).
package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/metagen-dev/metagen/server/internal/gc"
	"github.com/metagen-dev/metagen/server/internal/namespacecontroller"
	"github.com/metagen-dev/metagen/server/internal/registry/namespace"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	"k8s.io/client-go/rest"
	"k8s.io/kube-openapi/pkg/common"

	"github.com/metagen-dev/metagen/server/internal/memstore"
)

// Options configure a Server. The zero value serves only the
// CustomResourceDefinition API on a free loopback port.
type Options struct {
	// Addr is the address to listen on; 127.0.0.1:0 (a free port) by default.
	// Only loopback addresses are allowed (127.0.0.0/8, [::1], localhost)
	// unless BindAllInterfaces is set.
	Addr string
	// BindAllInterfaces allows an Addr that is not loopback (0.0.0.0:P,
	// :P, a machine's address): the server is then reachable from other
	// machines, by anyone with its token, and Warnings says so.
	BindAllInterfaces bool

	// PlainHTTP serves plain HTTP instead of HTTPS. By default the server
	// serves HTTPS with a certificate of a throwaway CA made at start, which
	// RESTConfig and the kubeconfig trust, as a real cluster's clients
	// trust its CA.
	PlainHTTP bool
	// AllowAnonymous serves requests without credentials (no Authorization
	// header) as the admin. By default, as on kube-apiserver with
	// --anonymous-auth=false, every request must carry a bearer token the
	// server made (the admin's, in RESTConfig and the kubeconfig, or one of
	// the Users'), and any other gets 401 Unauthorized. A wrong token or
	// basic auth gets 401 either way.
	AllowAnonymous bool

	// Scheme holds Go API types to serve. Every kind with ObjectMeta and a
	// List kind in a non-Kubernetes group (one with a dot, not *.k8s.io;
	// a *.k8s.io group with a dot when the kind's resource is named, by
	// Resources, ResourceCRDPaths or the scheme's generated registration,
	// as gateway-api's gateway.networking.k8s.io) is served, namespaced, with a status subresource when the type has a
	// status field, under names guessed from the kind, unless the scheme
	// records how the kind is served (names, scope, /status; schema/resources:
	// metagen's generated code registers the Kubernetes layer's from
	// AddToScheme); ResourceCRDPaths and Resources override both.
	// Validation registered in the scheme (scheme.Validate /
	// ValidateUpdate, as generated validation code registers it, CEL rules
	// included where it enforces them) runs on every write: create, update,
	// patch and server-side apply, of the object and of /status, as a create
	// or as an update against the stored object, and defaulting
	// registered in it runs on decode. A kind in several versions of its
	// group is served in every one (see the package documentation and
	// Resource.StorageVersion); the validation of the request's version
	// applies. The scheme is only read.
	Scheme *runtime.Scheme
	// Resources overrides how kinds of Scheme are served.
	Resources []Resource
	// ResourceCRDPaths are files or directories of CRD manifests (as
	// metagen generate writes them for the types) that say how the kinds
	// of Scheme are served: plural, singular, short names, categories,
	// scope, /status and storage version (see ResourcesFromCRDs), so the
	// Go types are served under the names their CRDs and generated clients
	// use. They are read, not installed; they win over names the scheme
	// records, and Resources given for a kind win over them.
	ResourceCRDPaths []string
	// OpenAPIDefinitions are OpenAPI definitions of the Go types (as
	// openapi-gen writes them), for server-side apply and managedFields.
	// Types without one get a schema that leaves everything but metadata
	// untyped.
	OpenAPIDefinitions common.GetOpenAPIDefinitions

	// CRDs are installed, and served, before Start returns.
	CRDs []*apiextensionsv1.CustomResourceDefinition
	// CRDPaths are files or directories of CRD manifests (YAML or JSON,
	// several documents per file allowed) to install like CRDs.
	CRDPaths []string

	// GarbageCollection emulates kube-controller-manager's garbage collector:
	// dependents are deleted by ownerReferences, and the orphan and
	// foregroundDeletion finalizers are processed. Off by default, like a
	// kube-apiserver without a controller manager.
	GarbageCollection bool

	// NoWatchCache serves lists and watches from the storage, like
	// kube-apiserver with --watch-cache=false: a watch then gets no bookmark
	// but the one that ends a watch list's initial events. By default
	// kube-apiserver's watch cache sits in front of the storage, as
	// kube-apiserver's default has it: lists and watches are served from it,
	// and watches that allow bookmarks get them.
	NoWatchCache bool

	// HistoryLimit is how many revisions of history the storage keeps for
	// watches and paginated lists; older resourceVersions get 410 Gone from
	// it (the watch cache keeps a window of its own, as kube-apiserver's).
	HistoryLimit int64
	// HistoryBytes bounds the memory that history takes: the bytes of
	// superseded and deleted objects the storage keeps (256 MiB by
	// default). Past it the oldest revisions are compacted, as etcd is
	// compacted to stay under its quota, so rewriting a large object many
	// times holds the storage at the live objects plus this bound.
	HistoryBytes int64
	// WatchCacheBytes bounds the window of events the watch cache (see
	// NoWatchCache) keeps for each resource, HistoryBytes (or its default)
	// if unset. kube-apiserver's window is sized by count and age only (at
	// least 100 events, up to 102,400 while they are younger than 75
	// seconds), so quick rewrites of a large object would hold each
	// version. Past the bound the storage ends the cache's watch with 410
	// Expired, as etcd does to a watcher that falls behind compaction: the
	// cache lists again, its window restarts at the current revision (older
	// watches get 410, as from kube-apiserver), and its watches end and are
	// resumed by their clients, as after such a compaction.
	WatchCacheBytes int64

	// Users are identities besides the admin, with what each may do; a
	// client acts as one with the configuration RESTConfigFor returns.
	// The admin (system:masters, RESTConfig's token) may do anything, so
	// without Users nothing changes: authorization only ever refuses the
	// Users. Refusals are kube-apiserver's: 403 Forbidden
	// for the request, and for a PodCertificateRequest /status write
	// without the "sign" permission, its 422 at spec.signerName.
	Users []User
	// Authorizer, when set, decides what the Users may do (for every verb,
	// "sign" on certificates.k8s.io signers included) instead of their
	// Rules. The admin is always allowed.
	Authorizer authorizer.UnconditionalAuthorizer

	// Now is the server's clock for the checks that read one: the
	// PodCertificateRequest /status rule that notBefore be within 5 minutes
	// of the server's time. time.Now by default.
	Now func() time.Time

	// NoNamespaceLifecycle turns off the NamespaceLifecycle admission, for
	// tests that create objects in namespaces without creating those first:
	// objects may then be created in namespaces that do not exist or are
	// terminating. By default, as on kube-apiserver, a create in a missing
	// namespace is a 404 (namespaces "x" not found) and one in a
	// terminating namespace a 403. The Namespace API is served either way,
	// with default, kube-system, kube-public and kube-node-lease.
	NoNamespaceLifecycle bool

	// NamespaceDeletion emulates kube-controller-manager's namespace
	// controller: the content of a deleted namespace is deleted, its
	// conditions report progress, and once nothing is left the "kubernetes"
	// finalizer is removed, so the namespace goes. Off by default, like a
	// kube-apiserver without a controller manager, where a deleted
	// namespace stays Terminating.
	NamespaceDeletion bool

	// ShowLogs makes StartForTest show the server's log lines in the test's
	// output as they come (tb.Log). By default StartForTest shows them only
	// when the test fails; METAGEN_SERVER_LOGS=1 shows them for every
	// server. Start leaves klog as the program has it.
	ShowLogs bool

	// NoPodCertificateRequests leaves out the built-in
	// certificates.k8s.io/v1 PodCertificateRequest API, which is served by
	// default as kube-apiserver 1.37 serves it.
	NoPodCertificateRequests bool
}

// Server is a running API server.
type Server struct {
	url        string
	listener   net.Listener
	certs      *servingCertificates // nil for PlainHTTP
	warnings   []string
	httpServer *http.Server
	backend    *memstore.Backend
	getter     *restOptionsGetter
	apis       *apiServers
	ids        *identities
	stopHooks  context.CancelFunc
	gc         *gc.Collector

	stopOnce sync.Once
	stopErr  error
	served   chan struct{}
}

// Start starts a server and returns once it serves every resource it was
// given. Cancelling ctx does not stop it; call Stop.
func Start(ctx context.Context, opts Options) (*Server, error) {
	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ip, exposed, err := listenAddress(addr, opts.BindAllInterfaces)
	if err != nil {
		return nil, err
	}
	var certs *servingCertificates
	if !opts.PlainHTTP {
		if certs, err = newServingCertificates(ipList(ip)); err != nil {
			return nil, err
		}
	}
	listener, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &Server{
		url:      serverURL(listener.Addr().(*net.TCPAddr), certs != nil),
		listener: listener,
		certs:    certs,
		backend:  memstore.NewBackend(memstore.Options{HistoryLimit: opts.HistoryLimit, HistoryBytes: opts.HistoryBytes}),
		served:   make(chan struct{}),
	}
	if exposed {
		s.warnings = append(s.warnings, fmt.Sprintf("listening on %s, not only loopback: anyone who can reach it "+
			"and has the token acts as the cluster admin", listener.Addr()))
	}
	if opts.PlainHTTP && exposed {
		s.warnings = append(s.warnings, "serving plain HTTP: the token crosses the network in the clear")
	}
	s.getter = newRESTOptionsGetter(s.backend, !opts.NoWatchCache, watchCacheBytes(opts))
	if err := s.start(ctx, opts); err != nil {
		_ = s.Stop()
		return nil, err
	}
	return s, nil
}

func (s *Server) start(ctx context.Context, opts Options) error {
	ids, err := newIdentities(opts.Users, opts.AllowAnonymous)
	if err != nil {
		return err
	}
	s.ids = ids
	apis, err := newAPIServers(s.url, s.loopbackConfig(), s.getter, ids, opts)
	if err != nil {
		return err
	}
	s.apis = apis
	hookCtx, stopHooks := context.WithCancel(context.WithoutCancel(ctx))
	s.stopHooks = stopHooks
	s.httpServer = &http.Server{Handler: apis.handler(), ReadHeaderTimeout: 30 * time.Second}
	if s.certs != nil {
		s.httpServer.TLSConfig = s.certs.tlsConfig()
	}
	go func() {
		defer close(s.served)
		if s.certs != nil {
			_ = s.httpServer.ServeTLS(s.listener, "", "")
		} else {
			_ = s.httpServer.Serve(s.listener)
		}
	}()
	if err := apis.start(hookCtx); err != nil {
		return err
	}
	if err := namespace.CreateSystemNamespaces(ctx, apis.loopback); err != nil {
		return err
	}
	crds, err := loadCRDs(opts.CRDPaths)
	if err != nil {
		return err
	}
	if err := s.InstallCRDs(ctx, append(crds, opts.CRDs...)...); err != nil {
		return err
	}
	if opts.GarbageCollection {
		s.gc, err = gc.Start(hookCtx, s.RESTConfig())
		if err != nil {
			return err
		}
	}
	if opts.NamespaceDeletion {
		if err := namespacecontroller.Start(hookCtx, s.RESTConfig()); err != nil {
			return err
		}
	}
	return nil
}

// URL returns the server's base URL (https://127.0.0.1:PORT, or http://
// with Options.PlainHTTP).
func (s *Server) URL() string { return s.url }

// RESTConfig returns a client configuration for the server that acts as the
// admin, who may do anything: the admin's bearer token and the server's CA.
func (s *Server) RESTConfig() *rest.Config { return s.configWithToken(s.ids.adminToken) }

// HTTPClient returns an HTTP client for raw requests to URL that acts as the
// admin, as RESTConfig does.
func (s *Server) HTTPClient() *http.Client {
	client, err := rest.HTTPClientFor(s.RESTConfig())
	if err != nil {
		panic(err) // the configuration is the server's own
	}
	return client
}

// CAData returns the PEM certificate of the CA that signed the serving
// certificate (nil with Options.PlainHTTP).
func (s *Server) CAData() []byte {
	if s.certs == nil {
		return nil
	}
	return s.certs.caPEM
}

// Warnings are what Start warns about: an address reachable from other
// machines (Options.BindAllInterfaces), plain HTTP on one.
func (s *Server) Warnings() []string { return s.warnings }

// loopbackConfig is the configuration of the server's own clients.
func (s *Server) loopbackConfig() *rest.Config {
	return s.configWithToken(s.ids.loopbackToken)
}

func (s *Server) configWithToken(token string) *rest.Config {
	return &rest.Config{
		Host:            s.url,
		BearerToken:     token,
		TLSClientConfig: rest.TLSClientConfig{CAData: s.CAData()},
		QPS:             -1, // no client-side rate limit: the server is local
		Burst:           -1,
	}
}

// serverURL is the URL clients reach addr at: loopback when it is every
// interface.
func serverURL(addr *net.TCPAddr, https bool) string {
	host := addr.IP
	if host.IsUnspecified() {
		host = net.IPv4(127, 0, 0, 1)
	}
	scheme := "http"
	if https {
		scheme = "https"
	}
	return scheme + "://" + net.JoinHostPort(host.String(), fmt.Sprint(addr.Port))
}

func ipList(ip net.IP) []net.IP {
	if ip == nil {
		return nil
	}
	return []net.IP{ip}
}

// Compact drops the storage history up to the current revision, like an
// etcd compaction: watches and paginated lists the storage serves from any
// older resourceVersion answer 410 Gone afterwards. With the watch cache (the
// default), as in kube-apiserver, watches are served from the cache's own
// window of recent events and continued lists from its snapshots, which
// learn of the compaction only later; Options.NoWatchCache shows the 410s
// at once.
func (s *Server) Compact() {
	s.backend.Compact(s.backend.Revision())
}

// Stop stops the server: it closes the listener and every connection (watches
// end), stops the controllers, and releases the storage. It is safe to call
// more than once.
func (s *Server) Stop() error {
	s.stopOnce.Do(func() {
		if s.stopHooks != nil {
			s.stopHooks()
		}
		if s.httpServer != nil {
			s.stopErr = s.httpServer.Close()
			<-s.served
		} else {
			s.stopErr = s.listener.Close()
		}
		if s.apis != nil {
			s.apis.destroy()
		}
		if errors.Is(s.stopErr, net.ErrClosed) {
			s.stopErr = nil
		}
	})
	return s.stopErr
}

// String describes the server for logs.
func (s *Server) String() string { return fmt.Sprintf("metagen API server at %s", s.url) }
