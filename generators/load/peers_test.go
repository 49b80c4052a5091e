package load

import (
	"go/types"
	"maps"
	"slices"
	"testing"
)

const peersTestdata = "github.com/metagen-dev/metagen/generators/load/testdata/peers"

// TestLoadPeers: the packages conversion-gen and defaulter-gen load
// themselves (a peer and a defaulter input the input does not import, and
// conversion-gen's base peers) are loaded with the inputs' imports, in their
// type universe; a peer that does not compile is typed all the same, as gengo
// does; one that does not exist is a peer error.
func TestLoadPeers(t *testing.T) {
	for _, inProcess := range []bool{false, true} {
		universe, err := Load(Options{Patterns: []string{"./testdata/peers/v1"}, Peers: true, ListInProcess: inProcess})
		if err != nil {
			t.Fatalf("ListInProcess=%v: %v", inProcess, err)
		}
		if len(universe.Packages) != 1 {
			t.Fatalf("%d input packages, want v1 alone", len(universe.Packages))
		}
		want := []string{peersTestdata + "/ext", peersTestdata + "/hub",
			"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/conversion", "k8s.io/apimachinery/pkg/runtime"}
		if got := slices.Sorted(maps.Keys(universe.Peers)); !slices.Equal(got, want) {
			t.Errorf("ListInProcess=%v: peers %v, want %v", inProcess, got, want)
		}
		if got := slices.Sorted(maps.Keys(universe.PeerErrors)); !slices.Equal(got, []string{peersTestdata + "/missing"}) {
			t.Errorf("ListInProcess=%v: peer errors %v", inProcess, universe.PeerErrors)
		}
		hub := universe.Peers[peersTestdata+"/hub"]
		if hub == nil {
			t.Fatal("hub not loaded")
		}
		hubWidget, _ := hub.Scope().Lookup("Widget").(*types.TypeName)
		v1Widget, _ := universe.Packages[0].Types.Scope().Lookup("Widget").(*types.TypeName)
		if hubWidget == nil || v1Widget == nil {
			t.Fatalf("Widget: hub %v, v1 %v", hubWidget, v1Widget)
		}
		meta := func(obj *types.TypeName) types.Type { return obj.Type().Underlying().(*types.Struct).Field(1).Type() }
		if meta(hubWidget) != meta(v1Widget) {
			t.Errorf("hub's ObjectMeta is not v1's: two type universes")
		}
		ext := universe.Peers[peersTestdata+"/ext"]
		if ext == nil || ext.Scope().Lookup("Gadget") == nil {
			t.Fatalf("ext: %v", ext)
		}
		typeMeta := func(obj types.Object) types.Type { return obj.Type().Underlying().(*types.Struct).Field(0).Type() }
		if typeMeta(ext.Scope().Lookup("Gadget")) != typeMeta(v1Widget) {
			t.Errorf("ext's TypeMeta (export data) is not v1's: two type universes")
		}
	}
}

// TestLoadPeersOnlyWhenAsked: a run whose generators read no peers loads
// none.
func TestLoadPeersOnlyWhenAsked(t *testing.T) {
	universe, err := Load(Options{Patterns: []string{"./testdata/peers/v1"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(universe.Peers) != 0 || len(universe.PeerErrors) != 0 {
		t.Errorf("peers %v, errors %v", universe.Peers, universe.PeerErrors)
	}
}

func TestPeerPathsSkipsWhatCannotBeLoaded(t *testing.T) {
	for _, p := range []string{"./x", "../x", "/abs", "k8s.io/api/...", "a b"} {
		if loadablePath(p) {
			t.Errorf("%q loadable", p)
		}
	}
	if !loadablePath("k8s.io/api/core/v1") {
		t.Error("k8s.io/api/core/v1 not loadable")
	}
}
