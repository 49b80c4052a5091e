//go:build e2e

package suites

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/hack/e2e/e2eenv"
	"github.com/metagen-dev/metagen/server"
)

// TestMultiVersion compares a kind served in two versions without
// conversion functions: on the real server, a CRD with versions v1alpha1 and
// v1 (storage) and conversion strategy None; in process, the Go types of
// both versions from a scheme (suite multiversion). v1alpha1's spec.count is
// v1's spec.replicas, so each side prunes it on the way through.
func TestMultiVersion(t *testing.T) {
	t.Parallel()
	real := e2eenv.RESTConfig(t)
	applyGadgetCRD(t, real)
	want := runMultiVersion(t, real)
	got := runMultiVersion(t, server.StartForTest(t, server.Options{Scheme: gadgetScheme(t)}).RESTConfig())
	tallySteps(t, "multiversion", want, got)
}

const gadgetGroup = "mv.e2e.metagen.dev"

var (
	gadgetAlphaGV = schema.GroupVersion{Group: gadgetGroup, Version: "v1alpha1"}
	gadgetV1GV    = schema.GroupVersion{Group: gadgetGroup, Version: "v1"}
)

type gadgetAlpha struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Color string `json:"color,omitempty"`
		Count int64  `json:"count,omitempty"`
	} `json:"spec"`
	Status struct {
		Ready bool `json:"ready,omitempty"`
	} `json:"status,omitzero"`
}

type gadgetAlphaList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []gadgetAlpha `json:"items"`
}

type gadgetV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Color    string `json:"color,omitempty"`
		Replicas int64  `json:"replicas,omitempty"`
	} `json:"spec"`
	Status struct {
		Ready bool `json:"ready,omitempty"`
	} `json:"status,omitzero"`
}

type gadgetV1List struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []gadgetV1 `json:"items"`
}

func (in *gadgetAlpha) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

func (in *gadgetAlphaList) DeepCopyObject() runtime.Object {
	out := *in
	out.Items = make([]gadgetAlpha, len(in.Items))
	for i := range in.Items {
		out.Items[i] = *in.Items[i].DeepCopyObject().(*gadgetAlpha)
	}
	return &out
}

func (in *gadgetV1) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

func (in *gadgetV1List) DeepCopyObject() runtime.Object {
	out := *in
	out.Items = make([]gadgetV1, len(in.Items))
	for i := range in.Items {
		out.Items[i] = *in.Items[i].DeepCopyObject().(*gadgetV1)
	}
	return &out
}

func gadgetScheme(t *testing.T) *runtime.Scheme {
	scheme := runtime.NewScheme()
	scheme.AddKnownTypeWithName(gadgetAlphaGV.WithKind("Gadget"), &gadgetAlpha{})
	scheme.AddKnownTypeWithName(gadgetAlphaGV.WithKind("GadgetList"), &gadgetAlphaList{})
	scheme.AddKnownTypeWithName(gadgetV1GV.WithKind("Gadget"), &gadgetV1{})
	scheme.AddKnownTypeWithName(gadgetV1GV.WithKind("GadgetList"), &gadgetV1List{})
	metav1.AddToGroupVersion(scheme, gadgetAlphaGV)
	metav1.AddToGroupVersion(scheme, gadgetV1GV)
	if err := scheme.SetVersionPriority(gadgetV1GV, gadgetAlphaGV); err != nil {
		t.Fatal(err)
	}
	return scheme
}

// applyGadgetCRD creates the CRD the Go types would become, and waits until
// both versions are served.
func applyGadgetCRD(t *testing.T, cfg *rest.Config) {
	t.Helper()
	versionSchema := func(field string) *apiextensionsv1.CustomResourceValidation {
		return &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
			Type: "object",
			Properties: map[string]apiextensionsv1.JSONSchemaProps{
				"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
					"color": {Type: "string"}, field: {Type: "integer"},
				}},
				"status": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{"ready": {Type: "boolean"}}},
			},
		}}
	}
	status := &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}}
	crd := &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "gadgets." + gadgetGroup},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: gadgetGroup,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: "gadgets", Singular: "gadget", Kind: "Gadget", ListKind: "GadgetList"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{
				{Name: "v1alpha1", Served: true, Schema: versionSchema("count"), Subresources: status},
				{Name: "v1", Served: true, Storage: true, Schema: versionSchema("replicas"), Subresources: status},
			},
			Conversion: &apiextensionsv1.CustomResourceConversion{Strategy: apiextensionsv1.NoneConverter},
		},
	}
	client := apiextensionsclient.NewForConfigOrDie(cfg).ApiextensionsV1().CustomResourceDefinitions()
	if _, err := client.Create(t.Context(), crd, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatal(err)
	}
	waitServed(t, cfg, "gadgets", gadgetAlphaGV, gadgetV1GV)
}

