package server

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/features"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/apiserver/pkg/warning"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	schemameta "github.com/metagen-dev/metagen/schema/meta"
)

// typedStrategy is the registry strategy of a Go type served from a scheme.
// It follows the custom-resource strategy of kube-apiserver 1.37
// (k8s.io/apiextensions-apiserver/pkg/registry/customresource), since such a
// type usually reaches a real cluster as a CRD: generation 1 on create and +1
// on any change outside metadata, status kept out of the main resource when
// the status subresource is on.
//
// Validation takes one of two forms, chosen by the version of the request
// (a kind served in several versions may have validation in some only):
//
//   - When the caller's scheme registers a validation function for the type
//     of that version (generated code's RegisterValidations), that function
//     is the whole validation, ObjectMeta included: it runs as
//     kube-apiserver runs declarative validation, on the object converted to
//     the version of the request, and it alone decides the causes (generated
//     metadata rules already hold the generic checks the registry adds, in
//     the real order, deduplicated or not as the type's kind of strategy
//     does) and the finalizer warnings.
//   - Otherwise the type gets exactly what a custom resource gets: ObjectMeta
//     validation with the DNS-subdomain name rule, repeated update causes, and
//     warnings for finalizer names that are not domain-qualified.
//
// The registry hands the strategy objects of the storage version's type.
type typedStrategy struct {
	runtime.ObjectTyper
	names.NameGenerator

	convertor runtime.ObjectConvertor // the serving scheme: to the version of a request
	validator *runtime.Scheme         // the caller's scheme, where validation is registered
	// declarative tells, for each served version, whether the scheme
	// registers validation for that version's type.
	declarative map[string]bool
	versions    []string                // the served versions
	kind        schema.GroupVersionKind // in the storage version
	namespaced  bool
	hasStatus   bool
}

// nameGenerator makes names from generateName: kube-apiserver's (58
// characters of prefix, 5 random ones). Tests replace it to force collisions.
var nameGenerator = names.SimpleNameGenerator

// newTypedStrategy returns the strategy of a resource stored as stored and
// served in versions.
func newTypedStrategy(serving, validator *runtime.Scheme, stored typedResource, versions []typedResource) (typedStrategy, error) {
	s := typedStrategy{
		ObjectTyper:   serving,
		NameGenerator: nameGenerator,
		convertor:     serving,
		validator:     validator,
		declarative:   map[string]bool{},
		kind:          stored.kind,
		namespaced:    stored.namespaced,
		hasStatus:     stored.status,
	}
	for _, r := range versions {
		example, err := validator.New(r.kind)
		if err != nil {
			return s, err
		}
		s.declarative[r.kind.Version] = validator.HasValidationFunc(example)
		s.versions = append(s.versions, r.kind.Version)
	}
	return s, nil
}

// requestVersion is the version of the request in ctx: one of the served
// versions, else (a request from within the server) the storage version.
func (s typedStrategy) requestVersion(ctx context.Context) string {
	if info, ok := request.RequestInfoFrom(ctx); ok && info.APIGroup == s.kind.Group {
		if _, served := s.declarative[info.APIVersion]; served {
			return info.APIVersion
		}
	}
	return s.kind.Version
}

// declarativeFor reports whether the request in ctx gets the validation the
// scheme registers for the type of its version.
func (s typedStrategy) declarativeFor(ctx context.Context) bool {
	return s.declarative[s.requestVersion(ctx)]
}

// inVersion converts obj (of the storage version's type) to version.
func (s typedStrategy) inVersion(obj runtime.Object, version string) (runtime.Object, error) {
	if obj == nil || version == s.kind.Version {
		return obj, nil
	}
	return s.convertor.ConvertToVersion(obj, schema.GroupVersion{Group: s.kind.Group, Version: version})
}

// NamespaceScoped implements rest.RESTCreateStrategy.
func (s typedStrategy) NamespaceScoped() bool { return s.namespaced }

// GetResetFields implements rest.ResetFieldsStrategy.
func (s typedStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	fields := map[fieldpath.APIVersion]*fieldpath.Set{}
	if s.hasStatus {
		for _, v := range s.versions {
			fields[s.apiVersion(v)] = fieldpath.NewSet(fieldpath.MakePathOrDie("status"))
		}
	}
	return fields
}

