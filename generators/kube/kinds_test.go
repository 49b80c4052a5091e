package kube_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/model"
)

func loadCase(t *testing.T, name string) *model.Universe {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	u, err := load.Load(load.Options{Dir: root, Patterns: []string{"./generators/kube/testdata/" + name + "/..."}})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func versionNames(types []*model.Type) []string {
	var out []string
	for _, t := range types {
		out = append(out, t.Package.API.Version)
	}
	return out
}

// The layer groups a group's root types into kinds once: versions by
// priority, the names one version declares shared by all, the CRD's
// versions, storage version and manifest decided there.
func TestKinds(t *testing.T) {
	u := loadCase(t, "kinds")
	if len(u.LayerErrors) > 0 {
		t.Fatalf("layer errors: %v", u.LayerErrors)
	}
	if len(u.Kinds) != 2 {
		t.Fatalf("%d kinds, want Bulb and Lamp", len(u.Kinds))
	}
	bulb, lamp := u.Kinds[0], u.Kinds[1]
	if lamp.Kind != "Lamp" || lamp.Group != "kinds.example.com" || bulb.Kind != "Bulb" {
		t.Fatalf("kinds %s.%s, %s.%s; want Bulb, Lamp of kinds.example.com", bulb.Kind, bulb.Group, lamp.Kind, lamp.Group)
	}
	if got := versionNames(lamp.Versions); !slices.Equal(got, []string{"v2", "v1", "v1beta1"}) {
		t.Errorf("Lamp's versions %v, want v2 v1 v1beta1 (priority order)", got)
	}
	if lamp.Plural != "lamps" || !slices.Equal(lamp.ShortNames, []string{"lp"}) || !slices.Equal(lamp.Categories, []string{"all"}) || lamp.ClusterScoped {
		t.Errorf("Lamp's names %+v, want lamps, short name lp, category all, namespaced", lamp.Names)
	}
	for _, v := range lamp.Versions {
		if v.Resource.Of != lamp || !slices.Equal(v.Resource.ShortNames, []string{"lp"}) {
			t.Errorf("Lamp %s: kind %p short names %v; want the kind's (%p, lp)", v.Package.API.Version, v.Resource.Of, v.Resource.ShortNames, lamp)
		}
		if unserved := v.Package.API.Version == "v1beta1"; v.Resource.Unserved != unserved {
			t.Errorf("Lamp %s: Unserved=%v, want %v", v.Package.API.Version, v.Resource.Unserved, unserved)
		}
	}
	if lamp.Storage == nil || lamp.Storage.Package.API.Version != "v1" || len(lamp.CRDErrors) > 0 {
		t.Errorf("Lamp's storage version %v (errors %v), want v1", lamp.Storage, lamp.CRDErrors)
	}
	if want := filepath.Join("crds", "kinds.example.com_lamps.yaml"); !strings.HasSuffix(lamp.CRDPath, string(filepath.Separator)+want) {
		t.Errorf("Lamp's CRD at %s, want …/%s", lamp.CRDPath, want)
	}
	if got := versionNames(bulb.CRDVersions()); !slices.Equal(got, []string{"v1"}) {
		t.Errorf("Bulb's CRD versions %v, want v1 (v2 is +kubebuilder:skipversion)", got)
	}
	if !bulb.ClusterScoped || bulb.Storage == nil || bulb.Storage.Package.API.Version != "v1" {
		t.Errorf("Bulb: cluster-scoped %v, storage %v; want cluster-scoped, stored in its only CRD version v1", bulb.ClusterScoped, bulb.Storage)
	}
	for _, pkg := range u.Packages {
		if pkg.API.ClientGroup != "kinds.example.com" || pkg.API.RegisterGroup != "kinds.example.com" || pkg.API.PackageVersion != pkg.Name {
			t.Errorf("%s: client group %q, register group %q, package version %q", pkg.Path, pkg.API.ClientGroup, pkg.API.RegisterGroup, pkg.API.PackageVersion)
		}
	}
}

// Versions that disagree are the layer's errors, once, at the marker of the
// lower version; a CRD without a single storage version is the kind's.
func TestKindConflicts(t *testing.T) {
	u := loadCase(t, "conflict")
	if len(u.LayerErrors) != 1 || !strings.Contains(u.LayerErrors[0].Error(), filepath.Join("v1", "types.go")+":8:4: Lamp.conflict.example.com: +kubebuilder:resource:shortName=lampv1 gives version v1") ||
		!strings.Contains(u.LayerErrors[0].Error(), "the versions of a kind share their names") {
		t.Errorf("layer errors %v, want one: v1's short names disagree with v2's", u.LayerErrors)
	}
	if len(u.Kinds) != 1 {
		t.Fatalf("%d kinds, want Lamp", len(u.Kinds))
	}
	k := u.Kinds[0]
	if k.Storage != nil || len(k.CRDErrors) != 2 || !strings.Contains(k.CRDErrors[0].Error(), "has 2 versions and 0 marked +kubebuilder:storageversion") {
		t.Errorf("storage %v, CRD errors %v; want none, and one error per version", k.Storage, k.CRDErrors)
	}
	if !slices.Equal(k.ShortNames, []string{"lampv2"}) {
		t.Errorf("short names %v, want v2's (the highest version's)", k.ShortNames)
	}
}