// runMultiVersion runs the steps on one server and renders each answer.
func runMultiVersion(t *testing.T, cfg *rest.Config) []mvStep {
	ctx := t.Context()
	dyn := dynamic.NewForConfigOrDie(cfg)
	ns := testNamespace(t, dyn, "metagen-mv-")
	alpha := dyn.Resource(gadgetAlphaGV.WithResource("gadgets")).Namespace(ns)
	v1 := dyn.Resource(gadgetV1GV.WithResource("gadgets")).Namespace(ns)

	var steps []mvStep
	record := func(id string, obj *unstructured.Unstructured, err error) {
		steps = append(steps, mvStep{id, renderGadget(obj, err)})
	}
	gadget := func(gv schema.GroupVersion, name string, spec map[string]any) *unstructured.Unstructured {
		return labelledObject(gv, "Gadget", name, spec)
	}

	alphaWatch := quietWatch(t, alpha)
	defer alphaWatch.Stop()

	obj, err := alpha.Create(ctx, gadget(gadgetAlphaGV, "a", map[string]any{"color": "red", "count": int64(3)}), metav1.CreateOptions{})
	record("create-v1alpha1", obj, err)
	obj, err = v1.Get(ctx, "a", metav1.GetOptions{})
	record("create-v1alpha1/get-v1", obj, err)
	obj, err = alpha.Get(ctx, "a", metav1.GetOptions{})
	record("create-v1alpha1/get-v1alpha1", obj, err)

	obj, err = v1.Create(ctx, gadget(gadgetV1GV, "b", map[string]any{"color": "blue", "replicas": int64(5)}), metav1.CreateOptions{})
	record("create-v1", obj, err)
	obj, err = alpha.Get(ctx, "b", metav1.GetOptions{})
	record("create-v1/get-v1alpha1", obj, err)
	obj, err = v1.Get(ctx, "b", metav1.GetOptions{})
	record("create-v1/get-v1", obj, err)

	obj, err = alpha.Patch(ctx, "b", types.MergePatchType, []byte(`{"spec":{"count":7}}`), metav1.PatchOptions{})
	record("patch-v1alpha1", obj, err)
	obj, err = v1.Patch(ctx, "b", types.MergePatchType, []byte(`{"status":{"ready":true}}`), metav1.PatchOptions{}, "status")
	record("patch-status-v1", obj, err)
	obj, err = alpha.Get(ctx, "b", metav1.GetOptions{})
	record("patch-status-v1/get-v1alpha1", obj, err)

	list, err := alpha.List(ctx, metav1.ListOptions{})
	if err == nil {
		for _, item := range list.Items {
			record("list-v1alpha1/"+item.GetName(), &item, nil)
		}
	} else {
		record("list-v1alpha1", nil, err)
	}

	for i := range 4 { // ADDED a, ADDED b, MODIFIED b (patch), MODIFIED b (status)
		id := fmt.Sprintf("watch-v1alpha1/%d", i)
		select {
		case e := <-alphaWatch.ResultChan():
			if status, ok := e.Object.(*metav1.Status); ok {
				steps = append(steps, mvStep{id, fmt.Sprintf("%s %d %s", e.Type, status.Code, status.Message)})
				continue
			}
			u, _ := e.Object.(*unstructured.Unstructured)
			steps = append(steps, mvStep{id, string(e.Type) + " " + renderGadget(u, nil)})
		case <-time.After(10 * time.Second):
			steps = append(steps, mvStep{id, "no event"})
		}
	}
	disc, err := kubernetes.NewForConfigOrDie(cfg).Discovery().ServerGroups()
	answer := fmt.Sprint(err)
	if err == nil {
		for _, g := range disc.Groups {
			if g.Name == gadgetGroup {
				var versions []string
				for _, v := range g.Versions {
					versions = append(versions, v.Version)
				}
				answer = fmt.Sprintf("versions %v preferred %s", versions, g.PreferredVersion.Version)
			}
		}
	}
	steps = append(steps, mvStep{"discovery", answer})
	return steps
}

// quietWatch watches client from the resourceVersion of a list, once the
// watch opens without an error: a new CRD's watch cache on the real server
// answers "Too large resource version" until it has caught up.
func quietWatch(t *testing.T, client dynamic.ResourceInterface) watch.Interface {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		list, err := client.List(t.Context(), metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		w, err := client.Watch(t.Context(), metav1.ListOptions{ResourceVersion: list.GetResourceVersion()})
		if err != nil {
			t.Fatal(err)
		}
		select {
		case e := <-w.ResultChan():
			w.Stop()
			if time.Now().After(deadline) {
				t.Fatalf("watch: %s %v", e.Type, e.Object)
			}
			time.Sleep(200 * time.Millisecond)
		case <-time.After(time.Second):
			return w
		}
	}
}

// renderGadget is what a step compares: apiVersion, labels, spec and status.
func renderGadget(obj *unstructured.Unstructured, err error) string {
	if err != nil {
		if status, ok := err.(apierrors.APIStatus); ok {
			return fmt.Sprintf("%d %s", status.Status().Code, status.Status().Message)
		}
		return err.Error()
	}
	if obj == nil {
		return "nil"
	}
	view := map[string]any{"apiVersion": obj.GetAPIVersion(), "labels": obj.GetLabels(), "spec": obj.Object["spec"], "status": obj.Object["status"]}
	out, _ := json.Marshal(view)
	return string(out)
}
