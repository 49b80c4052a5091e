// Package gc is the server's garbage collector (Options.GarbageCollection).
package gc

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/metadata/metadatainformer"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

// Collector emulates the garbage collector of kube-controller-manager
// (pkg/controller/garbagecollector) over the API, as a client, the way the
// real one works:
//
//   - an object whose owners are all gone is deleted (in the background, or
//     in the foreground when an owner waits for it and it has dependents of
//     its own); references to missing owners are dropped from an object that
//     still has an owner;
//   - an owner deleted with the foregroundDeletion finalizer has its
//     dependents deleted, and loses the finalizer once no dependent with
//     blockOwnerDeletion is left;
//   - an owner deleted with the orphan finalizer has its references removed
//     from its dependents, then loses the finalizer.
//
// It watches every resource that supports list, watch and delete, through
// metadata-only informers, and picks up new resources (CRDs) as discovery
// lists them.
type Collector struct {
	metadata  metadata.Interface
	discovery discovery.CachedDiscoveryInterface
	mapper    *restmapper.DeferredDiscoveryRESTMapper
	informers metadatainformer.SharedInformerFactory
	queue     workqueue.TypedRateLimitingInterface[types.UID]

	mu         sync.Mutex
	nodes      map[types.UID]*gcNode
	dependents map[types.UID]map[types.UID]bool // owner → dependents
	watched    map[schema.GroupVersionResource]bool
}

// gcNode is one object the collector knows.
type gcNode struct {
	resource schema.GroupVersionResource
	object   *metav1.PartialObjectMetadata
}

// gcResyncPeriod is how often the collector looks for new resources.
const gcResyncPeriod = 200 * time.Millisecond

// Start starts the collector until ctx ends.
func Start(ctx context.Context, config *rest.Config) (*Collector, error) {
	metadataClient, err := metadata.NewForConfig(config)
	if err != nil {
		return nil, err
	}
	discoveryClient, err := discovery.NewDiscoveryClientForConfig(config)
	if err != nil {
		return nil, err
	}
	cached := memory.NewMemCacheClient(discoveryClient)
	gc := &Collector{
		metadata:   metadataClient,
		discovery:  cached,
		mapper:     restmapper.NewDeferredDiscoveryRESTMapper(cached),
		informers:  metadatainformer.NewSharedInformerFactory(metadataClient, 0),
		queue:      workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[types.UID]()),
		nodes:      map[types.UID]*gcNode{},
		dependents: map[types.UID]map[types.UID]bool{},
		watched:    map[schema.GroupVersionResource]bool{},
	}
	if err := gc.watchResources(ctx); err != nil {
		return nil, err
	}
	go gc.keepWatchingNewResources(ctx)
	go gc.work(ctx)
	go func() {
		<-ctx.Done()
		gc.queue.ShutDown()
		gc.informers.Shutdown()
	}()
	return gc, nil
}

// watchResources starts informers for resources discovery lists and the
// collector does not watch yet, and waits for them to sync.
func (gc *Collector) watchResources(ctx context.Context) error {
	gc.discovery.Invalidate()
	lists, err := gc.discovery.ServerPreferredResources()
	if err != nil && len(lists) == 0 {
		return err
	}
	started := false
	for _, list := range lists {
		gv, err := schema.ParseGroupVersion(list.GroupVersion)
		if err != nil {
			continue
		}
		for _, r := range list.APIResources {
			if !slices.Contains(r.Verbs, "list") || !slices.Contains(r.Verbs, "watch") || !slices.Contains(r.Verbs, "delete") {
				continue
			}
			resource := gv.WithResource(r.Name)
			gc.mu.Lock()
			known := gc.watched[resource]
			gc.watched[resource] = true
			gc.mu.Unlock()
			if !known {
				gc.watch(resource)
				started = true
			}
		}
	}
	if started {
		gc.mapper.Reset()
		gc.informers.Start(ctx.Done())
		gc.informers.WaitForCacheSync(ctx.Done())
	}
	return nil
}

func (gc *Collector) keepWatchingNewResources(ctx context.Context) {
	ticker := time.NewTicker(gcResyncPeriod)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			_ = gc.watchResources(ctx)
		}
	}
}

func (gc *Collector) watch(resource schema.GroupVersionResource) {
	_, _ = gc.informers.ForResource(resource).Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj any) { gc.observe(resource, obj, false) },
		UpdateFunc: func(_, obj any) { gc.observe(resource, obj, false) },
		DeleteFunc: func(obj any) { gc.observe(resource, obj, true) },
	})
}

