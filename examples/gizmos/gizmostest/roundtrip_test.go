// Package gizmostest round-trips gizmos through their generated
// conversions: in a scheme (v1beta1 -> internal -> v1, with defaulting),
// and on the in-process API server, which serves both versions of one
// stored object through the internal version.
package gizmostest

import (
	"context"
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"

	"github.com/metagen-dev/metagen/examples/gizmos"
	"github.com/metagen-dev/metagen/examples/gizmos/install"
	gizmosv1 "github.com/metagen-dev/metagen/examples/gizmos/v1"
	gizmosv1beta1 "github.com/metagen-dev/metagen/examples/gizmos/v1beta1"
	"github.com/metagen-dev/metagen/server"
)

func newScheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	scheme, err := install.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	return scheme
}

func TestSchemeRoundTrip(t *testing.T) {
	scheme := newScheme(t)
	beta := &gizmosv1beta1.Gizmo{ObjectMeta: metav1.ObjectMeta{Name: "g"}, Spec: gizmosv1beta1.GizmoSpec{Color: "red", Count: 3, Labels: map[string]string{"a": "b"}}}
	internal := &gizmos.Gizmo{}
	if err := scheme.Convert(beta, internal, nil); err != nil {
		t.Fatal(err)
	}
	if internal.Spec.Replicas != 3 || internal.Spec.Color != "red" || internal.Name != "g" || internal.Spec.Labels["a"] != "b" {
		t.Fatalf("v1beta1 -> internal: %+v", internal)
	}
	v1 := &gizmosv1.Gizmo{}
	if err := scheme.Convert(internal, v1, nil); err != nil {
		t.Fatal(err)
	}
	if v1.Spec.Replicas == nil || *v1.Spec.Replicas != 3 {
		t.Fatalf("internal -> v1: replicas %v", v1.Spec.Replicas)
	}
	back := &gizmosv1beta1.Gizmo{}
	if err := scheme.Convert(internal, back, nil); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Spec, beta.Spec) {
		t.Fatalf("round trip: %+v, want %+v", back.Spec, beta.Spec)
	}
	unset := &gizmosv1.Gizmo{}
	scheme.Default(unset)
	if unset.Spec.Replicas == nil || *unset.Spec.Replicas != 1 {
		t.Fatalf("v1 default: replicas %v, want 1 (+default=1)", unset.Spec.Replicas)
	}
	if major, minor := (&gizmosv1beta1.Gizmo{}).APILifecycleIntroduced(); major != 1 || minor != 34 {
		t.Fatalf("APILifecycleIntroduced %d.%d, want 1.34", major, minor)
	}
	if gvk := (&gizmosv1beta1.Gizmo{}).APILifecycleReplacement(); gvk.Version != "v1" {
		t.Fatalf("APILifecycleReplacement %v", gvk)
	}
}

func TestServedInBothVersions(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: newScheme(t)})
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "t1"}}
	if _, err := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces().Create(context.Background(), ns, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	client := dynamic.NewForConfigOrDie(s.RESTConfig())
	resource := func(version string) dynamic.ResourceInterface {
		return client.Resource(schema.GroupVersionResource{Group: gizmos.GroupName, Version: version, Resource: "gizmos"}).Namespace("t1")
	}
	beta := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": gizmos.GroupName + "/v1beta1", "kind": "Gizmo",
		"metadata": map[string]any{"name": "g"},
		"spec":     map[string]any{"color": "blue", "count": int64(4)},
	}}
	if _, err := resource("v1beta1").Create(context.Background(), beta, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	got, err := resource("v1").Get(context.Background(), "g", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if replicas, _, _ := unstructured.NestedInt64(got.Object, "spec", "replicas"); replicas != 4 {
		t.Errorf("v1 replicas %d, want 4 (v1beta1 count): %v", replicas, got.Object)
	}
	v1 := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": gizmos.GroupName + "/v1", "kind": "Gizmo",
		"metadata": map[string]any{"name": "h"},
		"spec":     map[string]any{"color": "green"},
	}}
	if _, err := resource("v1").Create(context.Background(), v1, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	got, err = resource("v1beta1").Get(context.Background(), "h", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if count, _, _ := unstructured.NestedInt64(got.Object, "spec", "count"); count != 1 {
		t.Errorf("v1beta1 count %d, want 1 (v1's +default=1 replicas): %v", count, got.Object)
	}
}
