package admission

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metainternalversion "k8s.io/apimachinery/pkg/apis/meta/internalversion"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	registryrest "k8s.io/apiserver/pkg/registry/rest"
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

// NewNamespaceLifecycle returns the plugin, to be wired to the namespace
// store with WireNamespaceLifecycle once the store exists.
func NewNamespaceLifecycle() (*lifecycle.Lifecycle, error) {
	return lifecycle.NewLifecycle(sets.New(metav1.NamespaceDefault, metav1.NamespaceSystem, metav1.NamespacePublic))
}

// WireNamespaceLifecycle gives the plugin its lister over the namespace store
// and its loopback client, and checks it is ready.
func WireNamespaceLifecycle(plugin *lifecycle.Lifecycle, namespaces namespaceStore, loopback *rest.Config) error {
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
	namespaces namespaceStore
}

func (l storeNamespaceLister) Get(name string) (*corev1.Namespace, error) {
	obj, err := l.namespaces.Get(clusterScoped(), name, &metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	return obj.(*corev1.Namespace), nil
}

func (l storeNamespaceLister) List(selector labels.Selector) ([]*corev1.Namespace, error) {
	obj, err := l.namespaces.List(clusterScoped(), &metainternalversion.ListOptions{LabelSelector: selector})
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

// namespaceStore is what the lister reads: the namespace store.
type namespaceStore interface {
	registryrest.Getter
	registryrest.Lister
}