// observe updates the graph with an object and queues what it may affect:
// the object itself, its owners (a foreground owner may now be free), and,
// when it is gone, its dependents.
func (gc *Collector) observe(resource schema.GroupVersionResource, obj any, deleted bool) {
	if tombstone, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = tombstone.Obj
	}
	object, ok := obj.(*metav1.PartialObjectMetadata)
	if !ok {
		return
	}
	gc.mu.Lock()
	uid := object.UID
	if previous := gc.nodes[uid]; previous != nil {
		gc.unlinkLocked(previous)
	}
	var affected []types.UID
	if deleted {
		delete(gc.nodes, uid)
		for dependent := range gc.dependents[uid] {
			affected = append(affected, dependent)
		}
	} else {
		node := &gcNode{resource: resource, object: object}
		gc.nodes[uid] = node
		gc.linkLocked(node)
		affected = append(affected, uid)
	}
	for _, ref := range object.OwnerReferences {
		affected = append(affected, ref.UID)
	}
	gc.mu.Unlock()
	for _, u := range affected {
		gc.queue.Add(u)
	}
}

func (gc *Collector) linkLocked(node *gcNode) {
	for _, ref := range node.object.OwnerReferences {
		if gc.dependents[ref.UID] == nil {
			gc.dependents[ref.UID] = map[types.UID]bool{}
		}
		gc.dependents[ref.UID][node.object.UID] = true
	}
}

func (gc *Collector) unlinkLocked(node *gcNode) {
	for _, ref := range node.object.OwnerReferences {
		delete(gc.dependents[ref.UID], node.object.UID)
		if len(gc.dependents[ref.UID]) == 0 {
			delete(gc.dependents, ref.UID)
		}
	}
}

func (gc *Collector) work(ctx context.Context) {
	for {
		uid, shutdown := gc.queue.Get()
		if shutdown {
			return
		}
		if err := gc.process(ctx, uid); err != nil && ctx.Err() == nil {
			gc.queue.AddRateLimited(uid)
		} else {
			gc.queue.Forget(uid)
		}
		gc.queue.Done(uid)
	}
}

// snapshot returns the node of uid and its dependents' nodes.
func (gc *Collector) snapshot(uid types.UID) (*gcNode, []*gcNode) {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	node := gc.nodes[uid]
	var dependents []*gcNode
	for dependent := range gc.dependents[uid] {
		if d := gc.nodes[dependent]; d != nil {
			dependents = append(dependents, d)
		}
	}
	return node, dependents
}

func (gc *Collector) process(ctx context.Context, uid types.UID) error {
	node, dependents := gc.snapshot(uid)
	if node == nil {
		return nil
	}
	object := node.object
	if object.DeletionTimestamp != nil {
		switch {
		case slices.Contains(object.Finalizers, metav1.FinalizerOrphanDependents):
			return gc.orphan(ctx, node, dependents)
		case slices.Contains(object.Finalizers, metav1.FinalizerDeleteDependents):
			return gc.deleteDependentsFirst(ctx, node, dependents)
		}
	}
	return gc.collectIfOrphaned(ctx, node, len(dependents) > 0)
}

// orphan removes the owner's references from its dependents, then the
// orphan finalizer from the owner.
func (gc *Collector) orphan(ctx context.Context, owner *gcNode, dependents []*gcNode) error {
	for _, d := range dependents {
		if err := gc.dropOwnerReferences(ctx, d, map[types.UID]bool{owner.object.UID: true}); err != nil {
			return err
		}
	}
	return gc.removeFinalizer(ctx, owner, metav1.FinalizerOrphanDependents)
}

// deleteDependentsFirst deletes an owner's dependents, and removes its
// foregroundDeletion finalizer once none blocks it.
func (gc *Collector) deleteDependentsFirst(ctx context.Context, owner *gcNode, dependents []*gcNode) error {
	blocking := 0
	for _, d := range dependents {
		if d.object.DeletionTimestamp == nil {
			if err := gc.collectIfOrphaned(ctx, d, gc.hasDependents(d.object.UID)); err != nil {
				return err
			}
		}
		if ref := ownerReference(d.object, owner.object.UID); ref != nil && ref.BlockOwnerDeletion != nil && *ref.BlockOwnerDeletion {
			blocking++
		}
	}
	if blocking > 0 {
		return nil // the dependents' deletion events requeue the owner
	}
	return gc.removeFinalizer(ctx, owner, metav1.FinalizerDeleteDependents)
}

func (gc *Collector) hasDependents(uid types.UID) bool {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	return len(gc.dependents[uid]) > 0
}

// collectIfOrphaned deletes an object none of whose owners remains, and drops
// references to missing owners from one that keeps an owner.
func (gc *Collector) collectIfOrphaned(ctx context.Context, node *gcNode, hasDependents bool) error {
	object := node.object
	if len(object.OwnerReferences) == 0 {
		return nil
	}
	solid, gone, waiting, err := gc.classifyOwners(ctx, node)
	if err != nil {
		return err
	}
	if solid > 0 {
		for uid := range waiting {
			gone[uid] = true
		}
		if len(gone) == 0 {
			return nil
		}
		return gc.dropOwnerReferences(ctx, node, gone)
	}
	if object.DeletionTimestamp != nil {
		return nil
	}
	policy := metav1.DeletePropagationBackground
	switch {
	case slices.Contains(object.Finalizers, metav1.FinalizerOrphanDependents):
		policy = metav1.DeletePropagationOrphan
	case slices.Contains(object.Finalizers, metav1.FinalizerDeleteDependents), len(waiting) > 0 && hasDependents:
		policy = metav1.DeletePropagationForeground
	}
	err = gc.client(node).Delete(ctx, object.Name, metav1.DeleteOptions{
		PropagationPolicy: &policy,
		Preconditions:     &metav1.Preconditions{UID: &object.UID},
	})
	return ignoreGone(err)
}

