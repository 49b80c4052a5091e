package pipeline

import (
	"slices"
	"testing"

	"github.com/metagen-dev/metagen/generators/markers"
)

// What reads a marker is what the generators declare
// (gen.Generator.Markers): the help's READ BY and the run's severity of a
// marker problem (ReadsMarker) both derive from it.
func TestMarkerReadersAreDeclared(t *testing.T) {
	for _, g := range append(append(Generators[:0:0], Generators...), checks...) {
		for _, name := range g.Markers {
			if markers.Lookup(name.Definition().Name) != name.Definition() {
				t.Errorf("%s declares +%s, which names no marker", g.Name, name)
			}
		}
	}
	if got := ReadersOf("kubebuilder:resource"); !slices.Contains(got, "crd") || slices.Contains(got, "openapi") {
		t.Errorf("+kubebuilder:resource is read by %v, want crd and not openapi", got)
	}
}

// A run reads the markers its generators and what they require declare:
// a -g deepcopy run does not read +kubebuilder:default, a -g crd run does
// (through openapi); the run's checks (lint-cel) do not count, so a
// +kubebuilder:validation:XValidation controller-tools cannot parse
// (istio's unescaped quotes) stops -g crd but not -g deepcopy or -g client
// (which reads openapi's result for the types' structure only).
func TestReadsMarkerFollowsTheSelection(t *testing.T) {
	for _, tc := range []struct {
		only   []string
		marker string
		want   bool
	}{
		{[]string{"deepcopy"}, "kubebuilder:default", false},
		{[]string{"deepcopy"}, "kubebuilder:object:root", true},
		{[]string{"register"}, "kubebuilder:validation:Minimum", false},
		{[]string{"crd"}, "kubebuilder:validation:Minimum", true},
		{[]string{"crd"}, "kubebuilder:resource", true},
		{[]string{"deepcopy"}, "kubebuilder:validation:XValidation", false},
		{[]string{"crd"}, "kubebuilder:validation:XValidation", true},
		{[]string{"client"}, "kubebuilder:validation:XValidation", false}, // openapi for the apply configurations' structure only
		{[]string{"client", "docs"}, "kubebuilder:validation:Minimum", true},
		{nil, "kubebuilder:default", true},
	} {
		selected, err := Select(tc.only)
		if err != nil {
			t.Fatal(err)
		}
		if got := ReadsMarker(selected)(tc.marker); got != tc.want {
			t.Errorf("-g %v reads +%s: %v, want %v", tc.only, tc.marker, got, tc.want)
		}
	}
}
