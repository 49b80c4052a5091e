package metacorpus

import (
	"testing"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/schema/meta"
)

var (
	configMaps = Store{APIVersions: []string{"v1"}, UnconditionalUpdate: true}
	widgets    = Store{APIVersions: []string{"example.com/v1"}, GenerationOnCreate: true}
)

func TestThroughManagedFields(t *testing.T) {
	stored := Stored()
	stored.ManagedFields = []metav1.ManagedFieldsEntry{{Manager: "server", Operation: metav1.ManagedFieldsOperationUpdate,
		APIVersion: "v1", FieldsType: "FieldsV1", FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:data":{}}`)}}}
	kept := keptManagedFields("m")
	undecodable := metav1.ManagedFieldsEntry{Manager: "m", Operation: metav1.ManagedFieldsOperationUpdate, FieldsType: "FieldsV1"}
	// want is what validation sees: "stored" for the stored entries (none on
	// create), "kept" for the entry sent, "" for none.
	for _, tc := range []struct {
		name  string
		store Store
		sent  []metav1.ManagedFieldsEntry
		want  string
	}{
		{"none sent", configMaps, nil, "stored"},
		{"reset by an empty entry", configMaps, []metav1.ManagedFieldsEntry{{}}, ""},
		{"reset by an empty list", configMaps, []metav1.ManagedFieldsEntry{}, ""},
		{"no apiVersion", configMaps, []metav1.ManagedFieldsEntry{undecodable}, "stored"},
		{"one of two undecodable", configMaps, []metav1.ManagedFieldsEntry{kept, undecodable}, "stored"},
		{"decodable", configMaps, []metav1.ManagedFieldsEntry{kept}, "kept"},
		{"version not served", widgets, []metav1.ManagedFieldsEntry{kept}, ""},
		{"no fields", configMaps, []metav1.ManagedFieldsEntry{{Manager: "m", Operation: metav1.ManagedFieldsOperationUpdate, APIVersion: "v1", FieldsType: "FieldsV1"}}, ""},
	} {
		for _, create := range []bool{true, false} {
			c := Case{Rules: meta.Rules{Namespaced: true}, Obj: Valid()}
			if !create {
				c.Old, c.Obj = stored, stored.DeepCopy()
			}
			c.Obj.ManagedFields = tc.sent
			got, errs := c.Through(tc.store)
			var want []metav1.ManagedFieldsEntry
			switch {
			case tc.want == "kept":
				want = []metav1.ManagedFieldsEntry{kept}
			case tc.want == "stored" && !create:
				want = stored.ManagedFields
			}
			if errs != nil || !apiequality.Semantic.DeepEqual(got.Obj.ManagedFields, want) && len(got.Obj.ManagedFields)+len(want) > 0 {
				t.Errorf("%s (create %v): got %v, %v; want %v", tc.name, create, got.Obj.ManagedFields, errs, want)
			}
		}
	}
}

func TestThroughStore(t *testing.T) {
	c := Case{Rules: meta.Rules{Namespaced: true, CustomResource: true}, Old: Stored(), Obj: Stored()}
	c.Obj.ResourceVersion = ""
	if _, errs := c.Through(widgets); len(errs) != 1 || errs[0].Error() != "metadata.resourceVersion: Invalid value: 0: must be specified for an update" {
		t.Errorf("custom resource update without resourceVersion: %v", errs)
	}
	got, errs := c.Through(configMaps)
	if errs != nil || got.Obj.ResourceVersion != c.Old.ResourceVersion || c.Obj.ResourceVersion != "" {
		t.Errorf("unconditional update: %v, resourceVersion %q (sent object %q)", errs, got.Obj.ResourceVersion, c.Obj.ResourceVersion)
	}

	create := Case{Rules: meta.Rules{Namespaced: true, CustomResource: true}, Obj: Valid()}
	create.Obj.Generation = -1
	create.Obj.UID = "u"
	ref := metav1.OwnerReference{APIVersion: "v1", Kind: "Pod", Name: "a", UID: "u1", Controller: ptr.To(true)}
	other := ref
	other.Name = "b"
	create.Obj.OwnerReferences = []metav1.OwnerReference{ref, ref, other}
	if got, _ := create.Through(widgets); got.Obj.Generation != 1 || got.Obj.UID != "" || len(got.Obj.OwnerReferences) != 2 {
		t.Errorf("custom resource create: generation %d, uid %q, owners %v", got.Obj.Generation, got.Obj.UID, got.Obj.OwnerReferences)
	}
	if got, _ := create.Through(configMaps); got.Obj.Generation != -1 || len(got.Obj.OwnerReferences) != 2 {
		t.Errorf("ConfigMap create: generation %d, owners %v", got.Obj.Generation, got.Obj.OwnerReferences)
	}
	if create.Obj.Generation != -1 || len(create.Obj.OwnerReferences) != 3 {
		t.Errorf("Through changed the case: %+v", create.Obj)
	}
}
