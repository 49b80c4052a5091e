package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/restmapper"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/server"
)

func widget(name string, spec map[string]any) *unstructured.Unstructured {
	if spec == nil {
		spec = map[string]any{"color": "red"}
	}
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "widgets.example.com/v1", "kind": "Widget",
		"metadata": map[string]any{"name": name},
		"spec":     spec,
	}}
}

// Both ways of serving a resource show up in discovery as client-go reads it
// (aggregated discovery first), and a RESTMapper built from it maps the kind.
func TestDiscovery(t *testing.T) {
	for name, opts := range map[string]server.Options{
		"scheme": {Scheme: widgetsScheme(t)},
		"crd":    {CRDPaths: []string{"testdata/crds"}},
	} {
		t.Run(name, func(t *testing.T) {
			s := server.StartForTest(t, opts)
			client := discovery.NewDiscoveryClientForConfigOrDie(s.RESTConfig())
			groups, resources, err := client.ServerGroupsAndResources()
			if err != nil {
				t.Fatal(err)
			}
			groupNames := []string{}
			for _, g := range groups {
				groupNames = append(groupNames, g.Name)
			}
			for _, want := range []string{"apiextensions.k8s.io", "widgets.example.com"} {
				if !slices.Contains(groupNames, want) {
					t.Errorf("groups %v lack %s", groupNames, want)
				}
			}
			if !hasResource(resources, "widgets.example.com/v1", "widgets/status") {
				t.Errorf("widgets/status not discovered: %v", resources)
			}
			mapper := restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(client))
			mapping, err := mapper.RESTMapping(schema.GroupKind{Group: "widgets.example.com", Kind: "Widget"})
			if err != nil {
				t.Fatal(err)
			}
			if mapping.Resource != widgetsResource || mapping.Scope.Name() != meta.RESTScopeNameNamespace {
				t.Errorf("mapping %v (%s), want %v, namespaced", mapping.Resource, mapping.Scope.Name(), widgetsResource)
			}
		})
	}
}

func hasResource(lists []*metav1.APIResourceList, groupVersion, name string) bool {
	for _, list := range lists {
		if list.GroupVersion != groupVersion {
			continue
		}
		for _, r := range list.APIResources {
			if r.Name == name {
				return true
			}
		}
	}
	return false
}

// The legacy discovery documents (no aggregated Accept header) list the CRD
// group too.
func TestLegacyDiscoveryListsCRDGroups(t *testing.T) {
	s := server.StartForTest(t, server.Options{CRDPaths: []string{"testdata/crds"}})
	var groups metav1.APIGroupList
	getJSON(t, s, "/apis", &groups)
	var names []string
	for _, g := range groups.Groups {
		names = append(names, g.Name+"="+g.PreferredVersion.Version)
	}
	if !slices.Contains(names, "widgets.example.com=v1") {
		t.Errorf("/apis lists %v, want widgets.example.com with preferred version v1", names)
	}
}

func getJSON(t *testing.T, s *server.Server, path string, into any) {
	t.Helper()
	url := s.URL() + path
	resp, err := s.HTTPClient().Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatal(err)
	}
}

