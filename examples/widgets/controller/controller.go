// Package controller is a small kubebuilder-style controller for Widgets:
// it marks every widget Ready for the generation it has seen
// (status.observedGeneration and a Ready condition), through /status.
// Its RBAC rules are markers above Reconcile, as kubebuilder scaffolds
// them; metagen generates ../config/rbac/role.yaml from them, and the
// least-privilege test checks that role against what the controller does.
//
// +metagen:rbac-dir=../config/rbac
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate -g rbac .
package controller

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"

	"github.com/metagen-dev/metagen/examples/widgets/client/clientset"
	"github.com/metagen-dev/metagen/examples/widgets/client/informers"
	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// RoleName is the name of the generated ClusterRole.
const RoleName = "widget-controller"

// Reconciler keeps the widgets' status current.
type Reconciler struct {
	Client clientset.Interface
}

// +kubebuilder:rbac:groups=widgets.example.com,resources=widgets,verbs=get;list;watch,roleName=widget-controller
// +kubebuilder:rbac:groups=widgets.example.com,resources=widgets/status,verbs=get;update;patch,roleName=widget-controller

// Reconcile marks the widget Ready for its current generation, unless its
// status already says so.
func (r *Reconciler) Reconcile(ctx context.Context, w *widgetsv1.Widget) error {
	if w.Status.ObservedGeneration == w.Generation && meta.IsStatusConditionTrue(w.Status.Conditions, "Ready") {
		return nil
	}
	w = w.DeepCopy()
	w.Status.ObservedGeneration = w.Generation
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", ObservedGeneration: w.Generation,
		Message: "the controller has seen this generation",
	})
	_, err := r.Client.WidgetsV1().Widgets(w.Namespace).UpdateStatus(ctx, w, metav1.UpdateOptions{})
	if apierrors.IsNotFound(err) {
		return nil // deleted meanwhile
	}
	return err
}

// Run watches the widgets of every namespace and reconciles each change
// until ctx ends; a failed reconcile is retried with backoff.
func (r *Reconciler) Run(ctx context.Context) error {
	factory := informers.NewSharedInformerFactory(r.Client, 0)
	widgets := factory.Widgets().V1().Widgets()
	queue := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[string]())
	defer queue.ShutDown()
	enqueue := func(obj any) {
		if key, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
			queue.Add(key)
		}
	}
	if _, err := widgets.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    enqueue,
		UpdateFunc: func(_, obj any) { enqueue(obj) },
	}); err != nil {
		return err
	}
	factory.Start(ctx.Done())
	defer factory.Shutdown()
	if !cache.WaitForCacheSync(ctx.Done(), widgets.Informer().HasSynced) {
		return ctx.Err()
	}
	go func() {
		<-ctx.Done()
		queue.ShutDown()
	}()
	for {
		key, quit := queue.Get()
		if quit {
			return nil
		}
		namespace, name, _ := cache.SplitMetaNamespaceKey(key)
		w, err := widgets.Lister().Widgets(namespace).Get(name)
		if err == nil {
			err = r.Reconcile(ctx, w)
		}
		switch {
		case err == nil || apierrors.IsNotFound(err):
			queue.Forget(key)
		case ctx.Err() == nil:
			queue.AddRateLimited(key)
		}
		queue.Done(key)
	}
}
