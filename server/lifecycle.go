package server

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metainternalversion "k8s.io/apimachinery/pkg/apis/meta/internalversion"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/client-go/informers"
	coreinformers "k8s.io/client-go/informers/core"
	corev1informers "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/rest"
)

// NamespaceLifecycle is k8s.io/apiserver's admission plugin of that name, as
// kube-apiserver enables it by default: a create in a namespace that does
// not exist is a 404 (namespaces "x" not found), after the plugin's 50ms
// wait for its cache; in a terminating namespace, a 403 with cause
// NamespaceTerminating; and default, kube-system and kube-public cannot be
// deleted (403). Updates and deletes of namespaced objects pass.
//
// kube-apiserver feeds the plugin from a namespace informer; here its lister
// reads the namespace store itself, so a namespace is seen the moment its
// create returns and no create races the informer. Lookups the plugin makes
// past its lister go to the server through a loopback client, as upstream.

// newNamespaceLifecycle returns the plugin, to be wired to the namespace
// store with wire once the store exists.
func newNamespaceLifecycle() (*lifecycle.Lifecycle, error) {
	return lifecycle.NewLifecycle(sets.New(metav1.NamespaceDefault, metav1.NamespaceSystem, metav1.NamespacePublic))
}

// wireNamespaceLifecycle gives the plugin its lister over the namespace store
// and its loopback client, and checks it is ready.
func wireNamespaceLifecycle(plugin *lifecycle.Lifecycle, namespaces *namespaceAPI, loopback *rest.Config) error {
	client, err := kubernetes.NewForConfig(loopback)
	if err != nil {
		return err
	}
	plugin.SetExternalKubeClientSet(client)
	factory := informers.NewSharedInformerFactory(client, 0)
	plugin.SetExternalKubeInformerFactory(namespaceInformerFactory{
		SharedInformerFactory: factory,
		namespaces: storeNamespaceInformer{
			// The informer is never started: the plugin only asks whether it
			// has synced, which the store needs not.
			TypedNamespaceInformer: factory.Core().V1().Namespaces(),
			lister:                 storeNamespaceLister{namespaces},
		},
	})
	plugin.SetReadyFunc(func() bool { return true })
	return plugin.ValidateInitialization()
}

// namespaceInformerFactory is an informer factory whose namespace informer
// is storeNamespaceInformer: the plugin gets its lister from
// Core().V1().Namespaces().
type namespaceInformerFactory struct {
	informers.SharedInformerFactory
	namespaces corev1informers.TypedNamespaceInformer
}

func (f namespaceInformerFactory) Core() coreinformers.Interface {
	return coreInformers{Interface: f.SharedInformerFactory.Core(), namespaces: f.namespaces}
}

type coreInformers struct {
	coreinformers.Interface
	namespaces corev1informers.TypedNamespaceInformer
}

func (c coreInformers) V1() corev1informers.Interface {
	return coreV1Informers{Interface: c.Interface.V1(), namespaces: c.namespaces}
}

type coreV1Informers struct {
	corev1informers.Interface
	namespaces corev1informers.TypedNamespaceInformer
}

func (c coreV1Informers) Namespaces() corev1informers.TypedNamespaceInformer { return c.namespaces }

// storeNamespaceInformer is the factory's namespace informer with the store's
// lister.
type storeNamespaceInformer struct {
	corev1informers.TypedNamespaceInformer
	lister corelisters.NamespaceLister
}

func (i storeNamespaceInformer) Lister() corelisters.NamespaceLister { return i.lister }

// storeNamespaceLister reads namespaces from the store, as a fully synced
// informer would hold them.
type storeNamespaceLister struct {
	namespaces *namespaceAPI
}

func (l storeNamespaceLister) Get(name string) (*corev1.Namespace, error) {
	obj, err := l.namespaces.store.Get(clusterScoped(), name, &metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	return obj.(*corev1.Namespace), nil
}

func (l storeNamespaceLister) List(selector labels.Selector) ([]*corev1.Namespace, error) {
	obj, err := l.namespaces.store.List(clusterScoped(), &metainternalversion.ListOptions{LabelSelector: selector})
	if err != nil {
		return nil, err
	}
	list := obj.(*corev1.NamespaceList)
	out := make([]*corev1.Namespace, len(list.Items))
	for i := range list.Items {
		out[i] = &list.Items[i]
	}
	return out, nil
}

func clusterScoped() context.Context {
	return genericapirequest.WithNamespace(context.Background(), metav1.NamespaceNone)
}

// loopbackUserAgent is the user agent of kube-apiserver's loopback client,
// whose first part names the field manager of what it writes.
const loopbackUserAgent = "kube-apiserver/v1.37.2 (linux/amd64) kubernetes/metagen"

// createSystemNamespaces creates kube-system, kube-public, kube-node-lease
// and default as kube-apiserver's controllers do at startup: through the
// loopback client, so they are managed by "kube-apiserver".
func createSystemNamespaces(ctx context.Context, loopback *rest.Config) error {
	config := rest.CopyConfig(loopback)
	config.UserAgent = loopbackUserAgent
	client, err := kubernetes.NewForConfig(config)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	errs := make([]error, len(systemNamespaces))
	var wg sync.WaitGroup
	for i, name := range systemNamespaces {
		wg.Go(func() {
			ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
			if _, err := client.CoreV1().Namespaces().Create(ctx, ns, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
				errs[i] = fmt.Errorf("creating namespace %s: %w", name, err)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