// The scheme's validation (generated code's RegisterValidations) runs on
// create, update and status updates, and its errors come back as
// kube-apiserver's 422: "<Kind>.<group> "<name>" is invalid: …" with one
// cause per error, in order.
func TestSchemeValidationAnswers422(t *testing.T) {
	scheme := widgetsScheme(t)
	s := server.StartForTest(t, server.Options{Scheme: scheme})
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
	ctx := context.Background()

	bad := widget("v1", map[string]any{"color": "Not Valid", "replicas": 101})
	_, err := widgets.Create(ctx, bad, metav1.CreateOptions{})
	expectInvalid(t, err, "v1", scheme.Validate(ctx, nil, typedWidget(t, bad)))

	created, err := widgets.Create(ctx, widget("v1", nil), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	update := created.DeepCopy()
	_ = unstructured.SetNestedField(update.Object, int64(101), "spec", "replicas")
	_, err = widgets.Update(ctx, update, metav1.UpdateOptions{})
	expectInvalid(t, err, "v1", scheme.ValidateUpdate(ctx, nil, typedWidget(t, update), typedWidget(t, created)))

	status := created.DeepCopy()
	_ = unstructured.SetNestedField(status.Object, int64(-1), "status", "observedGeneration")
	_, err = widgets.UpdateStatus(ctx, status, metav1.UpdateOptions{})
	expectInvalid(t, err, "v1", scheme.ValidateUpdate(ctx, nil, typedWidget(t, status), typedWidget(t, created), "status"))
}

func typedWidget(t *testing.T, u *unstructured.Unstructured) *widgetsv1.Widget {
	t.Helper()
	w := &widgetsv1.Widget{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, w); err != nil {
		t.Fatal(err)
	}
	if w.Namespace == "" {
		w.Namespace = "t1" // the server takes it from the URL
	}
	return w
}

// expectInvalid checks a 422 against the errors the validation returns.
func expectInvalid(t *testing.T, err error, name string, wantErrs field.ErrorList) {
	t.Helper()
	if len(wantErrs) == 0 {
		t.Fatal("the local validation found nothing: the test object is not invalid")
	}
	status, ok := err.(apierrors.APIStatus)
	if !ok || status.Status().Code != http.StatusUnprocessableEntity {
		t.Fatalf("error %v, want a 422", err)
	}
	details := status.Status().Details
	wantMessage := fmt.Sprintf(`Widget.widgets.example.com %q is invalid: %v`, name, wantErrs.ToAggregate())
	if status.Status().Message != wantMessage {
		t.Errorf("message\n%s\nwant\n%s", status.Status().Message, wantMessage)
	}
	if details == nil || details.Kind != "Widget" || details.Group != "widgets.example.com" || len(details.Causes) != len(wantErrs) {
		t.Fatalf("details %+v, want kind Widget and %d causes", details, len(wantErrs))
	}
	for i, e := range wantErrs {
		c := details.Causes[i]
		if c.Type != metav1.CauseType(e.Type) || c.Field != e.Field || c.Message != e.ErrorBody() {
			t.Errorf("cause %d = %+v, want %s %s %q", i, c, e.Type, e.Field, e.ErrorBody())
		}
	}
}

// A watch from a resourceVersion that was compacted away gets 410 Gone (an
// ERROR event with an Expired status) from the storage, as does a continue
// token. (The watch cache keeps its own window of events, as kube-apiserver's
// does.)
func TestCompactedResourceVersionIsGone(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t), NoWatchCache: true})
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
	ctx := context.Background()
	first, err := widgets.Create(ctx, widget("g1", nil), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := widgets.Create(ctx, widget(fmt.Sprintf("g%d", i+2), nil), metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	page, err := widgets.List(ctx, metav1.ListOptions{Limit: 2})
	if err != nil || page.GetContinue() == "" {
		t.Fatalf("first page: %v, continue %q", err, page.GetContinue())
	}
	if _, err := widgets.Create(ctx, widget("g5", nil), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	s.Compact() // the first page's revision is now history

	w, err := widgets.Watch(ctx, metav1.ListOptions{ResourceVersion: first.GetResourceVersion()})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	event := nextEvent(t, w)
	if event.Type != watch.Error || apierrors.FromObject(event.Object).(apierrors.APIStatus).Status().Code != http.StatusGone {
		t.Errorf("event %s %v, want an ERROR with 410", event.Type, event.Object)
	}
	_, err = widgets.List(ctx, metav1.ListOptions{Limit: 2, Continue: page.GetContinue()})
	if !apierrors.IsResourceExpired(err) {
		t.Errorf("continue after compaction: %v, want 410 Expired", err)
	}
}

func nextEvent(t *testing.T, w watch.Interface) watch.Event {
	t.Helper()
	select {
	case e, ok := <-w.ResultChan():
		if !ok {
			t.Fatal("watch closed")
		}
		return e
	case <-time.After(10 * time.Second):
		t.Fatal("no watch event")
	}
	return watch.Event{}
}

// A watch list (sendInitialEvents) streams the objects, then the bookmark
// that ends the initial events; the watch then continues.
func TestWatchListSendsInitialEventsThenBookmark(t *testing.T) {
	for _, noWatchCache := range []bool{false, true} {
		t.Run(fmt.Sprintf("noWatchCache=%v", noWatchCache), func(t *testing.T) {
			s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t), NoWatchCache: noWatchCache})
			widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
			ctx := context.Background()
			for _, name := range []string{"a", "b"} {
				if _, err := widgets.Create(ctx, widget(name, nil), metav1.CreateOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			sendInitialEvents := true
			w, err := widgets.Watch(ctx, metav1.ListOptions{
				SendInitialEvents: &sendInitialEvents, AllowWatchBookmarks: true,
				ResourceVersionMatch: metav1.ResourceVersionMatchNotOlderThan,
			})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Stop()
			var names []string
			for len(names) < 2 {
				if e := nextEvent(t, w); e.Type == watch.Added {
					names = append(names, e.Object.(*unstructured.Unstructured).GetName())
				}
			}
			if !slices.Equal(names, []string{"a", "b"}) {
				t.Errorf("initial events %v, want a, b", names)
			}
			bookmark := nextEvent(t, w)
			if bookmark.Type != watch.Bookmark || bookmark.Object.(*unstructured.Unstructured).GetAnnotations()[metav1.InitialEventsAnnotationKey] != "true" {
				t.Fatalf("event %s %v, want the initial-events-end bookmark", bookmark.Type, bookmark.Object)
			}
			if _, err := widgets.Create(ctx, widget("c", nil), metav1.CreateOptions{}); err != nil {
				t.Fatal(err)
			}
			if e := nextEvent(t, w); e.Type != watch.Added || e.Object.(*unstructured.Unstructured).GetName() != "c" {
				t.Errorf("event %s, want ADDED c", e.Type)
			}
		})
	}
}

// With the watch cache (the default), watches that allow bookmarks get them,
// as from kube-apiserver: the cache sends one ahead of the watch's timeout,
// when it has seen a resourceVersion newer than the watch's.
func TestWatchCacheSendsBookmarks(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t)})
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
	created, err := widgets.Create(context.Background(), widget("b1", nil), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	timeout := int64(4)
	w, err := widgets.Watch(context.Background(), metav1.ListOptions{
		ResourceVersion: created.GetResourceVersion(), AllowWatchBookmarks: true, TimeoutSeconds: &timeout,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	if _, err := widgets.Create(context.Background(), widget("b2", nil), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if e := nextEvent(t, w); e.Type != watch.Added {
		t.Fatalf("event %s, want ADDED", e.Type)
	}
	if e := nextEvent(t, w); e.Type != watch.Bookmark {
		t.Errorf("event %s, want BOOKMARK", e.Type)
	}
}

// Concurrent writers and a watcher: every write is visible to later reads,
// and the watch delivers every write exactly once, in resourceVersion order.
func TestConcurrentWritesAreAllWatched(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t)})
	client := dynamic.NewForConfigOrDie(s.RESTConfig())
	widgets := client.Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
	ctx := context.Background()
	start, err := widgets.List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := widgets.Watch(ctx, metav1.ListOptions{ResourceVersion: start.GetResourceVersion()})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()

	const writers, writes = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- writeWidget(ctx, widgets, fmt.Sprintf("c%d", i), writes)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	// each writer: 1 create + writes-1 patches + delete with finalizer (MODIFIED) + finalizer removal (DELETED)
	want := writers * (writes + 2)
	var last int64
	for range want {
		e := nextEvent(t, w)
		rv := resourceVersion(t, e.Object)
		if rv <= last {
			t.Fatalf("resourceVersion %d after %d", rv, last)
		}
		last = rv
	}
	select {
	case e := <-w.ResultChan():
		t.Fatalf("unexpected extra event %s", e.Type)
	case <-time.After(200 * time.Millisecond):
	}
}

