package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apimachinery/pkg/watch"
	corev1apply "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/restmapper"

	"github.com/metagen-dev/metagen/hack/e2e/pcr"
	"github.com/metagen-dev/metagen/server"
)

// The namespace cases of the differential table (N1-N8, run by the
// conformance tests here and against kube-apiserver by hack/e2e) cover the
// Namespace API and the NamespaceLifecycle admission on widgets. These tests
// cover what the table does not: the built-in PodCertificateRequests, the
// options, discovery as kubectl reads it, tables, server-side apply and
// watches.

// Core discovery (/api) lists v1 with namespaces and its subresources, and a
// kubectl-style RESTMapper maps the kind and the "ns" short name.
func TestNamespaceDiscovery(t *testing.T) {
	s := server.StartForTest(t, server.Options{CRDPaths: []string{"testdata/crds"}})
	client := discovery.NewDiscoveryClientForConfigOrDie(s.RESTConfig())
	_, lists, err := client.ServerGroupsAndResources()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"namespaces", "namespaces/status", "namespaces/finalize"} {
		if !hasResource(lists, "v1", name) {
			t.Errorf("v1 %s not discovered", name)
		}
	}
	if !hasResource(lists, "widgets.example.com/v1", "widgets") {
		t.Error("widgets no longer discovered")
	}
	cached := memory.NewMemCacheClient(client)
	mapper := restmapper.NewShortcutExpander(restmapper.NewDeferredDiscoveryRESTMapper(cached), cached, nil)
	gvr, err := mapper.ResourceFor(schema.GroupVersionResource{Resource: "ns"})
	if err != nil || gvr != corev1.SchemeGroupVersion.WithResource("namespaces") {
		t.Errorf(`"ns" maps to %v (%v), want v1 namespaces`, gvr, err)
	}
	mapping, err := mapper.RESTMapping(schema.GroupKind{Kind: "Namespace"})
	if err != nil {
		t.Fatal(err)
	}
	if mapping.Scope.Name() != meta.RESTScopeNameRoot {
		t.Errorf("Namespace is %s, want cluster-scoped", mapping.Scope.Name())
	}
	var versions metav1.APIVersions
	getJSON(t, s, "/api", &versions)
	if !slices.Equal(versions.Versions, []string{"v1"}) {
		t.Errorf("/api lists %v, want [v1]", versions.Versions)
	}
}

// A PodCertificateRequest in a namespace that does not exist is a 404, in a
// terminating one a 403, as for every namespaced resource (table N1, N3).
func TestPodCertificateRequestNamespaceLifecycle(t *testing.T) {
	s := server.StartForTest(t, server.Options{})
	fx, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	client := kubernetes.NewForConfigOrDie(s.RESTConfig())
	_, err = client.CertificatesV1().PodCertificateRequests("nope").Create(ctx, newPCR(t, fx, "a"), metav1.CreateOptions{})
	if !apierrors.IsNotFound(err) || err.Error() != `namespaces "nope" not found` {
		t.Errorf("create in a missing namespace: %v, want 404 namespaces \"nope\" not found", err)
	}

	pcrs := client.CertificatesV1().PodCertificateRequests(createNamespace(t, s, "going"))
	if _, err := pcrs.Create(ctx, newPCR(t, fx, "a"), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := client.CoreV1().Namespaces().Delete(ctx, "going", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err = pcrs.Create(ctx, newPCR(t, fx, "b"), metav1.CreateOptions{})
	want := `podcertificaterequests.certificates.k8s.io "b" is forbidden: unable to create new content in namespace going because it is being terminated`
	var status apierrors.APIStatus
	if !apierrors.IsForbidden(err) || err.Error() != want {
		t.Errorf("create in a terminating namespace: %v\nwant 403 %s", err, want)
	} else if errors.As(err, &status); len(status.Status().Details.Causes) != 1 || status.Status().Details.Causes[0].Type != corev1.NamespaceTerminatingCause {
		t.Errorf("causes %+v, want one NamespaceTerminating", status.Status().Details.Causes)
	}
	// Deleting what is in a terminating namespace goes on.
	if err := pcrs.Delete(ctx, "a", metav1.DeleteOptions{}); err != nil {
		t.Errorf("delete in a terminating namespace: %v", err)
	}
}

// Options.NoNamespaceLifecycle lets objects be created in any namespace; the
// Namespace API stays.
func TestNoNamespaceLifecycle(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t), NoNamespaceLifecycle: true})
	ctx := t.Context()
	if _, err := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace("anywhere").Create(ctx, widget("w", nil), metav1.CreateOptions{}); err != nil {
		t.Errorf("create in a missing namespace: %v", err)
	}
	namespaces := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces()
	if _, err := namespaces.Get(ctx, "default", metav1.GetOptions{}); err != nil {
		t.Errorf("default namespace: %v", err)
	}
	if err := namespaces.Delete(ctx, "default", metav1.DeleteOptions{DryRun: []string{metav1.DryRunAll}}); err != nil {
		t.Errorf("without the admission, default may be deleted: %v", err)
	}
}

