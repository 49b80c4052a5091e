// Package namespacecontroller is the server's namespace controller
// (Options.NamespaceDeletion).
package namespacecontroller

import (
	"context"
	"fmt"
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

// namespaceController emulates the namespace controller of
// kube-controller-manager (pkg/controller/namespace) over the API, as a
// client: for a namespace with a deletionTimestamp and spec finalizers left
// it deletes every namespaced resource in it (deletecollection, or one by
// one where that is not served, with background propagation), keeps the
// namespace's deletion conditions (NamespaceDeletionDiscoveryFailure,
// NamespaceDeletionGroupVersionParsingFailure,
// NamespaceDeletionContentFailure, NamespaceContentRemaining,
// NamespaceFinalizersRemaining) as upstream words them, and once nothing is
// left removes the "kubernetes" finalizer through /finalize, which lets the
// namespace go.
//
// Upstream waits 5 seconds after a namespace is deleted, and 8 seconds
// between checks while content with finalizers remains; this one starts at
// once and checks again every namespaceRecheck. Pods, whose graceful
// termination upstream waits for first, are not served.
type namespaceController struct {
	client    kubernetes.Interface
	metadata  metadata.Interface
	discovery discovery.DiscoveryInterface
	informers informers.SharedInformerFactory
	queue     workqueue.TypedRateLimitingInterface[string]
}

// namespaceRecheck is how long the controller waits before it looks again at
// a namespace whose content is not gone yet.
const namespaceRecheck = 100 * time.Millisecond

// controllerManagerUserAgent names the field manager of the controller's
// writes, as kube-controller-manager's does.
const controllerManagerUserAgent = "kube-controller-manager/v1.37.2 (linux/amd64) kubernetes/metagen/system:serviceaccount:kube-system:namespace-controller"

// Start starts the controller until ctx ends.
func Start(ctx context.Context, config *rest.Config) error {
	config = rest.CopyConfig(config)
	config.UserAgent = controllerManagerUserAgent
	client, err := kubernetes.NewForConfig(config)
	if err != nil {
		return err
	}
	metadataClient, err := metadata.NewForConfig(config)
	if err != nil {
		return err
	}
	c := &namespaceController{
		client:    client,
		metadata:  metadataClient,
		discovery: client.Discovery(),
		informers: informers.NewSharedInformerFactory(client, 0),
		queue:     workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[string]()),
	}
	_, err = c.informers.Core().V1().Namespaces().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.enqueue,
		UpdateFunc: func(_, obj any) { c.enqueue(obj) },
	})
	if err != nil {
		return err
	}
	c.informers.Start(ctx.Done())
	c.informers.WaitForCacheSync(ctx.Done())
	go c.work(ctx)
	go func() {
		<-ctx.Done()
		c.queue.ShutDown()
		c.informers.Shutdown()
	}()
	return nil
}

// enqueue queues a namespace that is being deleted.
func (c *namespaceController) enqueue(obj any) {
	if ns, ok := obj.(*corev1.Namespace); ok && !ns.DeletionTimestamp.IsZero() {
		c.queue.Add(ns.Name)
	}
}

func (c *namespaceController) work(ctx context.Context) {
	for {
		name, shutdown := c.queue.Get()
		if shutdown {
			return
		}
		remaining, err := c.sync(ctx, name)
		switch {
		case ctx.Err() != nil:
			c.queue.Forget(name)
		case err != nil:
			c.queue.AddRateLimited(name)
		case remaining:
			c.queue.Forget(name)
			c.queue.AddAfter(name, namespaceRecheck)
		default:
			c.queue.Forget(name)
		}
		c.queue.Done(name)
	}
}

// sync is namespacedResourcesDeleter.Delete: it reports whether content
// remains, which makes the controller look again later.
func (c *namespaceController) sync(ctx context.Context, name string) (bool, error) {
	namespaces := c.client.CoreV1().Namespaces()
	ns, err := namespaces.Get(ctx, name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if ns.DeletionTimestamp.IsZero() || len(ns.Spec.Finalizers) == 0 {
		return false, nil
	}
	if ns.Status.Phase != corev1.NamespaceTerminating {
		ns.Status.Phase = corev1.NamespaceTerminating
		if ns, err = namespaces.UpdateStatus(ctx, ns, metav1.UpdateOptions{}); err != nil {
			return false, ignoreNotFound(err)
		}
	}
	remaining, err := c.deleteAllContent(ctx, ns)
	if err != nil || remaining {
		return remaining, err
	}
	// The finalize write is retried on conflicts with the namespace as it is
	// then, as long as it is the same namespace.
	for {
		finalize := &corev1.Namespace{ObjectMeta: ns.ObjectMeta, Spec: ns.Spec}
		finalize.Spec.Finalizers = slices.DeleteFunc(slices.Clone(ns.Spec.Finalizers), func(f corev1.FinalizerName) bool {
			return f == corev1.FinalizerKubernetes
		})
		_, err = namespaces.Finalize(ctx, finalize, metav1.UpdateOptions{})
		if !apierrors.IsConflict(err) {
			return false, ignoreNotFound(err)
		}
		latest, err := namespaces.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, ignoreNotFound(err)
		}
		if latest.UID != ns.UID {
			return false, fmt.Errorf("namespace uid has changed across retries")
		}
		ns = latest
	}
}

