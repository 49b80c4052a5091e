package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/conversion"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	discoveryendpoint "k8s.io/apiserver/pkg/endpoints/discovery"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"

	"github.com/metagen-dev/metagen/server"
	"github.com/metagen-dev/metagen/server/internal/testapi"
	gadgetsv1 "github.com/metagen-dev/metagen/server/internal/testapi/v1"
	gadgetsv1alpha1 "github.com/metagen-dev/metagen/server/internal/testapi/v1alpha1"
)

// A kind registered in several versions of its group is served in all of
// them, as kube-apiserver serves a multi-version CRD: one set of objects,
// stored in one version, converted to the version of each request.

var (
	gadgetsV1       = schema.GroupVersionResource{Group: testapi.GroupName, Version: "v1", Resource: "gadgets"}
	gadgetsV1alpha1 = schema.GroupVersionResource{Group: testapi.GroupName, Version: "v1alpha1", Resource: "gadgets"}
)

// gadgetsScheme has Gadget in v1alpha1 and v1 (the storage version by the
// scheme's priority), each with its validation, and the conversion
// functions between them when conversions is set.
func gadgetsScheme(t *testing.T, conversions bool) *runtime.Scheme {
	t.Helper()
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{gadgetsv1alpha1.AddToScheme, gadgetsv1.AddToScheme} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	if conversions {
		if err := gadgetsv1alpha1.RegisterConversions(scheme); err != nil {
			t.Fatal(err)
		}
	}
	if err := scheme.SetVersionPriority(gadgetsv1.SchemeGroupVersion, gadgetsv1alpha1.SchemeGroupVersion); err != nil {
		t.Fatal(err)
	}
	return scheme
}

func gadget(version, name string, spec map[string]any) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": testapi.GroupName + "/" + version, "kind": "Gadget",
		"metadata": map[string]any{"name": name},
		"spec":     spec,
	}}
}

// gadgetClients returns clients of gadgets in namespace t1 in v1alpha1 and v1.
func gadgetClients(t *testing.T, s *server.Server) (v1alpha1, v1 dynamic.ResourceInterface) {
	t.Helper()
	client := dynamic.NewForConfigOrDie(s.RESTConfig())
	ns := createNamespace(t, s, "t1")
	return client.Resource(gadgetsV1alpha1).Namespace(ns), client.Resource(gadgetsV1).Namespace(ns)
}

