package lifecycle

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/managedfields"
	clienttesting "k8s.io/client-go/testing"
)

// gateway is a kind whose plural (gateways) is not client-go's guess
// (gatewaies).
type gateway struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (g *gateway) DeepCopyObject() runtime.Object {
	out := *g
	g.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

type gatewayList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []gateway `json:"items"`
}

func (l *gatewayList) DeepCopyObject() runtime.Object {
	out := *l
	out.Items = append([]gateway(nil), l.Items...)
	return &out
}

var gatewayGV = schema.GroupVersion{Group: "gateway.example.com", Version: "v1"}

func gatewayScheme() *runtime.Scheme {
	scheme := runtime.NewScheme()
	scheme.AddKnownTypeWithName(gatewayGV.WithKind("Gateway"), &gateway{})
	scheme.AddKnownTypeWithName(gatewayGV.WithKind("GatewayList"), &gatewayList{})
	metav1.AddToGroupVersion(scheme, gatewayGV)
	return scheme
}

func newGateway(name string) *gateway {
	return &gateway{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
}

// TestPluralTrackerMeetsTheGuess checks both of client-go's trackers with
// a kind client-go pluralizes wrongly: without the wrapper the
// field-managed tracker refuses a create to the real resource and the
// simple one does not find the objects given at construction there; with
// it both serve the real resource, the given objects and the created ones
// in one list.
func TestPluralTrackerMeetsTheGuess(t *testing.T) {
	scheme := gatewayScheme()
	decoder := serializer.NewCodecFactory(scheme).UniversalDecoder()
	gateways := gatewayGV.WithResource("gateways")
	kinds := map[schema.GroupVersionResource]string{gateways: "Gateway"}
	trackers := map[string]func() clienttesting.ObjectTracker{
		"simple": func() clienttesting.ObjectTracker { return clienttesting.NewObjectTracker(scheme, decoder) },
		"field-managed": func() clienttesting.ObjectTracker {
			return clienttesting.NewFieldManagedObjectTracker(scheme, decoder, managedfields.NewDeducedTypeConverter())
		},
	}
	for name, newTracker := range trackers {
		t.Run(name, func(t *testing.T) {
			bare := newTracker()
			if err := bare.Add(newGateway("given")); err != nil {
				t.Fatal(err)
			}
			_, getErr := bare.Get(gateways, "ns", "given")
			createErr := bare.Create(gateways, newGateway("created"), "ns")
			if getErr == nil && createErr == nil {
				t.Fatalf("client-go's %s tracker serves %s without the wrapper: the wrapper is not needed", name, gateways.Resource)
			}

			tracker := NewPluralTracker(newTracker(), kinds)
			if err := tracker.Add(newGateway("given")); err != nil {
				t.Fatal(err)
			}
			if _, err := tracker.Get(gateways, "ns", "given"); err != nil {
				t.Fatalf("the object given at construction: %v", err)
			}
			if err := tracker.Create(gateways, newGateway("created"), "ns"); err != nil {
				t.Fatalf("create: %v", err)
			}
			list, err := tracker.List(gateways, gatewayGV.WithKind("Gateway"), "ns")
			if err != nil {
				t.Fatal(err)
			}
			if items := list.(*gatewayList).Items; len(items) != 2 {
				t.Fatalf("list: %d items, want the given and the created one", len(items))
			}
			if err := tracker.Delete(gateways, "ns", "given"); err != nil {
				t.Fatalf("delete: %v", err)
			}
		})
	}
}

// TestPluralTrackerLeavesGuessedPluralsAlone: kinds whose plural is the
// guess need no wrapper.
func TestPluralTrackerLeavesGuessedPluralsAlone(t *testing.T) {
	inner := clienttesting.NewObjectTracker(gatewayScheme(), nil)
	kinds := map[schema.GroupVersionResource]string{gatewayGV.WithResource("widgets"): "Widget", gatewayGV.WithResource("policies"): "Policy"}
	if got := NewPluralTracker(inner, kinds); got != inner {
		t.Fatalf("wrapped a tracker whose plurals are all client-go's guesses")
	}
}