// Without Options.NamespaceDeletion a deleted namespace keeps its content and
// stays Terminating; a watch sees it go once /finalize empties its finalizers.
func TestNamespaceStaysTerminating(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t)})
	ctx := t.Context()
	namespaces := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces()
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "stays"))
	if _, err := widgets.Create(ctx, widget("w", nil), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	w, err := namespaces.Watch(ctx, metav1.ListOptions{FieldSelector: "metadata.name=stays"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	if err := namespaces.Delete(ctx, "stays", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	ns, err := namespaces.Get(ctx, "stays", metav1.GetOptions{})
	if err != nil || ns.Status.Phase != corev1.NamespaceTerminating || !slices.Equal(ns.Spec.Finalizers, []corev1.FinalizerName{"kubernetes"}) {
		t.Fatalf("deleted namespace: %v %+v, want Terminating with the kubernetes finalizer", err, ns)
	}
	if _, err := widgets.Get(ctx, "w", metav1.GetOptions{}); err != nil {
		t.Errorf("the content of a terminating namespace is gone without a controller: %v", err)
	}
	ns.Spec.Finalizers = nil
	if _, err := namespaces.Finalize(ctx, ns, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	var seen []string
	for e := range w.ResultChan() {
		seen = append(seen, string(e.Type)+" "+string(e.Object.(*corev1.Namespace).Status.Phase))
		if e.Type == watch.Deleted {
			break
		}
	}
	if want := []string{"ADDED Active", "MODIFIED Terminating", "DELETED Terminating"}; !slices.Equal(seen, want) {
		t.Errorf("watch saw %q, want %q", seen, want)
	}
}

// Options.NamespaceDeletion deletes the content of a deleted namespace,
// reports what remains in the namespace's conditions as the namespace
// controller words them, and removes the namespace once nothing is left.
func TestNamespaceDeletion(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t), NamespaceDeletion: true})
	ctx := t.Context()
	namespaces := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces()
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "doomed"))
	other := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "spared"))
	for _, obj := range []struct {
		client     dynamic.ResourceInterface
		name       string
		finalizers []any
	}{{widgets, "plain", nil}, {widgets, "held", []any{"example.com/hold"}}, {other, "other", nil}} {
		w := widget(obj.name, nil)
		if obj.finalizers != nil {
			w.Object["metadata"].(map[string]any)["finalizers"] = obj.finalizers
		}
		if _, err := obj.client.Create(ctx, w, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := namespaces.Delete(ctx, "doomed", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	wantConditions := map[corev1.NamespaceConditionType]string{
		corev1.NamespaceDeletionDiscoveryFailure: "False ResourcesDiscovered All resources successfully discovered",
		corev1.NamespaceDeletionGVParsingFailure: "False ParsedGroupVersions All legacy kube types successfully parsed",
		corev1.NamespaceDeletionContentFailure:   "False ContentDeleted All content successfully deleted, may be waiting on finalization",
		corev1.NamespaceContentRemaining:         "True SomeResourcesRemain Some resources are remaining: widgets.widgets.example.com has 1 resource instances",
		corev1.NamespaceFinalizersRemaining:      "True SomeFinalizersRemain Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances",
	}
	var ns *corev1.Namespace
	err := wait.PollUntilContextTimeout(ctx, 10*time.Millisecond, 10*time.Second, true, func(ctx context.Context) (bool, error) {
		var err error
		ns, err = namespaces.Get(ctx, "doomed", metav1.GetOptions{})
		return err == nil && len(ns.Status.Conditions) == len(wantConditions), err
	})
	if err != nil {
		t.Fatalf("waiting for the conditions: %v", err)
	}
	for _, c := range ns.Status.Conditions {
		if got := strings.Join([]string{string(c.Status), c.Reason, c.Message}, " "); got != wantConditions[c.Type] {
			t.Errorf("condition %s: %q, want %q", c.Type, got, wantConditions[c.Type])
		}
	}
	if _, err := widgets.Get(ctx, "plain", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("widget without finalizers: %v, want it deleted", err)
	}
	held, err := widgets.Get(ctx, "held", metav1.GetOptions{})
	if err != nil || held.GetDeletionTimestamp() == nil {
		t.Fatalf("widget with a finalizer: %v, want it terminating", err)
	}
	if _, err := widgets.Patch(ctx, "held", "application/merge-patch+json", []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{}); err != nil {
		t.Fatal(err)
	}
	err = wait.PollUntilContextTimeout(ctx, 10*time.Millisecond, 10*time.Second, true, func(ctx context.Context) (bool, error) {
		_, err := namespaces.Get(ctx, "doomed", metav1.GetOptions{})
		return apierrors.IsNotFound(err), nil
	})
	if err != nil {
		t.Errorf("the namespace is not gone once its content is: %v", err)
	}
	if _, err := other.Get(ctx, "other", metav1.GetOptions{}); err != nil {
		t.Errorf("another namespace's content: %v", err)
	}
}

// getTable GETs path as kubectl does, asking for a Table.
func getTable(t *testing.T, s *server.Server, path string) *metav1.Table {
	t.Helper()
	var table metav1.Table
	if err := json.Unmarshal(get(t, s, path, "application/json;as=Table;v=v1;g=meta.k8s.io"), &table); err != nil {
		t.Fatal(err)
	}
	return &table
}

func columnNames(table *metav1.Table) []string {
	var names []string
	for _, c := range table.ColumnDefinitions {
		names = append(names, c.Name)
	}
	return names
}

// Tables show kube-apiserver's namespace columns, and server-side apply
// knows the Namespace schema.
func TestNamespaceTableAndApply(t *testing.T) {
	s := server.StartForTest(t, server.Options{})
	table := getTable(t, s, "/api/v1/namespaces/default")
	if columns := columnNames(table); !slices.Equal(columns, []string{"Name", "Status", "Age"}) || len(table.Rows) != 1 ||
		table.Rows[0].Cells[0] != "default" || table.Rows[0].Cells[1] != "Active" {
		t.Errorf("table: columns %v, rows %+v", columnNames(table), table.Rows)
	}

	namespaces := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces()
	applied, err := namespaces.Apply(t.Context(), corev1apply.Namespace("applied").WithLabels(map[string]string{"team": "a"}),
		metav1.ApplyOptions{FieldManager: "tester"})
	if err != nil {
		t.Fatal(err)
	}
	if applied.Labels["team"] != "a" || applied.Status.Phase != corev1.NamespaceActive || len(applied.ManagedFields) != 1 ||
		applied.ManagedFields[0].Manager != "tester" || applied.ManagedFields[0].Operation != metav1.ManagedFieldsOperationApply {
		t.Errorf("applied namespace: %+v", applied)
	}
}