func resourceVersion(t *testing.T, obj any) int64 {
	t.Helper()
	accessor, err := meta.Accessor(obj)
	if err != nil {
		t.Fatal(err)
	}
	var rv int64
	if _, err := fmt.Sscan(accessor.GetResourceVersion(), &rv); err != nil {
		t.Fatal(err)
	}
	return rv
}

// writeWidget creates a widget with a finalizer, patches it, deletes it and
// removes the finalizer, checking each write is visible to a read after it.
func writeWidget(ctx context.Context, widgets dynamic.ResourceInterface, name string, writes int) error {
	obj := widget(name, nil)
	obj.SetFinalizers([]string{"example.com/x"})
	if _, err := widgets.Create(ctx, obj, metav1.CreateOptions{}); err != nil {
		return err
	}
	for i := 1; i < writes; i++ {
		patch := fmt.Sprintf(`{"metadata":{"labels":{"n":"%d"}}}`, i)
		written, err := widgets.Patch(ctx, name, types.MergePatchType, []byte(patch), metav1.PatchOptions{})
		if err != nil {
			return err
		}
		read, err := widgets.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if read.GetResourceVersion() != written.GetResourceVersion() && read.GetLabels()["n"] < written.GetLabels()["n"] {
			return fmt.Errorf("%s: read %s after writing %s", name, read.GetResourceVersion(), written.GetResourceVersion())
		}
	}
	if err := widgets.Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
		return err
	}
	if _, err := widgets.Patch(ctx, name, types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{}); err != nil {
		return err
	}
	if _, err := widgets.Get(ctx, name, metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		return fmt.Errorf("%s after its last finalizer: %v, want NotFound", name, err)
	}
	return nil
}