func mustGet(t *testing.T, client dynamic.ResourceInterface, name string) *unstructured.Unstructured {
	t.Helper()
	obj, err := client.Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

func specOf(obj *unstructured.Unstructured) map[string]any {
	spec, _, _ := unstructured.NestedMap(obj.Object, "spec")
	return spec
}

// expectSpec checks obj's apiVersion and its whole spec.
func expectSpec(t *testing.T, obj *unstructured.Unstructured, version string, want map[string]any) {
	t.Helper()
	if got := obj.GetAPIVersion(); got != testapi.GroupName+"/"+version {
		t.Errorf("%s: apiVersion %s, want %s", obj.GetName(), got, version)
	}
	got, _ := json.Marshal(specOf(obj))
	wantJSON, _ := json.Marshal(want)
	if string(got) != string(wantJSON) {
		t.Errorf("%s in %s: spec %s, want %s", obj.GetName(), version, got, wantJSON)
	}
}

// Discovery lists every version, in kube-aware order with the preferred
// (highest) one first, as kube-apiserver lists a CRD's versions; the
// resource has one storage version hash in all of them. The same Go type
// may be registered in two versions (v1 and v1beta1 here): only apiVersion
// differs between them.
func TestMultiVersionDiscovery(t *testing.T) {
	scheme := gadgetsScheme(t, true)
	v1beta1 := schema.GroupVersion{Group: testapi.GroupName, Version: "v1beta1"}
	scheme.AddKnownTypes(v1beta1, &gadgetsv1.Gadget{}, &gadgetsv1.GadgetList{})
	metav1.AddToGroupVersion(scheme, v1beta1)

	for storage, opts := range map[string]server.Options{
		"v1": {Scheme: scheme},
		"v1alpha1": {Scheme: scheme, Resources: []server.Resource{{
			Kind: gadgetsv1alpha1.SchemeGroupVersion.WithKind("Gadget"), StorageVersion: true,
		}}},
	} {
		t.Run("storage="+storage, func(t *testing.T) {
			s := server.StartForTest(t, opts)
			var group metav1.APIGroup
			getJSON(t, s, "/apis/"+testapi.GroupName, &group)
			var versions []string
			for _, v := range group.Versions {
				versions = append(versions, v.Version)
			}
			if want := []string{"v1", "v1beta1", "v1alpha1"}; !slices.Equal(versions, want) || group.PreferredVersion.Version != "v1" {
				t.Errorf("/apis/%s: versions %v, preferred %s; want %v, preferred v1", testapi.GroupName, versions, group.PreferredVersion.Version, want)
			}
			var groups metav1.APIGroupList
			getJSON(t, s, "/apis", &groups)
			if i := slices.IndexFunc(groups.Groups, func(g metav1.APIGroup) bool { return g.Name == testapi.GroupName }); i < 0 ||
				groups.Groups[i].PreferredVersion.Version != "v1" || len(groups.Groups[i].Versions) != 3 {
				t.Errorf("/apis: %+v, want %s with 3 versions, v1 preferred", groups.Groups, testapi.GroupName)
			}

			// Aggregated discovery, as client-go reads it, and the legacy
			// resource lists, which carry the storage version's hash.
			client := discovery.NewDiscoveryClientForConfigOrDie(s.RESTConfig())
			_, lists, err := client.ServerGroupsAndResources()
			if err != nil {
				t.Fatal(err)
			}
			wantHash := discoveryendpoint.StorageVersionHash(testapi.GroupName, storage, "Gadget")
			for _, version := range versions {
				gv := testapi.GroupName + "/" + version
				for _, name := range []string{"gadgets", "gadgets/status"} {
					if !hasResource(lists, gv, name) {
						t.Errorf("%s %s not discovered", gv, name)
					}
				}
				var list metav1.APIResourceList
				getJSON(t, s, "/apis/"+gv, &list)
				i := slices.IndexFunc(list.APIResources, func(r metav1.APIResource) bool { return r.Name == "gadgets" })
				if i < 0 || list.APIResources[i].StorageVersionHash != wantHash {
					t.Errorf("/apis/%s: %+v, want gadgets with %s's storageVersionHash %q", gv, list.APIResources, storage, wantHash)
				}
			}

			ctx := context.Background()
			dyn := dynamic.NewForConfigOrDie(s.RESTConfig())
			ns := createNamespace(t, s, "t1")
			created, err := dyn.Resource(v1beta1.WithResource("gadgets")).Namespace(ns).Create(ctx, gadget("v1beta1", "b", map[string]any{"color": "red", "replicas": int64(2)}), metav1.CreateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			expectSpec(t, created, "v1beta1", map[string]any{"color": "red", "replicas": 2})
			expectSpec(t, mustGet(t, dyn.Resource(gadgetsV1).Namespace(ns), "b"), "v1", map[string]any{"color": "red", "replicas": 2})
			expectSpec(t, mustGet(t, dyn.Resource(gadgetsV1alpha1).Namespace(ns), "b"), "v1alpha1", map[string]any{"color": "red", "count": 2})
		})
	}
}

// With the scheme's conversion functions, an object written in one version
// reads in the other with the conversion applied (count is replicas), on
// get, list, update, the status subresource and field selectors.
func TestMultiVersionConversion(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: gadgetsScheme(t, true)})
	alpha, v1 := gadgetClients(t, s)
	ctx := context.Background()

	created, err := alpha.Create(ctx, gadget("v1alpha1", "a", map[string]any{"color": "red", "count": int64(3)}), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	expectSpec(t, created, "v1alpha1", map[string]any{"color": "red", "count": 3})
	expectSpec(t, mustGet(t, v1, "a"), "v1", map[string]any{"color": "red", "replicas": 3})

	if _, err := v1.Create(ctx, gadget("v1", "b", map[string]any{"color": "blue", "replicas": int64(7)}), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	expectSpec(t, mustGet(t, alpha, "b"), "v1alpha1", map[string]any{"color": "blue", "count": 7})

	list, err := alpha.List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if list.GetAPIVersion() != gadgetsV1alpha1.GroupVersion().String() || len(list.Items) != 2 {
		t.Fatalf("v1alpha1 list: %s with %d items, want v1alpha1 with 2", list.GetAPIVersion(), len(list.Items))
	}
	expectSpec(t, &list.Items[1], "v1alpha1", map[string]any{"color": "blue", "count": 7})
	var raw struct {
		Items []metav1.TypeMeta `json:"items"`
	}
	getJSON(t, s, "/apis/"+gadgetsV1alpha1.GroupVersion().String()+"/namespaces/t1/gadgets", &raw)
	for _, item := range raw.Items {
		if item.APIVersion != gadgetsV1alpha1.GroupVersion().String() || item.Kind != "Gadget" {
			t.Errorf("v1alpha1 list item of %s %s, want v1alpha1 Gadget (the dynamic client fills them in)", item.APIVersion, item.Kind)
		}
	}

	// An update in one version is one change to the same object.
	update := mustGet(t, alpha, "a")
	_ = unstructured.SetNestedField(update.Object, int64(4), "spec", "count")
	updated, err := alpha.Update(ctx, update, metav1.UpdateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := mustGet(t, v1, "a")
	expectSpec(t, got, "v1", map[string]any{"color": "red", "replicas": 4})
	if got.GetGeneration() != 2 || got.GetResourceVersion() != updated.GetResourceVersion() {
		t.Errorf("after an update in v1alpha1: generation %d, resourceVersion %s; want 2, %s", got.GetGeneration(), got.GetResourceVersion(), updated.GetResourceVersion())
	}

	// The status subresource, in v1alpha1; the main resource, in v1, leaves
	// status alone.
	status := mustGet(t, alpha, "a")
	_ = unstructured.SetNestedField(status.Object, true, "status", "ready")
	if _, err := alpha.UpdateStatus(ctx, status, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	main := mustGet(t, v1, "a")
	if ready, _, _ := unstructured.NestedBool(main.Object, "status", "ready"); !ready {
		t.Errorf("v1 status %v, want ready", main.Object["status"])
	}
	_ = unstructured.SetNestedField(main.Object, false, "status", "ready")
	if _, err := v1.Update(ctx, main, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if ready, _, _ := unstructured.NestedBool(mustGet(t, alpha, "a").Object, "status", "ready"); !ready {
		t.Error("an update of the main resource in v1 changed status")
	}

	// Field selectors, per version.
	selected, err := alpha.List(ctx, metav1.ListOptions{FieldSelector: "metadata.name=b"})
	if err != nil || len(selected.Items) != 1 || selected.Items[0].GetName() != "b" {
		t.Errorf("v1alpha1 list by metadata.name: %v, %v", selected, err)
	}
	if _, err := v1.List(ctx, metav1.ListOptions{FieldSelector: "spec.color=blue"}); !apierrors.IsBadRequest(err) ||
		!strings.Contains(err.Error(), "field label not supported: spec.color") {
		t.Errorf("v1 list by spec.color: %v, want 400 field label not supported", err)
	}
}

// A watch in one version sees the writes made in the other, in its own
// version.
func TestMultiVersionWatch(t *testing.T) {
	for _, noWatchCache := range []bool{false, true} {
		s := server.StartForTest(t, server.Options{Scheme: gadgetsScheme(t, true), NoWatchCache: noWatchCache})
		alpha, v1 := gadgetClients(t, s)
		ctx := context.Background()
		alphaWatch, err := alpha.Watch(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer alphaWatch.Stop()
		v1Watch, err := v1.Watch(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer v1Watch.Stop()

		if _, err := v1.Create(ctx, gadget("v1", "w", map[string]any{"color": "red", "replicas": int64(2)}), metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
		_, err = alpha.Patch(ctx, "w", types.MergePatchType, []byte(`{"spec":{"count":5}}`), metav1.PatchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, step := range []struct {
			w       watch.Interface
			version string
			typ     watch.EventType
			spec    map[string]any
		}{
			{alphaWatch, "v1alpha1", watch.Added, map[string]any{"color": "red", "count": 2}},
			{alphaWatch, "v1alpha1", watch.Modified, map[string]any{"color": "red", "count": 5}},
			{v1Watch, "v1", watch.Added, map[string]any{"color": "red", "replicas": 2}},
			{v1Watch, "v1", watch.Modified, map[string]any{"color": "red", "replicas": 5}},
		} {
			select {
			case e := <-step.w.ResultChan():
				obj, ok := e.Object.(*unstructured.Unstructured)
				if e.Type != step.typ || !ok {
					t.Fatalf("noWatchCache=%v: %s watch: %s %v, want %s", noWatchCache, step.version, e.Type, e.Object, step.typ)
				}
				expectSpec(t, obj, step.version, step.spec)
			case <-time.After(10 * time.Second):
				t.Fatalf("noWatchCache=%v: %s watch: no %s event", noWatchCache, step.version, step.typ)
			}
		}
	}
}

// Server-side apply works in each version; managedFields record the version
// each manager applied in, and the two managers' fields are merged across
// versions.
func TestMultiVersionServerSideApply(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: gadgetsScheme(t, true)})
	alpha, v1 := gadgetClients(t, s)
	ctx := context.Background()
	if _, err := alpha.Apply(ctx, "s", gadget("v1alpha1", "s", map[string]any{"color": "red", "count": int64(1)}), metav1.ApplyOptions{FieldManager: "alpha"}); err != nil {
		t.Fatal(err)
	}
	applied := gadget("v1", "s", map[string]any{"color": "red"})
	applied.SetLabels(map[string]string{"by": "v1"})
	got, err := v1.Apply(ctx, "s", applied, metav1.ApplyOptions{FieldManager: "beta"})
	if err != nil {
		t.Fatal(err)
	}
	expectSpec(t, got, "v1", map[string]any{"color": "red", "replicas": 1})
	var managers []string
	for _, m := range got.GetManagedFields() {
		managers = append(managers, m.Manager+"@"+m.APIVersion)
	}
	slices.Sort(managers)
	if want := []string{"alpha@" + testapi.GroupName + "/v1alpha1", "beta@" + testapi.GroupName + "/v1"}; !slices.Equal(managers, want) {
		t.Errorf("managedFields %v, want %v", managers, want)
	}
	// alpha owns spec.count: beta's apply without it left it, and a
	// conflicting apply in v1 is refused.
	conflicting := gadget("v1", "s", map[string]any{"color": "red", "replicas": int64(9)})
	if _, err := v1.Apply(ctx, "s", conflicting, metav1.ApplyOptions{FieldManager: "beta"}); !apierrors.IsConflict(err) {
		t.Errorf("apply of replicas by another manager: %v, want a conflict", err)
	}
}

// Each request gets the validation registered for the type of its version:
// v1alpha1 caps count at 10 and takes any color, v1 caps replicas at 100
// and wants a lowercase color. A version without validation of its own gets
// a custom resource's: no strategic merge patch.
func TestMultiVersionValidation(t *testing.T) {
	s := server.StartForTest(t, server.Options{Scheme: gadgetsScheme(t, true)})
	alpha, v1 := gadgetClients(t, s)
	ctx := context.Background()

	_, err := alpha.Create(ctx, gadget("v1alpha1", "a", map[string]any{"color": "red", "count": int64(11)}), metav1.CreateOptions{})
	expectInvalidGadget(t, err, `Gadget.gadgets.example.com "a" is invalid: spec.count: Invalid value: 11: must be less than or equal to 10`)
	if _, err := alpha.Create(ctx, gadget("v1alpha1", "a", map[string]any{"color": "Red", "count": int64(3)}), metav1.CreateOptions{}); err != nil {
		t.Errorf("v1alpha1 create with an uppercase color (v1 refuses it): %v", err)
	}
	_, err = v1.Create(ctx, gadget("v1", "b", map[string]any{"color": "Red", "replicas": int64(101)}), metav1.CreateOptions{})
	expectInvalidGadget(t, err, `Gadget.gadgets.example.com "b" is invalid: [spec.color: Invalid value: "Red": must be lowercase letters, spec.replicas: Invalid value: 101: must be less than or equal to 100]`)
	if _, err := v1.Create(ctx, gadget("v1", "b", map[string]any{"color": "red", "replicas": int64(50)}), metav1.CreateOptions{}); err != nil {
		t.Fatalf("v1 create with 50 replicas (v1alpha1 allows count up to 10): %v", err)
	}
	// An update in v1alpha1 is validated as v1alpha1, on the converted object.
	_, err = alpha.Patch(ctx, "b", types.MergePatchType, []byte(`{"metadata":{"labels":{"x":"y"}}}`), metav1.PatchOptions{})
	expectInvalidGadget(t, err, `Gadget.gadgets.example.com "b" is invalid: spec.count: Invalid value: 50: must be less than or equal to 10`)

	// Without validation registered for v1alpha1, it is served like a
	// custom resource; v1 keeps its own.
	scheme := runtime.NewScheme()
	scheme.AddKnownTypes(gadgetsv1alpha1.SchemeGroupVersion, &gadgetsv1alpha1.Gadget{}, &gadgetsv1alpha1.GadgetList{})
	metav1.AddToGroupVersion(scheme, gadgetsv1alpha1.SchemeGroupVersion)
	if err := gadgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	if err := gadgetsv1alpha1.RegisterConversions(scheme); err != nil {
		t.Fatal(err)
	}
	s = server.StartForTest(t, server.Options{Scheme: scheme})
	alpha, v1 = gadgetClients(t, s)
	if _, err := alpha.Create(ctx, gadget("v1alpha1", "c", map[string]any{"color": "Red", "count": int64(11)}), metav1.CreateOptions{}); err != nil {
		t.Fatalf("v1alpha1 without validation: %v", err)
	}
	_, err = alpha.Patch(ctx, "c", types.StrategicMergePatchType, []byte(`{"metadata":{"labels":{"x":"y"}}}`), metav1.PatchOptions{})
	if status, ok := err.(apierrors.APIStatus); !ok || status.Status().Code != http.StatusUnsupportedMediaType {
		t.Errorf("strategic merge patch in v1alpha1 (no validation): %v, want 415 as for a custom resource", err)
	}
	_, err = v1.Patch(ctx, "c", types.StrategicMergePatchType, []byte(`{"spec":{"color":"red"}}`), metav1.PatchOptions{})
	if err != nil {
		t.Errorf("strategic merge patch in v1 (own validation): %v", err)
	}
}

func expectInvalidGadget(t *testing.T, err error, message string) {
	t.Helper()
	status, ok := err.(apierrors.APIStatus)
	if !ok || status.Status().Code != http.StatusUnprocessableEntity || status.Status().Message != message {
		t.Errorf("error %v\nwant 422 %s", err, message)
	}
}

// Without conversion functions, versions convert as a CRD's with conversion
// strategy None: only apiVersion changes, and a field the other version does
// not have is pruned on the way through — on the way into the storage
// version, and on the way out to the version of the request.
func TestMultiVersionWithoutConversion(t *testing.T) {
	for storage, want := range map[string]struct {
		alphaWrite, alphaRead, v1Read map[string]any // a v1alpha1 write of count 3, read back in each
		v1Write                       map[string]any // a v1 write of replicas 5, read back in v1
	}{
		"v1": {
			alphaWrite: map[string]any{"color": "red"}, alphaRead: map[string]any{"color": "red"}, v1Read: map[string]any{"color": "red"},
			v1Write: map[string]any{"color": "red", "replicas": 5},
		},
		"v1alpha1": {
			alphaWrite: map[string]any{"color": "red", "count": 3}, alphaRead: map[string]any{"color": "red", "count": 3}, v1Read: map[string]any{"color": "red"},
			v1Write: map[string]any{"color": "red"},
		},
	} {
		t.Run("storage="+storage, func(t *testing.T) {
			opts := server.Options{Scheme: gadgetsScheme(t, false)}
			if storage == "v1alpha1" {
				opts.Resources = []server.Resource{{Kind: gadgetsv1alpha1.SchemeGroupVersion.WithKind("Gadget"), StorageVersion: true}}
			}
			s := server.StartForTest(t, opts)
			alpha, v1 := gadgetClients(t, s)
			ctx := context.Background()
			written := gadget("v1alpha1", "a", map[string]any{"color": "red", "count": int64(3)})
			written.SetLabels(map[string]string{"kept": "yes"})
			created, err := alpha.Create(ctx, written, metav1.CreateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			expectSpec(t, created, "v1alpha1", want.alphaWrite)
			expectSpec(t, mustGet(t, alpha, "a"), "v1alpha1", want.alphaRead)
			read := mustGet(t, v1, "a")
			expectSpec(t, read, "v1", want.v1Read)
			if read.GetLabels()["kept"] != "yes" {
				t.Errorf("labels %v: metadata did not survive the conversion", read.GetLabels())
			}
			created, err = v1.Create(ctx, gadget("v1", "b", map[string]any{"color": "red", "replicas": int64(5)}), metav1.CreateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			expectSpec(t, created, "v1", want.v1Write)
			expectSpec(t, mustGet(t, alpha, "b"), "v1alpha1", map[string]any{"color": "red"})
		})
	}
}

// Two versions whose JSON gives one field different types cannot convert
// with the strategy None (kube-apiserver would store the value as it is,
// which a Go type cannot hold): Start refuses them without a conversion.
func TestMultiVersionConflictingFieldsNeedAConversion(t *testing.T) {
	scheme := runtime.NewScheme()
	scheme.AddKnownTypes(gadgetsv1alpha1.SchemeGroupVersion, &gadgetsv1alpha1.Mismatch{}, &gadgetsv1alpha1.MismatchList{})
	scheme.AddKnownTypes(gadgetsv1.SchemeGroupVersion, &gadgetsv1.Mismatch{}, &gadgetsv1.MismatchList{})
	_, err := server.Start(context.Background(), server.Options{Scheme: scheme, Resources: []server.Resource{{
		Kind: gadgetsv1.SchemeGroupVersion.WithKind("Mismatch"), StorageVersion: true,
	}}})
	want := "Mismatch.gadgets.example.com: the scheme has no conversion between v1alpha1 and the storage version v1, and their JSON disagrees at spec.size: string in v1alpha1, integer in v1"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Start: %v, want an error containing %q", err, want)
	}

	// A conversion function makes them servable.
	if err := scheme.AddConversionFunc((*gadgetsv1alpha1.Mismatch)(nil), (*gadgetsv1.Mismatch)(nil), func(a, b interface{}, _ conversion.Scope) error {
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	_, err = server.Start(context.Background(), server.Options{Scheme: scheme})
	if err == nil || !strings.Contains(err.Error(), "converts v1alpha1 to v1 but not back") {
		t.Fatalf("Start with a conversion one way: %v, want an error", err)
	}
	if err := scheme.AddConversionFunc((*gadgetsv1.Mismatch)(nil), (*gadgetsv1alpha1.Mismatch)(nil), func(a, b interface{}, _ conversion.Scope) error {
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	s, err := server.Start(context.Background(), server.Options{Scheme: scheme})
	if err != nil {
		t.Fatalf("Start with conversions: %v", err)
	}
	_ = s.Stop()
}

// controller-runtime's conversion methods (a Hub, Convertible spokes)
// convert as its conversion webhook would.
func TestMultiVersionConvertible(t *testing.T) {
	scheme := runtime.NewScheme()
	scheme.AddKnownTypes(gadgetsv1alpha1.SchemeGroupVersion, &gadgetsv1alpha1.Sprocket{}, &gadgetsv1alpha1.SprocketList{})
	scheme.AddKnownTypes(gadgetsv1.SchemeGroupVersion, &gadgetsv1.Sprocket{}, &gadgetsv1.SprocketList{})
	for _, storage := range []string{"v1", "v1alpha1"} {
		s := server.StartForTest(t, server.Options{Scheme: scheme, Resources: []server.Resource{{
			Kind: schema.GroupVersionKind{Group: testapi.GroupName, Version: storage, Kind: "Sprocket"}, StorageVersion: true,
		}}})
		client := dynamic.NewForConfigOrDie(s.RESTConfig())
		ns := createNamespace(t, s, "t1")
		alpha := client.Resource(gadgetsV1alpha1.GroupVersion().WithResource("sprockets")).Namespace(ns)
		v1 := client.Resource(gadgetsV1.GroupVersion().WithResource("sprockets")).Namespace(ns)
		sprocket := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": gadgetsV1alpha1.GroupVersion().String(), "kind": "Sprocket",
			"metadata": map[string]any{"name": "s"}, "spec": map[string]any{"teeth": int64(12)},
		}}
		if _, err := alpha.Create(context.Background(), sprocket, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
		if teeth, _, _ := unstructured.NestedInt64(mustGet(t, v1, "s").Object, "spec", "teethCount"); teeth != 12 {
			t.Errorf("storage %s: v1 teethCount %d, want 12", storage, teeth)
		}
		if teeth, _, _ := unstructured.NestedInt64(mustGet(t, alpha, "s").Object, "spec", "teeth"); teeth != 12 {
			t.Errorf("storage %s: v1alpha1 teeth %d, want 12", storage, teeth)
		}
	}
}

// internalGadget is an internal version of Gadget, the hub of
// kube-apiserver style conversion.
type internalGadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Color string
	Size  int32
}

func (in *internalGadget) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

type internalGadgetList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []internalGadget
}

func (in *internalGadgetList) DeepCopyObject() runtime.Object {
	out := *in
	out.Items = slices.Clone(in.Items)
	return &out
}

// A scheme that converts each version to and from an internal version (as
// kube-apiserver's types and aggregated API servers do) converts through it;
// the internal version is not served.
func TestMultiVersionThroughInternalVersion(t *testing.T) {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{gadgetsv1alpha1.AddToScheme, gadgetsv1.AddToScheme} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	internal := schema.GroupVersion{Group: testapi.GroupName, Version: runtime.APIVersionInternal}
	scheme.AddKnownTypeWithName(internal.WithKind("Gadget"), &internalGadget{})
	scheme.AddKnownTypeWithName(internal.WithKind("GadgetList"), &internalGadgetList{})
	conversions := []struct {
		a, b    interface{}
		convert func(a, b interface{})
	}{
		{(*gadgetsv1alpha1.Gadget)(nil), (*internalGadget)(nil), func(a, b interface{}) {
			in, out := a.(*gadgetsv1alpha1.Gadget), b.(*internalGadget)
			out.ObjectMeta, out.Color, out.Size = in.ObjectMeta, in.Spec.Color, in.Spec.Count
		}},
		{(*internalGadget)(nil), (*gadgetsv1alpha1.Gadget)(nil), func(a, b interface{}) {
			in, out := a.(*internalGadget), b.(*gadgetsv1alpha1.Gadget)
			out.ObjectMeta, out.Spec.Color, out.Spec.Count = in.ObjectMeta, in.Color, in.Size
		}},
		{(*gadgetsv1.Gadget)(nil), (*internalGadget)(nil), func(a, b interface{}) {
			in, out := a.(*gadgetsv1.Gadget), b.(*internalGadget)
			out.ObjectMeta, out.Color, out.Size = in.ObjectMeta, in.Spec.Color, in.Spec.Replicas
		}},
		{(*internalGadget)(nil), (*gadgetsv1.Gadget)(nil), func(a, b interface{}) {
			in, out := a.(*internalGadget), b.(*gadgetsv1.Gadget)
			out.ObjectMeta, out.Spec.Color, out.Spec.Replicas = in.ObjectMeta, in.Color, in.Size
		}},
	}
	for _, c := range conversions {
		if err := scheme.AddConversionFunc(c.a, c.b, func(a, b interface{}, _ conversion.Scope) error { c.convert(a, b); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	s := server.StartForTest(t, server.Options{Scheme: scheme})
	alpha, v1 := gadgetClients(t, s)
	if _, err := alpha.Create(context.Background(), gadget("v1alpha1", "a", map[string]any{"color": "red", "count": int64(6)}), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	expectSpec(t, mustGet(t, v1, "a"), "v1", map[string]any{"color": "red", "replicas": 6})
	var group metav1.APIGroup
	getJSON(t, s, "/apis/"+testapi.GroupName, &group)
	if len(group.Versions) != 2 {
		t.Errorf("versions %+v, want v1 and v1alpha1 only", group.Versions)
	}
}