func (s typedStrategy) apiVersion(version string) fieldpath.APIVersion {
	return fieldpath.APIVersion(schema.GroupVersion{Group: s.kind.Group, Version: version}.String())
}

// PrepareForCreate clears the status (when it is a subresource) and sets
// generation to 1.
func (s typedStrategy) PrepareForCreate(ctx context.Context, obj runtime.Object) {
	if s.hasStatus {
		if status := statusField(obj); status.IsValid() {
			status.Set(reflect.Zero(status.Type()))
		}
	}
	accessor, _ := meta.Accessor(obj)
	accessor.SetGeneration(1)
}

// PrepareForUpdate keeps the old status (when it is a subresource) and bumps
// generation when anything outside metadata changed.
func (s typedStrategy) PrepareForUpdate(ctx context.Context, obj, old runtime.Object) {
	if s.hasStatus {
		if status, oldStatus := statusField(obj), statusField(old); status.IsValid() && oldStatus.IsValid() {
			status.Set(oldStatus)
		}
	}
	if !apiequality.Semantic.DeepEqual(withoutMetadata(obj), withoutMetadata(old)) {
		newAccessor, _ := meta.Accessor(obj)
		oldAccessor, _ := meta.Accessor(old)
		newAccessor.SetGeneration(oldAccessor.GetGeneration() + 1)
	}
}

// Validate runs the ObjectMeta rules custom resources get, unless the type
// has its own validation (see ValidateDeclaratively).
func (s typedStrategy) Validate(ctx context.Context, obj runtime.Object) field.ErrorList {
	if s.declarativeFor(ctx) {
		return nil
	}
	metadata, errs := objectMeta(obj)
	if len(errs) > 0 {
		return errs
	}
	return validation.ValidateObjectMetaDeclaratively(ctx, operation.Create, metadata, nil, s.namespaced,
		validation.NameIsDNSSubdomain, field.NewPath("metadata"), betaValidationEnabled())
}

// ValidateUpdate runs the ObjectMeta update rules custom resources get,
// unless the type has its own validation.
func (s typedStrategy) ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList {
	if s.declarativeFor(ctx) {
		return nil
	}
	metadata, errs := objectMeta(obj)
	if len(errs) > 0 {
		return errs
	}
	oldMetadata, errs := objectMeta(old)
	if len(errs) > 0 {
		return errs
	}
	return validation.ValidateObjectMetaDeclaratively(ctx, operation.Update, metadata, oldMetadata, s.namespaced,
		nil, field.NewPath("metadata"), betaValidationEnabled())
}

// ValidateDeclaratively implements rest.DeclarativeValidationStrategy: the
// registry calls it last, with the errors of the checks before it. A type
// with its own validation gets exactly that validation's enforced errors
// (it holds the registry's generic checks itself); other types keep the
// errors they have.
func (s typedStrategy) ValidateDeclaratively(ctx context.Context, obj, old runtime.Object, errs field.ErrorList, op operation.Type, _ rest.DeclarativeValidationConfig) field.ErrorList {
	return s.validateDeclaratively(ctx, obj, old, errs, op)
}

func (s typedStrategy) validateDeclaratively(ctx context.Context, obj, old runtime.Object, errs field.ErrorList, op operation.Type, subresources ...string) field.ErrorList {
	version := s.requestVersion(ctx)
	if !s.declarative[version] {
		return errs
	}
	versioned, err := s.inVersion(obj, version)
	if err != nil {
		return field.ErrorList{field.InternalError(nil, fmt.Errorf("unexpected error converting to versioned type: %w", err))}
	}
	ctx = schemameta.WithWarningRecorder(ctx, warningsOf{ctx})
	var declared field.ErrorList
	if op == operation.Update {
		versionedOld, err := s.inVersion(old, version)
		if err != nil {
			return field.ErrorList{field.InternalError(nil, fmt.Errorf("unexpected error converting to versioned type: %w", err))}
		}
		declared = s.validator.ValidateUpdate(ctx, nil, versioned, versionedOld, subresources...)
	} else {
		declared = s.validator.Validate(ctx, nil, versioned, subresources...)
	}
	return validate.FilterEnforcedDeclarativeErrors(ctx, declared, betaValidationEnabled())
}