func ignoreNotFound(err error) error {
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

// deleteAllContent deletes what the namespace holds, resource by resource,
// records the outcome in its conditions, and reports whether anything
// remains (objects waiting on finalizers).
func (c *namespaceController) deleteAllContent(ctx context.Context, ns *corev1.Namespace) (bool, error) {
	var errs []error
	conditions := namespaceConditions{}
	resources, err := c.discovery.ServerPreferredNamespacedResources()
	if err != nil {
		errs = append(errs, err)
		conditions.discoveryFailed(err)
	}
	deletable := discovery.FilteredBy(discovery.SupportsAllVerbs{Verbs: []string{"delete"}}, resources)
	gvrs, err := discovery.GroupVersionResources(deletable)
	if err != nil {
		errs = append(errs, err)
		conditions.groupVersionFailed(err)
	}
	verbs := map[schema.GroupVersionResource][]string{}
	for _, list := range deletable {
		gv, _ := schema.ParseGroupVersion(list.GroupVersion)
		for _, r := range list.APIResources {
			verbs[gv.WithResource(r.Name)] = r.Verbs
		}
	}
	remaining := map[schema.GroupVersionResource]int{}
	finalizers := map[string]int{}
	for gvr := range gvrs {
		left, err := c.deleteResource(ctx, gvr, verbs[gvr], ns.Name)
		if err != nil {
			errs = append(errs, err)
			conditions.deleteContentFailed(err)
		}
		if len(left) > 0 {
			remaining[gvr] = len(left)
		}
		for _, item := range left {
			for _, f := range item.Finalizers {
				finalizers[f]++
			}
		}
	}
	conditions.contentTotals(remaining, finalizers)
	if conditions.apply(&ns.Status) {
		if _, err := c.client.CoreV1().Namespaces().UpdateStatus(ctx, ns, metav1.UpdateOptions{}); err != nil && !apierrors.IsNotFound(err) {
			errs = append(errs, err)
		}
	}
	return len(remaining) > 0, utilerrors.NewAggregate(errs)
}

// deleteResource deletes every object of one resource in the namespace and
// returns those left. Objects left without finalizers are an error, as
// upstream has it.
func (c *namespaceController) deleteResource(ctx context.Context, gvr schema.GroupVersionResource, verbs []string, namespace string) ([]metav1.PartialObjectMetadata, error) {
	client := c.metadata.Resource(gvr).Namespace(namespace)
	background := metav1.DeletePropagationBackground
	options := metav1.DeleteOptions{PropagationPolicy: &background}
	if !slices.Contains(verbs, "list") {
		if !slices.Contains(verbs, "deletecollection") {
			return nil, nil
		}
		return nil, ignoreUnsupported(client.DeleteCollection(ctx, options, metav1.ListOptions{}))
	}
	if slices.Contains(verbs, "deletecollection") {
		if err := ignoreUnsupported(client.DeleteCollection(ctx, options, metav1.ListOptions{})); err != nil {
			return nil, err
		}
	} else {
		list, err := client.List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, ignoreUnsupported(err)
		}
		for _, item := range list.Items {
			if err := client.Delete(ctx, item.Name, options); ignoreUnsupported(err) != nil {
				return nil, err
			}
		}
	}
	list, err := client.List(ctx, metav1.ListOptions{})
	if err != nil {
		return nil, ignoreUnsupported(err)
	}
	for _, item := range list.Items {
		if len(item.Finalizers) == 0 {
			return list.Items, fmt.Errorf("unexpected items still remain in namespace: %s for gvr: %v", namespace, gvr)
		}
	}
	return list.Items, nil
}

func ignoreUnsupported(err error) error {
	if apierrors.IsMethodNotSupported(err) || apierrors.IsNotFound(err) {
		return nil
	}
	return err
}
