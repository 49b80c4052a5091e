package server

import (
	"context"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apimachinery/pkg/watch"
	storagefeature "k8s.io/apiserver/pkg/storage/feature"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/storage"
	cacherstorage "k8s.io/apiserver/pkg/storage/cacher"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/apiserver/pkg/storage/storagebackend/factory"
	"k8s.io/client-go/tools/cache"
	"k8s.io/utils/clock"

	"github.com/metagen-dev/metagen/server/internal/memstore"
)

// storagePrefix is kube-apiserver's default --etcd-prefix.
const storagePrefix = "/registry"

// unstructuredCodec stores custom resources as JSON, as kube-apiserver does.
var unstructuredCodec = runtime.NewCodec(unstructured.UnstructuredJSONScheme, unstructured.UnstructuredJSONScheme)

// restOptionsGetter hands every registry the in-memory storage, the way
// kube-apiserver's storage factory hands it etcd: one keyspace, one revision
// counter, garbage-collection finalizers on (kube-apiserver's default).
type restOptionsGetter struct {
	backend    *memstore.Backend
	watchCache bool
	// windowBytes bounds each resource's watch cache window.
	windowBytes int64

	mu     sync.RWMutex
	codecs map[schema.GroupResource]storageCodec
}

// storageCodec is how a resource is stored: with codec, in version.
type storageCodec struct {
	codec   runtime.Codec
	version schema.GroupVersion
}

func newRESTOptionsGetter(backend *memstore.Backend, watchCache bool, windowBytes int64) *restOptionsGetter {
	return &restOptionsGetter{backend: backend, watchCache: watchCache, windowBytes: windowBytes, codecs: map[schema.GroupResource]storageCodec{}}
}

// watchCacheBytes is Options.WatchCacheBytes with its default.
func watchCacheBytes(opts Options) int64 {
	switch {
	case opts.WatchCacheBytes > 0:
		return opts.WatchCacheBytes
	case opts.HistoryBytes > 0:
		return opts.HistoryBytes
	}
	return memstore.DefaultHistoryBytes
}

// heldStore is the storage as the watch cache sees it: its watch is
// bounded by the bytes of the events the cache keeps.
type heldStore struct {
	*memstore.Store
	windowBytes int64
}

func (h heldStore) Watch(ctx context.Context, key string, opts storage.ListOptions) (watch.Interface, error) {
	return h.Store.WatchHeld(ctx, key, opts, h.windowBytes)
}

// setCodec sets the codec a resource is stored with, and the version it
// encodes to (discovery shows its storageVersionHash). Resources without one
// (custom resources) get theirs from the apiextensions handler.
func (g *restOptionsGetter) setCodec(resource schema.GroupResource, codec runtime.Codec, version schema.GroupVersion) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.codecs[resource] = storageCodec{codec: codec, version: version}
}

// GetRESTOptions implements generic.RESTOptionsGetter.
func (g *restOptionsGetter) GetRESTOptions(resource schema.GroupResource, _ runtime.Object) (generic.RESTOptions, error) {
	g.mu.RLock()
	stored, ok := g.codecs[resource]
	g.mu.RUnlock()
	codec := stored.codec
	if !ok {
		// A custom resource: apiextensions wraps this with its conversion.
		codec = unstructuredCodec
	}
	config := storagebackend.NewDefaultConfig(storagePrefix, codec)
	if ok {
		config.EncodeVersioner = stored.version
	}
	prefix := resource.Resource
	if resource.Group != "" {
		prefix = resource.Group + "/" + resource.Resource
	}
	return generic.RESTOptions{
		StorageConfig:           config.ForResource(resource),
		Decorator:               g.decorate,
		EnableGarbageCollection: true,
		DeleteCollectionWorkers: 1,
		ResourcePrefix:          prefix,
	}, nil
}