// DeclarativeValidationConfig implements rest.DeclarativeValidationStrategy.
func (typedStrategy) DeclarativeValidationConfig(context.Context, runtime.Object, runtime.Object) rest.DeclarativeValidationConfig {
	return rest.DeclarativeValidationConfig{}
}

// warningsOf sends the warnings generated validation records to the
// request's Warning headers.
type warningsOf struct{ ctx context.Context }

func (w warningsOf) AddWarning(agent, text string) { warning.AddWarning(w.ctx, agent, text) }

func betaValidationEnabled() bool {
	return utilfeature.DefaultFeatureGate.Enabled(features.DeclarativeValidationBeta)
}

// WarningsOnCreate warns about finalizers that are not domain-qualified
// (for types with their own validation, that validation warns).
func (s typedStrategy) WarningsOnCreate(ctx context.Context, obj runtime.Object) []string {
	if s.declarativeFor(ctx) {
		return nil
	}
	return finalizerWarnings(obj, nil)
}

// WarningsOnUpdate warns about newly added finalizers that are not
// domain-qualified (for types with their own validation, that validation
// warns).
func (s typedStrategy) WarningsOnUpdate(ctx context.Context, obj, old runtime.Object) []string {
	if s.declarativeFor(ctx) {
		return nil
	}
	return finalizerWarnings(obj, old)
}

// Canonicalize implements rest.RESTCreateStrategy.
func (typedStrategy) Canonicalize(obj runtime.Object) {}

// AllowCreateOnUpdate is false, as for custom resources: PUT to a missing
// name is a 404.
func (typedStrategy) AllowCreateOnUpdate(context.Context) bool { return false }

// AllowUnconditionalUpdate is false, as for custom resources: PUT without a
// resourceVersion is a 422.
func (typedStrategy) AllowUnconditionalUpdate(context.Context) bool { return false }

// GetAttrs returns the labels and the metadata.name / metadata.namespace
// fields that field selectors can use, as for custom resources.
func (s typedStrategy) GetAttrs(obj runtime.Object) (labels.Set, fields.Set, error) {
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return nil, nil, err
	}
	selectable := fields.Set{"metadata.name": accessor.GetName()}
	if s.namespaced {
		selectable["metadata.namespace"] = accessor.GetNamespace()
	}
	return accessor.GetLabels(), selectable, nil
}

// gracefulDeleteStrategy makes deletion graceful, as for pods
// (rest.RESTGracefulDeleteStrategy): a DELETE sets deletionTimestamp to now
// plus the grace period (the request's, else the default) and keeps the
// object until a DELETE with period 0 or, when finalizers remain, their
// removal after that.
type gracefulDeleteStrategy struct {
	typedStrategy
	defaultGracePeriod int64
}

// CheckGracefulDelete implements rest.RESTGracefulDeleteStrategy.
func (s gracefulDeleteStrategy) CheckGracefulDelete(ctx context.Context, obj runtime.Object, options *metav1.DeleteOptions) bool {
	if options.GracePeriodSeconds == nil {
		period := s.defaultGracePeriod
		options.GracePeriodSeconds = &period
	}
	return true
}

// typedStatusStrategy is the strategy of the status subresource: only the
// status changes, everything else is taken from the stored object.
type typedStatusStrategy struct {
	typedStrategy
}

// GetResetFields implements rest.ResetFieldsStrategy.
func (s typedStatusStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	fields := map[fieldpath.APIVersion]*fieldpath.Set{}
	for _, v := range s.versions {
		fields[s.apiVersion(v)] = fieldpath.NewSet(fieldpath.MakePathOrDie("metadata"), fieldpath.MakePathOrDie("spec"))
	}
	return fields
}

