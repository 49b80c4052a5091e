package meta

import (
	"context"
	"errors"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/api/validation/path"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// NameFormat is what a type requires of metadata.name. metadata.generateName
// is checked with the same format as a prefix.
type NameFormat uint8

const (
	// DNSSubdomain is a lowercase RFC 1123 subdomain of at most 253
	// characters: the default, and the only format of custom resources.
	DNSSubdomain NameFormat = iota
	// DNSLabel is a lowercase RFC 1123 label of at most 63 characters.
	DNSLabel
	// DNS1035Label is a DNS label that starts with a letter.
	DNS1035Label
	// PathSegment is any name that is safe in a URL path: not "." or "..",
	// without '/' or '%'.
	PathSegment
)

// nameFunc returns apimachinery's check for the format.
func (f NameFormat) nameFunc() validation.ValidateNameFunc {
	switch f {
	case DNSLabel:
		return validation.NameIsDNSLabel
	case DNS1035Label:
		return validation.NameIsDNS1035Label
	case PathSegment:
		return path.ValidatePathSegmentName
	}
	return validation.NameIsDNSSubdomain
}

// Rules are the metadata rules of one API type.
type Rules struct {
	// Namespaced types require metadata.namespace; cluster-scoped types
	// forbid it.
	Namespaced bool
	// NameFormat is the format of metadata.name. kube-apiserver always uses
	// DNSSubdomain for custom resources.
	NameFormat NameFormat
	// CustomResource selects what kube-apiserver does for custom resources
	// rather than built-in types: a finalizer name that is neither standard
	// nor fully qualified is a warning instead of an error, and update causes
	// are not deduplicated.
	CustomResource bool
	// Group is the type's API group. When OwnedFinalizers is not empty, a
	// finalizer whose domain is Group (or a subdomain of it) must be one of
	// OwnedFinalizers: the type's controllers own that domain.
	Group           string
	OwnedFinalizers []string
	// UpdateRevalidates is for built-in types whose strategy validates an
	// update by running its create validation on the new object as well, as
	// most core types do (ValidateConfigMapUpdate calls ValidateConfigMap;
	// PodCertificateRequest's update validation does not). An update then
	// checks name and generateName against NameFormat too, not only as path
	// segments: generateName "a/b" gets two causes. The custom resource
	// strategy never does this, so the field has no effect with
	// CustomResource.
	UpdateRevalidates bool
}

// Validate validates obj for the operation: ValidateCreate or ValidateUpdate.
// fldPath is the path of the metadata itself, e.g. field.NewPath("metadata").
func (r *Rules) Validate(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *metav1.ObjectMeta) field.ErrorList {
	if op.Type != operation.Update {
		return r.ValidateCreate(ctx, fldPath, obj)
	}
	if oldObj == nil {
		return field.ErrorList{field.InternalError(fldPath, errors.New("update without the old object"))}
	}
	return r.ValidateUpdate(ctx, fldPath, obj, oldObj)
}

// ValidateCreate returns what kube-apiserver reports for obj on create, once
// a generated name is in place. The server's generic path-segment check of the
// name runs only when the type's own checks pass, and every name format
// implies it, so it never adds anything here.
func (r *Rules) ValidateCreate(ctx context.Context, fldPath *field.Path, obj *metav1.ObjectMeta) field.ErrorList {
	if r.acceptCreate(obj) {
		return nil
	}
	finalizersPath := fldPath.Child("finalizers")
	var errs field.ErrorList
	if r.CustomResource {
		// The custom resource strategy validates metadata "declaratively":
		// apimachinery's handwritten checks, deduplicated.
		errs = validation.ValidateObjectMetaDeclaratively(ctx, operation.Create, obj, nil, r.Namespaced, validation.NameIsDNSSubdomain, fldPath, false)
	} else {
		errs = validation.ValidateObjectMetaAccessor(obj, r.Namespaced, r.NameFormat.nameFunc(), fldPath)
		errs = append(errs, builtinFinalizerErrors(obj.Finalizers, finalizersPath)...)
		errs = dedupe(errs)
	}
	return append(errs, r.ownedFinalizerErrors(obj.Finalizers, nil, finalizersPath)...)
}

// ValidateUpdate returns what kube-apiserver reports for obj on an update of
// oldObj, after PrepareForUpdate.
func (r *Rules) ValidateUpdate(ctx context.Context, fldPath *field.Path, obj, oldObj *metav1.ObjectMeta) field.ErrorList {
	if r.acceptUpdate(obj, oldObj) {
		return nil
	}
	finalizersPath := fldPath.Child("finalizers")
	// rest.ValidateUpdate's common checks, for every type: the create checks
	// with path-segment names, then the update rules.
	errs := validation.ValidateObjectMetaAccessor(obj, r.Namespaced, path.ValidatePathSegmentName, fldPath)
	errs = append(errs, validation.ValidateObjectMetaAccessorUpdate(obj, oldObj, fldPath)...)
	if r.CustomResource {
		// The strategy repeats the update rules, and nothing drops the copies.
		errs = append(errs, validation.ValidateObjectMetaDeclaratively(ctx, operation.Update, obj, oldObj, r.Namespaced, validation.NameIsDNSSubdomain, fldPath, false)...)
	} else {
		// The strategy repeats the update rules (left out: deduplication
		// would drop them) and checks the finalizer names, and may run its
		// create checks again; declarative validation then drops identical
		// causes.
		errs = append(errs, builtinFinalizerErrors(obj.Finalizers, finalizersPath)...)
		if r.UpdateRevalidates {
			errs = append(errs, validation.ValidateObjectMetaAccessor(obj, r.Namespaced, r.NameFormat.nameFunc(), fldPath)...)
		}
		errs = dedupe(errs)
	}
	return append(errs, r.ownedFinalizerErrors(obj.Finalizers, oldObj.Finalizers, finalizersPath)...)
}

// dedupe drops errors that render like an earlier one, as
// field.ErrorList.ToAggregate does.
func dedupe(errs field.ErrorList) field.ErrorList {
	if len(errs) < 2 {
		return errs
	}
	seen := make(map[string]bool, len(errs))
	out := errs[:0]
	for _, err := range errs {
		text := err.Error()
		if seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, err)
	}
	return out
}
