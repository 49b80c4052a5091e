package lifecycle

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sync/atomic"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/validate"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/testing"
	"sigs.k8s.io/yaml"
)

// FakeValidator makes a fake clientset's writes run the validation
// registered in its scheme (scheme.Validate / ValidateUpdate, as generated
// validation code registers it, CEL rules included where the generated code
// enforces them) and answer as kube-apiserver does when it fails: 422
// Invalid (apierrors.NewInvalid with the kind's group and kind, the object's
// name and the validation's field.ErrorList, the enforced errors only, as the
// in-process server keeps them).
//
// It validates what the fake is about to store:
//
//   - create: the submitted object, as a create;
//   - update and /status update: the submitted object against the stored one,
//     as an update (with the "status" subresource for /status);
//   - patch (JSON, merge, strategic merge) and /status patch: the stored
//     object with the patch applied, against the stored one;
//   - server-side apply (and ApplyStatus): with a type converter, the stored
//     object (or a new one) with the apply configuration applied by a field
//     manager as the fake's field-managed tracker does; without one, the
//     strategic merge client-go's simple tracker does.
//
// As on the server, the namespace of the request fills an empty namespace,
// and an update keeps the stored uid, creationTimestamp and deletion fields
// the request leaves out. Writes to other subresources, types without
// registered validation, requests the fake refuses anyway (not found, bad
// patch, apply conflicts) and objects given to the constructor or added to
// the tracker are not validated. The fake still stores the submitted object
// as a whole (client-go's fake has no status subresource semantics), and,
// since client-go's tracker keeps no resourceVersion, an update's missing one
// is not an error.
type FakeValidator struct {
	scheme        *runtime.Scheme
	typeConverter managedfields.TypeConverter
	off           atomic.Bool
}

// NewFakeValidator returns a validator over scheme's validation, enabled.
// typeConverter is the one of the fake's field-managed tracker (the
// apply configurations' NewTypeConverter), or nil for a simple tracker.
func NewFakeValidator(scheme *runtime.Scheme, typeConverter managedfields.TypeConverter) *FakeValidator {
	return &FakeValidator{scheme: scheme, typeConverter: typeConverter}
}

// SetEnabled turns validation on or off; it is safe to call concurrently
// with writes.
func (v *FakeValidator) SetEnabled(on bool) { v.off.Store(!on) }

// Enabled reports whether writes are validated.
func (v *FakeValidator) Enabled() bool { return !v.off.Load() }

// Reaction returns a reactor that refuses an invalid write with the 422 and
// leaves every other action to the reactors after it (it answers
// handled=false). Add it before the reactor that stores objects.
func (v *FakeValidator) Reaction(tracker testing.ObjectTracker) testing.ReactionFunc {
	return func(action testing.Action) (bool, runtime.Object, error) {
		if !v.Enabled() {
			return false, nil, nil
		}
		obj, old, ok := v.outcome(tracker, action)
		if !ok || !v.scheme.HasValidationFunc(obj) {
			return false, nil, nil
		}
		errs := v.Validate(obj, old, action.GetSubresource())
		if len(errs) == 0 {
			return false, nil, nil
		}
		kinds, _, err := v.scheme.ObjectKinds(obj)
		if err != nil || len(kinds) == 0 {
			return true, nil, apierrors.NewInternalError(fmt.Errorf("%T is not in the fake's scheme: %v", obj, err))
		}
		accessor, _ := meta.Accessor(obj)
		return true, nil, apierrors.NewInvalid(kinds[0].GroupKind(), accessor.GetName(), errs)
	}
}

// Validate runs the scheme's validation of obj (a create when old is nil,
// else an update) for subresource ("" or "status"), and keeps the errors
// kube-apiserver enforces.
func (v *FakeValidator) Validate(obj, old runtime.Object, subresource string) field.ErrorList {
	ctx := context.Background()
	var subresources []string
	if subresource != "" {
		subresources = []string{subresource}
	}
	var errs field.ErrorList
	if old == nil {
		errs = v.scheme.Validate(ctx, nil, obj, subresources...)
	} else {
		errs = v.scheme.ValidateUpdate(ctx, nil, obj, old, subresources...)
	}
	// DeclarativeValidationBeta is on by default in kube-apiserver 1.37.
	return validate.FilterEnforcedDeclarativeErrors(ctx, errs, true)
}

