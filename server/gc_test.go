package server_test

import (
	"context"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"

	"github.com/metagen-dev/metagen/server"
)

// ownedWidget is a widget owned by owner.
func ownedWidget(name string, owner *unstructured.Unstructured, blockOwnerDeletion bool) *unstructured.Unstructured {
	w := widget(name, nil)
	w.SetOwnerReferences([]metav1.OwnerReference{{
		APIVersion: "widgets.example.com/v1", Kind: "Widget", Name: owner.GetName(), UID: owner.GetUID(),
		BlockOwnerDeletion: &blockOwnerDeletion,
	}})
	return w
}

func gcServer(t *testing.T, gc bool) dynamic.ResourceInterface {
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t), GarbageCollection: gc})
	return dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "gc"))
}

func create(t *testing.T, widgets dynamic.ResourceInterface, obj *unstructured.Unstructured) *unstructured.Unstructured {
	t.Helper()
	created, err := widgets.Create(context.Background(), obj, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return created
}

func eventually(t *testing.T, what string, condition func() bool) {
	t.Helper()
	err := wait.PollUntilContextTimeout(context.Background(), 5*time.Millisecond, 10*time.Second, true, func(context.Context) (bool, error) {
		return condition(), nil
	})
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func gone(widgets dynamic.ResourceInterface, name string) func() bool {
	return func() bool {
		_, err := widgets.Get(context.Background(), name, metav1.GetOptions{})
		return apierrors.IsNotFound(err)
	}
}

func TestGarbageCollectionBackground(t *testing.T) {
	widgets := gcServer(t, true)
	owner := create(t, widgets, widget("owner", nil))
	create(t, widgets, ownedWidget("dependent", owner, false))
	if err := widgets.Delete(context.Background(), "owner", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "dependent collected", gone(widgets, "dependent"))
}

func TestGarbageCollectionForeground(t *testing.T) {
	widgets := gcServer(t, true)
	ctx := context.Background()
	owner := create(t, widgets, widget("owner", nil))
	dependent := ownedWidget("dependent", owner, true)
	dependent.SetFinalizers([]string{"example.com/x"})
	create(t, widgets, dependent)
	foreground := metav1.DeletePropagationForeground
	if err := widgets.Delete(ctx, "owner", metav1.DeleteOptions{PropagationPolicy: &foreground}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "dependent terminating", func() bool {
		d, err := widgets.Get(ctx, "dependent", metav1.GetOptions{})
		return err == nil && d.GetDeletionTimestamp() != nil
	})
	// The owner waits for its blocking dependent.
	if o, err := widgets.Get(ctx, "owner", metav1.GetOptions{}); err != nil || o.GetDeletionTimestamp() == nil {
		t.Fatalf("owner %v, %v: want it terminating", o, err)
	}
	if _, err := widgets.Patch(ctx, "dependent", types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "owner deleted after its dependent", gone(widgets, "owner"))
}

func TestGarbageCollectionOrphan(t *testing.T) {
	widgets := gcServer(t, true)
	ctx := context.Background()
	owner := create(t, widgets, widget("owner", nil))
	create(t, widgets, ownedWidget("dependent", owner, true))
	orphan := metav1.DeletePropagationOrphan
	if err := widgets.Delete(ctx, "owner", metav1.DeleteOptions{PropagationPolicy: &orphan}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "owner deleted", gone(widgets, "owner"))
	d, err := widgets.Get(ctx, "dependent", metav1.GetOptions{})
	if err != nil || len(d.GetOwnerReferences()) != 0 {
		t.Fatalf("dependent %v, %v: want it kept, without owner references", d, err)
	}
}

// Like a kube-apiserver without a controller manager, the server collects
// nothing by default: the orphan finalizer stays and dependents stay.
func TestGarbageCollectionIsOffByDefault(t *testing.T) {
	widgets := gcServer(t, false)
	ctx := context.Background()
	owner := create(t, widgets, widget("owner", nil))
	create(t, widgets, ownedWidget("dependent", owner, false))
	orphan := metav1.DeletePropagationOrphan
	if err := widgets.Delete(ctx, "owner", metav1.DeleteOptions{PropagationPolicy: &orphan}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if o, err := widgets.Get(ctx, "owner", metav1.GetOptions{}); err != nil || o.GetFinalizers()[0] != metav1.FinalizerOrphanDependents {
		t.Fatalf("owner %v, %v: want it kept with the orphan finalizer", o, err)
	}
	if _, err := widgets.Get(ctx, "dependent", metav1.GetOptions{}); err != nil {
		t.Fatalf("dependent: %v", err)
	}
}