// classifyOwners sorts an object's owners: existing ones (solid), missing
// ones, and ones being deleted in the foreground (waiting for dependents).
func (gc *Collector) classifyOwners(ctx context.Context, node *gcNode) (solid int, gone, waiting map[types.UID]bool, err error) {
	gone, waiting = map[types.UID]bool{}, map[types.UID]bool{}
	for _, ref := range node.object.OwnerReferences {
		owner, err := gc.owner(ctx, node, ref)
		switch {
		case err != nil:
			return 0, nil, nil, err
		case owner == nil:
			gone[ref.UID] = true
		case owner.DeletionTimestamp != nil && slices.Contains(owner.Finalizers, metav1.FinalizerDeleteDependents):
			waiting[ref.UID] = true
		default:
			solid++
		}
	}
	return solid, gone, waiting, nil
}

// owner returns the owner a reference names, or nil when there is no object
// of that name and uid.
func (gc *Collector) owner(ctx context.Context, dependent *gcNode, ref metav1.OwnerReference) (*metav1.PartialObjectMetadata, error) {
	gc.mu.Lock()
	known := gc.nodes[ref.UID]
	gc.mu.Unlock()
	if known != nil {
		return known.object, nil
	}
	// The informers may lag behind: ask the server before deciding.
	gv, err := schema.ParseGroupVersion(ref.APIVersion)
	if err != nil {
		return nil, nil
	}
	mapping, err := gc.mapper.RESTMapping(gv.WithKind(ref.Kind).GroupKind(), gv.Version)
	if meta.IsNoMatchError(err) {
		return nil, nil // kube's collector keeps such references unresolved; an unknown kind cannot own anything here
	}
	if err != nil {
		return nil, err
	}
	client := gc.metadata.Resource(mapping.Resource)
	var owner *metav1.PartialObjectMetadata
	if mapping.Scope.Name() == meta.RESTScopeNameNamespace {
		owner, err = client.Namespace(dependent.object.Namespace).Get(ctx, ref.Name, metav1.GetOptions{})
	} else {
		owner, err = client.Get(ctx, ref.Name, metav1.GetOptions{})
	}
	if apierrors.IsNotFound(err) || (err == nil && owner.UID != ref.UID) {
		return nil, nil
	}
	return owner, err
}

// dropOwnerReferences removes the references to the given owners.
func (gc *Collector) dropOwnerReferences(ctx context.Context, node *gcNode, owners map[types.UID]bool) error {
	var kept []metav1.OwnerReference
	for _, ref := range node.object.OwnerReferences {
		if !owners[ref.UID] {
			kept = append(kept, ref)
		}
	}
	return gc.patchMetadata(ctx, node, map[string]any{"ownerReferences": kept})
}

// removeFinalizer removes one finalizer from an object.
func (gc *Collector) removeFinalizer(ctx context.Context, node *gcNode, finalizer string) error {
	finalizers := slices.DeleteFunc(slices.Clone(node.object.Finalizers), func(f string) bool { return f == finalizer })
	return gc.patchMetadata(ctx, node, map[string]any{"finalizers": finalizers})
}

// patchMetadata merge-patches metadata fields, on the condition that the
// object is still the one observed (uid and resourceVersion).
func (gc *Collector) patchMetadata(ctx context.Context, node *gcNode, fields map[string]any) error {
	fields["uid"] = node.object.UID
	fields["resourceVersion"] = node.object.ResourceVersion
	patch, err := json.Marshal(map[string]any{"metadata": fields})
	if err != nil {
		return err
	}
	_, err = gc.client(node).Patch(ctx, node.object.Name, types.MergePatchType, patch, metav1.PatchOptions{})
	return ignoreGone(err)
}

func (gc *Collector) client(node *gcNode) metadata.ResourceInterface {
	if node.object.Namespace == "" {
		return gc.metadata.Resource(node.resource)
	}
	return gc.metadata.Resource(node.resource).Namespace(node.object.Namespace)
}

func ownerReference(object *metav1.PartialObjectMetadata, owner types.UID) *metav1.OwnerReference {
	for i := range object.OwnerReferences {
		if object.OwnerReferences[i].UID == owner {
			return &object.OwnerReferences[i]
		}
	}
	return nil
}

// ignoreGone treats an object that is already gone as done. Conflicts are
// errors: the object changed, and its new state is processed again.
func ignoreGone(err error) error {
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("garbage collector: %w", err)
	}
	return nil
}