// outcome returns the object a write would store and the stored object it
// replaces (nil for a create), both copies, or false when the action is not a
// validated write or the fake would refuse it anyway.
func (v *FakeValidator) outcome(tracker testing.ObjectTracker, action testing.Action) (obj, old runtime.Object, ok bool) {
	switch sub := action.GetSubresource(); sub {
	case "", "status":
	default:
		return nil, nil, false
	}
	gvr, ns := action.GetResource(), action.GetNamespace()
	var err error
	switch a := action.(type) {
	case testing.CreateActionImpl:
		if a.GetSubresource() != "" || a.GetObject() == nil {
			return nil, nil, false
		}
		obj = a.GetObject().DeepCopyObject()
	case testing.UpdateActionImpl:
		if a.GetObject() == nil {
			return nil, nil, false
		}
		obj = a.GetObject().DeepCopyObject()
		accessor, err := meta.Accessor(obj)
		if err != nil {
			return nil, nil, false
		}
		if old, err = tracker.Get(gvr, ns, accessor.GetName()); err != nil {
			return nil, nil, false
		}
	case testing.PatchActionImpl:
		old, err = tracker.Get(gvr, ns, a.GetName())
		if err != nil && !(apierrors.IsNotFound(err) && a.GetPatchType() == types.ApplyPatchType && v.typeConverter != nil) {
			return nil, nil, false
		}
		if err != nil {
			old = nil // apply creates
		}
		if a.GetPatchType() == types.ApplyPatchType {
			obj, err = v.applied(old, a)
		} else {
			obj, err = patched(old, a)
		}
		if err != nil {
			return nil, nil, false
		}
	default:
		return nil, nil, false
	}
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return nil, nil, false
	}
	if accessor.GetNamespace() == "" {
		accessor.SetNamespace(ns)
	}
	if old != nil {
		if oldAccessor, err := meta.Accessor(old); err == nil {
			keepSystemFields(accessor, oldAccessor)
		}
	}
	return obj, old, true
}

// keepSystemFields does what the registry's BeforeUpdate does before
// validation: fields the request cannot change are taken from the stored
// object when the request leaves them out.
//
// client-go's tracker keeps no resourceVersion in the objects, so an update
// without one gets the stored one (or a placeholder): the rule that a PUT
// carries a resourceVersion is the registry's optimistic concurrency, which
// the fake does not have.
func keepSystemFields(obj, old metav1.Object) {
	if obj.GetResourceVersion() == "" {
		if rv := old.GetResourceVersion(); rv != "" {
			obj.SetResourceVersion(rv)
		} else {
			obj.SetResourceVersion("1")
		}
	}
	if obj.GetUID() == "" {
		obj.SetUID(old.GetUID())
	}
	if ts := old.GetCreationTimestamp(); !ts.IsZero() {
		obj.SetCreationTimestamp(ts)
	}
	if old.GetDeletionTimestamp() != nil {
		obj.SetDeletionTimestamp(old.GetDeletionTimestamp())
	}
	if old.GetDeletionGracePeriodSeconds() != nil && obj.GetDeletionGracePeriodSeconds() == nil {
		obj.SetDeletionGracePeriodSeconds(old.GetDeletionGracePeriodSeconds())
	}
}

// patched is old with a JSON, merge or strategic merge patch applied, as
// client-go's ObjectReaction applies it.
func patched(old runtime.Object, action testing.PatchActionImpl) (runtime.Object, error) {
	if old == nil {
		return nil, fmt.Errorf("nothing to patch")
	}
	current, err := json.Marshal(old)
	if err != nil {
		return nil, err
	}
	obj := reflect.New(reflect.TypeOf(old).Elem()).Interface().(runtime.Object)
	var modified []byte
	switch action.GetPatchType() {
	case types.JSONPatchType:
		patch, err := jsonpatch.DecodePatch(action.GetPatch())
		if err != nil {
			return nil, err
		}
		modified, err = patch.Apply(current)
		if err != nil {
			return nil, err
		}
	case types.MergePatchType:
		modified, err = jsonpatch.MergePatch(current, action.GetPatch())
	case types.StrategicMergePatchType:
		modified, err = strategicpatch.StrategicMergePatch(current, action.GetPatch(), obj)
	default:
		return nil, fmt.Errorf("patch type %s is not supported", action.GetPatchType())
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(modified, obj); err != nil {
		return nil, err
	}
	return obj, nil
}

// applied is old (nil: a new object) with the apply configuration of action
// applied: by a field manager when the fake manages fields, else by the
// strategic merge client-go's simple tracker uses.
func (v *FakeValidator) applied(old runtime.Object, action testing.PatchActionImpl) (runtime.Object, error) {
	patch := &unstructured.Unstructured{Object: map[string]interface{}{}}
	if err := yaml.Unmarshal(action.GetPatch(), &patch.Object); err != nil {
		return nil, err
	}
	patch.SetName(action.GetName())
	if v.typeConverter == nil {
		body, err := json.Marshal(patch)
		if err != nil {
			return nil, err
		}
		return patched(old, testing.PatchActionImpl{PatchType: types.StrategicMergePatchType, Patch: body})
	}
	gvk := patch.GroupVersionKind()
	var live runtime.Object
	if old != nil {
		live = old.DeepCopyObject()
	} else {
		created, err := v.scheme.New(gvk)
		if err != nil {
			return nil, err
		}
		created.GetObjectKind().SetGroupVersionKind(gvk)
		live = created
	}
	manager, err := managedfields.NewDefaultFieldManager(v.typeConverter, v.scheme, noDefaults{}, v.scheme, gvk, gvk.GroupVersion(), "", nil)
	if err != nil {
		return nil, err
	}
	force := action.PatchOptions.Force != nil && *action.PatchOptions.Force
	return manager.Apply(live, patch, action.PatchOptions.FieldManager, force)
}

// noDefaults is the fake's defaulter: none.
type noDefaults struct{}

func (noDefaults) Default(runtime.Object) {}