// Server-side apply works on both kinds of resources and records managedFields.
func TestServerSideApply(t *testing.T) {
	for name, opts := range map[string]server.Options{
		"scheme": {Scheme: widgetsScheme(t)},
		"crd":    {CRDPaths: []string{"testdata/crds"}},
	} {
		t.Run(name, func(t *testing.T) {
			s := server.StartForTest(t, opts)
			widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
			applied, err := widgets.Apply(context.Background(), "a1", widget("a1", map[string]any{"color": "blue"}), metav1.ApplyOptions{FieldManager: "tester"})
			if err != nil {
				t.Fatal(err)
			}
			managers := applied.GetManagedFields()
			if len(managers) != 1 || managers[0].Manager != "tester" || managers[0].Operation != metav1.ManagedFieldsOperationApply {
				t.Errorf("managedFields %+v, want one Apply entry of tester", managers)
			}
			if !strings.Contains(string(managers[0].FieldsV1.Raw), `"f:color"`) {
				t.Errorf("fields %s do not include spec.color", managers[0].FieldsV1.Raw)
			}
		})
	}
}

// With the types' OpenAPI definitions (openapi-gen style, as metagen
// generates them), server-side apply merges list-maps by key, as it does for
// the CRD; two managers each own their part.
func TestServerSideApplyMergesListMaps(t *testing.T) {
	for name, opts := range map[string]server.Options{
		"scheme": {Scheme: widgetsScheme(t), OpenAPIDefinitions: widgetsv1.GetOpenAPIDefinitions},
		"crd":    {CRDPaths: []string{"testdata/crds"}},
	} {
		t.Run(name, func(t *testing.T) {
			s := server.StartForTest(t, opts)
			widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
			ctx := context.Background()
			for manager, part := range map[string]string{"assembler": "axle", "painter": "wheel"} {
				spec := map[string]any{"color": "red", "parts": []any{map[string]any{"name": part}}}
				if _, err := widgets.Apply(ctx, "m1", widget("m1", spec), metav1.ApplyOptions{FieldManager: manager, Force: true}); err != nil {
					t.Fatal(err)
				}
			}
			got, err := widgets.Get(ctx, "m1", metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			parts, _, _ := unstructured.NestedSlice(got.Object, "spec", "parts")
			if len(parts) != 2 {
				t.Errorf("parts %v, want both managers' parts", parts)
			}
		})
	}
}

// Go types from a scheme cannot be encoded in protobuf: like custom
// resources, they are answered in JSON to clients that prefer protobuf but
// accept JSON, as client-go's metadata client does.
func TestProtobufPreferringClientsGetJSON(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t)})
	ctx := t.Context()
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(t, s, "t1"))
	if _, err := widgets.Create(ctx, widget("a", nil), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	client := metadata.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace("t1")
	list, err := client.List(ctx, metav1.ListOptions{})
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("metadata list: %v, %v", list, err)
	}
	if err := client.DeleteCollection(ctx, metav1.DeleteOptions{}, metav1.ListOptions{}); err != nil {
		t.Errorf("metadata deletecollection: %v", err)
	}
}
