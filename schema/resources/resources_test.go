package resources_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/metagen-dev/metagen/schema/resources"
)

func TestRegisterIsPerScheme(t *testing.T) {
	a, b := runtime.NewScheme(), runtime.NewScheme()
	person := schema.GroupVersionKind{Group: "names.example.com", Version: "v1", Kind: "Person"}
	resources.Register(a, person, resources.Names{Plural: "persons"})
	resources.Register(a, person, resources.Names{Plural: "people", Singular: "person"})
	if got := resources.For(a)[person]; got.Plural != "people" || got.Singular != "person" {
		t.Errorf("For(a)[Person] = %+v, want the last registration (people, person)", got)
	}
	if got := resources.For(b); got != nil {
		t.Errorf("For(b) = %v, want nil: nothing was registered on b", got)
	}
}
