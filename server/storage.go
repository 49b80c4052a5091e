package server

import (
	"context"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"k8s.io/apimachinery/pkg/util/wait"
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

	mu     sync.RWMutex
	codecs map[schema.GroupResource]runtime.Codec
}

func newRESTOptionsGetter(backend *memstore.Backend, watchCache bool) *restOptionsGetter {
	return &restOptionsGetter{backend: backend, watchCache: watchCache, codecs: map[schema.GroupResource]runtime.Codec{}}
}

// setCodec sets the codec a resource is stored with. Resources without one
// (custom resources) get theirs from the apiextensions handler.
func (g *restOptionsGetter) setCodec(resource schema.GroupResource, codec runtime.Codec) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.codecs[resource] = codec
}

// GetRESTOptions implements generic.RESTOptionsGetter.
func (g *restOptionsGetter) GetRESTOptions(resource schema.GroupResource, _ runtime.Object) (generic.RESTOptions, error) {
	g.mu.RLock()
	codec, ok := g.codecs[resource]
	g.mu.RUnlock()
	if !ok {
		// A custom resource: apiextensions wraps this with its conversion.
		codec = unstructuredCodec
	}
	config := storagebackend.NewDefaultConfig(storagePrefix, codec)
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
		Storage:             raw,
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
