package server

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// jsonConflict finds the fields two versions give different JSON types,
// and only those: a field in one version only does not count (strategy
// None prunes it), nor do differences of Go type with one JSON form.
func TestJSONConflict(t *testing.T) {
	type inner struct {
		Name string `json:"name"`
	}
	type innerInt struct {
		Name int `json:"name"`
	}
	type embedded struct {
		Shared string `json:"shared"`
	}
	for _, c := range []struct {
		name string
		a, b any
		want string // path, or "" for none
	}{
		{"renamed field", struct {
			A int32 `json:"a"`
		}{}, struct {
			B string `json:"b"`
		}{}, ""},
		{"int widths", struct {
			N int32 `json:"n"`
		}{}, struct {
			N *int64 `json:"n,omitempty"`
		}{}, ""},
		{"int and float", struct {
			N int32 `json:"n"`
		}{}, struct {
			N float64 `json:"n"`
		}{}, "n"},
		{"nested in a list", struct {
			Items []inner `json:"items"`
		}{}, struct {
			Items []innerInt `json:"items"`
		}{}, "items[*].name"},
		{"map and struct", struct {
			M map[string]string `json:"m"`
		}{}, struct {
			M inner `json:"m"`
		}{}, "m"},
		{"own JSON form", struct {
			Q resource.Quantity `json:"q"`
		}{}, struct {
			Q string `json:"q"`
		}{}, "q"},
		{"same own JSON form", struct {
			Q *intstr.IntOrString `json:"q"`
		}{}, struct {
			Q intstr.IntOrString `json:"q"`
		}{}, ""},
		{"inlined", struct {
			metav1.TypeMeta `json:",inline"`
			embedded
		}{}, struct {
			Shared []string `json:"shared"`
		}{}, "shared"},
		{"bytes are strings", struct {
			B []byte `json:"b"`
		}{}, struct {
			B string `json:"b"`
		}{}, ""},
		{"ignored field", struct {
			X int `json:"-"`
		}{}, struct {
			X string `json:"X"`
		}{}, ""},
	} {
		got := jsonConflict(reflect.TypeOf(c.a), reflect.TypeOf(c.b))
		switch {
		case c.want == "" && got != nil:
			t.Errorf("%s: conflict at %s (%s, %s), want none", c.name, got.path, got.a, got.b)
		case c.want != "" && (got == nil || got.path != c.want):
			t.Errorf("%s: %+v, want a conflict at %s", c.name, got, c.want)
		}
	}
}

// Versions are ordered as kube-apiserver orders a CRD's in discovery.
func TestKubeAwareVersions(t *testing.T) {
	versions := []string{"v1alpha1", "v1beta1", "v2", "v1", "v1beta2", "v10"}
	kubeAwareVersions(versions)
	if want := []string{"v10", "v2", "v1", "v1beta2", "v1beta1", "v1alpha1"}; !reflect.DeepEqual(versions, want) {
		t.Errorf("%v, want %v", versions, want)
	}
}
