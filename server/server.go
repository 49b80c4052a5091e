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
// What it does not do: requests act as a cluster admin unless they carry the
// token of one of Options.Users (see RESTConfigFor); NamespaceLifecycle is
// the only admission plugin; of the core API only namespaces are served (no
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
	Addr string

	// Scheme holds Go API types to serve. Every kind with ObjectMeta and a
	// List kind in a non-Kubernetes group (one with a dot, not *.k8s.io) is
	// served, namespaced, with a status subresource when the type has a
	// status field; Resources overrides that. Validation registered in the
	// scheme (scheme.Validate / ValidateUpdate, as generated validation code
	// registers it) runs on create, update and status updates, and defaulting
	// registered in it runs on decode. A kind in several versions of its
	// group is served in every one (see the package documentation and
	// Resource.StorageVersion); the validation of the request's version
	// applies. The scheme is only read.
	Scheme *runtime.Scheme
	// Resources overrides how kinds of Scheme are served.
	Resources []Resource
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

	// Users are identities besides the admin, with what each may do; a
	// client acts as one with the configuration RESTConfigFor returns.
	// Requests without a token act as the admin (system:masters), who may
	// do anything, so without Users nothing changes: authorization only
	// ever refuses the Users. Refusals are kube-apiserver's: 403 Forbidden
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

	// NoPodCertificateRequests leaves out the built-in
	// certificates.k8s.io/v1 PodCertificateRequest API, which is served by
	// default as kube-apiserver 1.37 serves it.
	NoPodCertificateRequests bool
}

// Server is a running API server.
type Server struct {
	url        string
	listener   net.Listener
	httpServer *http.Server
	backend    *memstore.Backend
	getter     *restOptionsGetter
	apis       *apiServers
	ids        *identities
	stopHooks  context.CancelFunc
	gc         *garbageCollector

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
	listener, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &Server{
		url:      "http://" + listener.Addr().String(),
		listener: listener,
		backend:  memstore.NewBackend(memstore.Options{HistoryLimit: opts.HistoryLimit}),
		served:   make(chan struct{}),
	}
	s.getter = newRESTOptionsGetter(s.backend, !opts.NoWatchCache)
	if err := s.start(ctx, opts); err != nil {
		_ = s.Stop()
		return nil, err
	}
	return s, nil
}

func (s *Server) start(ctx context.Context, opts Options) error {
	ids, err := newIdentities(opts.Users)
	if err != nil {
		return err
	}
	s.ids = ids
	apis, err := newAPIServers(s.url, s.getter, ids, opts)
	if err != nil {
		return err
	}
	s.apis = apis
	hookCtx, stopHooks := context.WithCancel(context.WithoutCancel(ctx))
	s.stopHooks = stopHooks
	s.httpServer = &http.Server{Handler: apis.handler(), ReadHeaderTimeout: 30 * time.Second}
	go func() {
		defer close(s.served)
		_ = s.httpServer.Serve(s.listener)
	}()
	if err := apis.start(hookCtx); err != nil {
		return err
	}
	if err := createSystemNamespaces(ctx, apis.loopback); err != nil {
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
		s.gc, err = startGarbageCollector(hookCtx, s.RESTConfig())
		if err != nil {
			return err
		}
	}
	if opts.NamespaceDeletion {
		if err := startNamespaceController(hookCtx, s.RESTConfig()); err != nil {
			return err
		}
	}
	return nil
}

// URL returns the server's base URL (http://127.0.0.1:PORT).
func (s *Server) URL() string { return s.url }

// RESTConfig returns a client configuration for the server that acts as the
// admin, who may do anything.
func (s *Server) RESTConfig() *rest.Config {
	return &rest.Config{
		Host:  s.url,
		QPS:   -1, // no client-side rate limit: the server is local
		Burst: -1,
	}
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
