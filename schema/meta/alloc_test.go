package meta

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// Valid metadata costs no allocation, on create and on update.
func TestValidMetadataAllocatesNothing(t *testing.T) {
	obj := valid()
	obj.Labels = map[string]string{"app.kubernetes.io/name": "demo", "tier": "web"}
	obj.Annotations = map[string]string{"example.com/note": "hello"}
	obj.Finalizers = []string{"example.com/cleanup"}
	obj.OwnerReferences = []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "rs", UID: "u", Controller: ptr.To(true)}}
	old := obj.DeepCopy()
	old.ResourceVersion, obj.ResourceVersion = "5", "5"
	ctx := context.Background()
	for _, r := range []Rules{builtin, customResource} {
		if n := testing.AllocsPerRun(100, func() {
			if errs := r.ValidateCreate(ctx, metadataPath, obj); len(errs) != 0 {
				t.Fatal(errs)
			}
			if errs := r.ValidateUpdate(ctx, metadataPath, obj, old); len(errs) != 0 {
				t.Fatal(errs)
			}
		}); n != 0 {
			t.Errorf("%+v: %v allocations per create and update", r, n)
		}
	}
}