// PrepareForUpdate copies the stored object over the new one, keeping only
// the new status and managedFields.
func (s typedStatusStrategy) PrepareForUpdate(ctx context.Context, obj, old runtime.Object) {
	accessor, _ := meta.Accessor(obj)
	managedFields := accessor.GetManagedFields()
	status := statusField(obj)
	var newStatus reflect.Value
	if status.IsValid() {
		newStatus = reflect.New(status.Type()).Elem()
		newStatus.Set(status)
	}
	reflect.ValueOf(obj).Elem().Set(reflect.ValueOf(old.DeepCopyObject()).Elem())
	accessor, _ = meta.Accessor(obj)
	accessor.SetManagedFields(managedFields)
	if newStatus.IsValid() {
		statusField(obj).Set(newStatus)
	}
}

// ValidateDeclaratively runs the type's own validation for the status
// subresource.
func (s typedStatusStrategy) ValidateDeclaratively(ctx context.Context, obj, old runtime.Object, errs field.ErrorList, op operation.Type, _ rest.DeclarativeValidationConfig) field.ErrorList {
	return s.validateDeclaratively(ctx, obj, old, errs, op, "status")
}

// WarningsOnUpdate implements rest.RESTUpdateStrategy; status writes cannot
// change finalizers, so there is nothing to warn about.
func (typedStatusStrategy) WarningsOnUpdate(ctx context.Context, obj, old runtime.Object) []string {
	return nil
}

// statusField returns the settable top-level field serialized as "status",
// or an invalid Value when the type has none.
func statusField(obj runtime.Object) reflect.Value {
	v := reflect.ValueOf(obj)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return reflect.Value{}
	}
	v = v.Elem()
	if i := jsonFieldIndex(v.Type(), "status"); i >= 0 {
		return v.Field(i)
	}
	return reflect.Value{}
}

// jsonFieldIndex returns the index of the field of t whose JSON name is name.
func jsonFieldIndex(t reflect.Type, name string) int {
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("json")
		if strings.Split(tag, ",")[0] == name {
			return i
		}
	}
	return -1
}

// hasStatusField reports whether objects of type t have a "status" field.
func hasStatusField(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && jsonFieldIndex(t, "status") >= 0
}

// withoutMetadata returns a copy of obj's struct with TypeMeta and ObjectMeta
// zeroed, for comparing everything outside metadata.
func withoutMetadata(obj runtime.Object) interface{} {
	v := reflect.ValueOf(obj.DeepCopyObject()).Elem()
	for i := range v.NumField() {
		switch v.Field(i).Type() {
		case reflect.TypeOf(metav1.TypeMeta{}), reflect.TypeOf(metav1.ObjectMeta{}):
			v.Field(i).Set(reflect.Zero(v.Field(i).Type()))
		}
	}
	return v.Interface()
}

// objectMeta returns obj's ObjectMeta.
func objectMeta(obj runtime.Object) (*metav1.ObjectMeta, field.ErrorList) {
	if accessor, ok := obj.(metav1.ObjectMetaAccessor); ok {
		if metadata, ok := accessor.GetObjectMeta().(*metav1.ObjectMeta); ok {
			return metadata, nil
		}
	}
	return nil, field.ErrorList{field.Invalid(field.NewPath("metadata"), nil, fmt.Sprintf("%T has no ObjectMeta", obj))}
}

// standardFinalizers are the finalizer names that need no domain.
var standardFinalizers = sets.New(metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents, "kubernetes")

// finalizerWarnings is the custom-resource strategy's generateWarningsFromObj:
// one warning per newly added finalizer that is not domain-qualified.
func finalizerWarnings(obj, old runtime.Object) []string {
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return nil
	}
	added := sets.New(accessor.GetFinalizers()...)
	if old != nil {
		if oldAccessor, err := meta.Accessor(old); err == nil {
			added = added.Difference(sets.New(oldAccessor.GetFinalizers()...))
		}
	}
	var warnings []string
	path := field.NewPath("metadata", "finalizers").String()
	for _, finalizer := range sets.List(added) {
		for _, msg := range utilvalidation.IsQualifiedName(finalizer) {
			warnings = append(warnings, fmt.Sprintf("%s: %q: %s", path, finalizer, msg))
		}
		if strings.Contains(finalizer, "/") || standardFinalizers.Has(finalizer) {
			continue
		}
		if strings.Contains(finalizer, ".") {
			warnings = append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers", path, finalizer))
		} else {
			warnings = append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers", path, finalizer))
		}
	}
	return warnings
}