// decorate is the generic.StorageDecorator that builds a resource's storage:
// the in-memory store, behind kube-apiserver's watch cache when enabled.
func (g *restOptionsGetter) decorate(config *storagebackend.ConfigForResource, resourcePrefix string,
	keyFunc func(obj runtime.Object) (string, error), newFunc, newListFunc func() runtime.Object,
	getAttrs storage.AttrFunc, triggers storage.IndexerFuncs, indexers *cache.Indexers) (storage.Interface, factory.DestroyFunc, error) {
	raw, err := memstore.NewStore(g.backend, memstore.Config{
		Codec:          config.Codec,
		Prefix:         config.Prefix,
		ResourcePrefix: resourcePrefix,
		GroupResource:  config.GroupResource,
		NewFunc:        newFunc,
		NewListFunc:    newListFunc,
	})
	if err != nil {
		return nil, nil, err
	}
	if !g.watchCache {
		return raw, func() {}, nil
	}
	if err := declareWatchProgressSupport(); err != nil {
		return nil, nil, err
	}
	cacher, err := cacherstorage.NewCacherFromConfig(cacherstorage.Config{
		Storage:             heldStore{raw, g.windowBytes},
		Versioner:           storage.APIObjectVersioner{},
		GroupResource:       config.GroupResource,
		EventsHistoryWindow: config.EventsHistoryWindow,
		ResourcePrefix:      resourcePrefix,
		KeyFunc:             keyFunc,
		NewFunc:             newFunc,
		NewListFunc:         newListFunc,
		GetAttrsFunc:        getAttrs,
		IndexerFuncs:        triggers,
		Indexers:            indexers,
		Codec:               config.Codec,
		Clock:               progressClock{},
	})
	if err != nil {
		return nil, nil, err
	}
	delegator := cacherstorage.NewCacheDelegator(cacher, raw)
	var once sync.Once
	return delegator, func() {
		once.Do(func() {
			delegator.Stop()
			cacher.Stop()
		})
	}, nil
}

// declareWatchProgressSupport tells k8s.io/apiserver that the storage
// answers progress requests (memstore's RequestWatchProgress does). The
// watch cache serves consistent reads and watch lists only then. Support is
// a process-wide fact in k8s.io/apiserver, learnt from the storage's
// reported version; memstore reports the first etcd release that has it
// right.
func declareWatchProgressSupport() error {
	watchProgressOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		storagefeature.DefaultFeatureSupportChecker.CheckClient(ctx, progressReportingEndpoint{}, storage.RequestWatchProgress)
		watchProgressErr = wait.PollUntilContextCancel(ctx, time.Millisecond, true, func(context.Context) (bool, error) {
			return storagefeature.DefaultFeatureSupportChecker.Supports(storage.RequestWatchProgress), nil
		})
	})
	return watchProgressErr
}

// progressClock is the real clock, except that the watch cache asks the
// storage for progress every progressPeriod rather than every 100ms
// (k8s.io/apiserver's progressRequestPeriod). A consistent read from the
// watch cache (a list without resourceVersion, a watch list) waits until the
// cache has caught up with the storage's revision, which the last write to
// any resource moved; the cache learns that it has through such a progress
// request, so with kube-apiserver's period the first consistent read after a
// write elsewhere waits up to 100ms. Answers are the same either way.
type progressClock struct{ clock.RealClock }

// progressRequestPeriod is k8s.io/apiserver's period of progress requests.
const progressRequestPeriod = 100 * time.Millisecond

// progressPeriod is the period of progress requests here, while a
// consistent read waits.
const progressPeriod = time.Millisecond

// NewTimer implements clock.Clock: a timer of the progress request period
// runs at progressPeriod instead, resets included.
func (c progressClock) NewTimer(d time.Duration) clock.Timer {
	if d != progressRequestPeriod {
		return c.RealClock.NewTimer(d)
	}
	return progressTimer{c.RealClock.NewTimer(progressPeriod)}
}

type progressTimer struct{ clock.Timer }

func (t progressTimer) Reset(d time.Duration) bool {
	if d == progressRequestPeriod {
		d = progressPeriod
	}
	return t.Timer.Reset(d)
}

var (
	watchProgressOnce sync.Once
	watchProgressErr  error
)

// progressReportingEndpoint stands for the in-memory storage where
// k8s.io/apiserver expects an etcd client: one endpoint, of an etcd version
// with working progress requests.
type progressReportingEndpoint struct{}

func (progressReportingEndpoint) Endpoints() []string { return []string{"memstore"} }

func (progressReportingEndpoint) Status(context.Context, string) (*clientv3.StatusResponse, error) {
	return &clientv3.StatusResponse{Version: "3.5.21"}, nil
}
