package lifecycle

import (
	"slices"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestValidateFinalizerName(t *testing.T) {
	path := field.NewPath("metadata", "finalizers").Index(0)
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"example.com/cleanup", nil},
		{"kubernetes.io/pv-protection", nil},
		{"orphan", nil},
		{"foregroundDeletion", nil},
		{"kubernetes", nil},
		// The server's messages, byte for byte (spec/conventions.md §1.7).
		{"x", []string{`metadata.finalizers[0]: Invalid value: "x": name is neither a standard finalizer name nor is it fully qualified`}},
		{"example.com", []string{`metadata.finalizers[0]: Invalid value: "example.com": name is neither a standard finalizer name nor is it fully qualified`}},
		{"example.com/-x", []string{`metadata.finalizers[0]: Invalid value: "example.com/-x": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`}},
	} {
		var got []string
		for _, err := range ValidateFinalizerName(tc.name, path) {
			got = append(got, err.Error())
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("ValidateFinalizerName(%q) =\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}

func TestComponents(t *testing.T) {
	got := Components([]string{"example.com/a", "orphan", "example.com/b", "kubernetes", "foregroundDeletion", "other.io/x"})
	want := []string{"example.com", "garbage collector", "namespace controller", "other.io"}
	if !slices.Equal(got, want) {
		t.Errorf("Components = %q, want %q", got, want)
	}
}

func TestHasFinalizerAndIsTerminating(t *testing.T) {
	obj := &metav1.ObjectMeta{Finalizers: []string{"example.com/a"}}
	if !HasFinalizer(obj, "example.com/a") || HasFinalizer(obj, "example.com/b") {
		t.Error("HasFinalizer is wrong")
	}
	if IsTerminating(obj) {
		t.Error("IsTerminating without a deletionTimestamp")
	}
	now := metav1.Now()
	obj.DeletionTimestamp = &now
	if !IsTerminating(obj) {
		t.Error("IsTerminating with a deletionTimestamp")
	}
}
