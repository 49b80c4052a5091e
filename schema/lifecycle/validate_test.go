package lifecycle_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	clienttesting "k8s.io/client-go/testing"

	"github.com/metagen-dev/metagen/schema/lifecycle"
)

// A fake wired as metagen generates it: the validator before the reactor
// that stores objects.
func validatingFake(t *testing.T) (*clienttesting.Fake, *lifecycle.FakeValidator, clienttesting.ObjectTracker) {
	scheme := runtime.NewScheme()
	if err := corev1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	// The rule: data may not hold "bad"; on update, "owner" may not change.
	scheme.AddValidationFunc((*corev1.ConfigMap)(nil), func(_ context.Context, op operation.Operation, obj, old any) field.ErrorList {
		var errs field.ErrorList
		cm := obj.(*corev1.ConfigMap)
		if _, bad := cm.Data["bad"]; bad {
			errs = append(errs, field.Forbidden(field.NewPath("data", "bad"), "not allowed"))
		}
		if op.Type == operation.Update && cm.Data["owner"] != old.(*corev1.ConfigMap).Data["owner"] {
			errs = append(errs, field.Invalid(field.NewPath("data", "owner"), cm.Data["owner"], "immutable"))
		}
		if cm.Namespace == "" {
			errs = append(errs, field.Required(field.NewPath("metadata", "namespace"), ""))
		}
		return errs
	})
	tracker := clienttesting.NewObjectTracker(scheme, serializer.NewCodecFactory(scheme).UniversalDecoder())
	fake := &clienttesting.Fake{}
	v := lifecycle.NewFakeValidator(scheme, nil)
	fake.AddReactor("*", "*", v.Reaction(tracker))
	fake.AddReactor("*", "*", lifecycle.ObjectReaction(tracker))
	return fake, v, tracker
}

var configMaps = corev1.SchemeGroupVersion.WithResource("configmaps")

func configMap(data map[string]string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c"}, Data: data}
}

func TestFakeValidator(t *testing.T) {
	fake, v, tracker := validatingFake(t)
	// The request's namespace fills the object's, as on the server.
	_, err := fake.Invokes(clienttesting.NewCreateAction(configMaps, "ns", configMap(map[string]string{"bad": "1"})), nil)
	if !apierrors.IsInvalid(err) {
		t.Fatalf("create: %v, want 422", err)
	}
	status := err.(apierrors.APIStatus).Status()
	if status.Details.Kind != "ConfigMap" || status.Details.Group != "" || status.Details.Name != "c" ||
		len(status.Details.Causes) != 1 || status.Details.Causes[0].Field != "data.bad" {
		t.Errorf("create: details %+v, want ConfigMap c with the one data.bad cause", status.Details)
	}
	if _, err := fake.Invokes(clienttesting.NewCreateAction(configMaps, "ns", configMap(map[string]string{"owner": "a"})), nil); err != nil {
		t.Fatalf("valid create: %v", err)
	}
	// An update and a patch run as updates against the stored object.
	if _, err := fake.Invokes(clienttesting.NewUpdateAction(configMaps, "ns", configMap(map[string]string{"owner": "b"})), nil); !apierrors.IsInvalid(err) {
		t.Errorf("update changing owner: %v, want 422", err)
	}
	if _, err := fake.Invokes(clienttesting.NewPatchAction(configMaps, "ns", "c", types.MergePatchType, []byte(`{"data":{"owner":"b"}}`)), nil); !apierrors.IsInvalid(err) {
		t.Errorf("patch changing owner: %v, want 422", err)
	}
	if _, err := fake.Invokes(clienttesting.NewPatchAction(configMaps, "ns", "c", types.MergePatchType, []byte(`{"data":{"other":"x"}}`)), nil); err != nil {
		t.Errorf("valid patch: %v", err)
	}
	// Other subresources are not validated; a missing object is the tracker's 404.
	if _, err := fake.Invokes(clienttesting.NewUpdateSubresourceAction(configMaps, "scale", "ns", configMap(map[string]string{"owner": "b"})), nil); apierrors.IsInvalid(err) {
		t.Errorf("update of /scale: %v, want no validation", err)
	}
	if _, err := fake.Invokes(clienttesting.NewPatchAction(configMaps, "ns", "missing", types.MergePatchType, []byte(`{}`)), nil); !apierrors.IsNotFound(err) {
		t.Errorf("patch of a missing object: %v, want 404", err)
	}
	// Off, the write goes through.
	v.SetEnabled(false)
	if _, err := fake.Invokes(clienttesting.NewUpdateAction(configMaps, "ns", configMap(map[string]string{"owner": "z", "bad": "1"})), nil); err != nil {
		t.Errorf("update with validation off: %v", err)
	}
	stored, _ := tracker.Get(configMaps, "ns", "c")
	if stored.(*corev1.ConfigMap).Data["owner"] != "z" {
		t.Errorf("stored %+v, want the unvalidated update", stored)
	}
}
