package certificatesv1

import (
	"context"

	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The rules of PodCertificateRequest that markers can say are declared here
// for the k8s.io/api types (metagen's validation-for marker) and generated
// into zz_generated.validations.go: the metadata rules (namespaced,
// DNS-subdomain names, built-in finalizer rules), RegisterValidations for
// the main resource and /status, and the spec fields' rules that a
// validator of k8s.io/apimachinery/pkg/api/validate reports with the
// server's exact message. What the markers cannot say is hand-written and
// wired in as custom validation (the ValidateCustom_ functions below): the
// server's create-only spec checks and their order, the stub CSR (parse,
// key type, signature), the signer-dependent maxExpirationSeconds range,
// and the /status transitions (PEM chain, leaf matching the request's key,
// times). The declarations are never used at run time.

// podCertificateRequest: metadata, then the hand-written /status checks
// (ValidateCustom_PodCertificateRequest), then the spec.
//
// +metagen:validation-for=k8s.io/api/certificates/v1.PodCertificateRequest
// +k8s:supportsSubresource=/status
// +k8s:customValidation
type podCertificateRequest struct {
	// The server validates the spec on create only; an update that changes
	// it gets one error, "field is immutable", whose value is the server's
	// internal spec. So the spec's generated rules are called by
	// ValidateCustom_PodCertificateRequest_Spec on create, not on every
	// operation as a field's type validation would be.
	//
	// +k8s:opaqueType
	// +k8s:customValidation
	Spec certificatesv1.PodCertificateRequestSpec
}

// podCertificateRequestSpec: the fields in the server's order (which is not
// the type's: the user annotations come second). maxExpirationSeconds and
// stubPKCS10Request depend on each other and on the signer, and follow
// every other field, so ValidateCustom_PodCertificateRequest_Spec checks
// them after these rules.
//
// +metagen:validation-for=k8s.io/api/certificates/v1.PodCertificateRequestSpec
// +k8s:validation-gen=true
type podCertificateRequestSpec struct {
	// +k8s:required
	// +k8s:customValidation
	SignerName string
	// +k8s:customValidation
	UnverifiedUserAnnotations map[string]string
	// +k8s:customValidation
	PodName string
	// +k8s:customValidation
	// +k8s:maxBytes=128
	PodUID types.UID
	// +k8s:customValidation
	ServiceAccountName string
	// +k8s:customValidation
	// +k8s:maxBytes=128
	ServiceAccountUID types.UID
	// +k8s:customValidation
	NodeName types.NodeName
	// +k8s:customValidation
	// +k8s:maxBytes=128
	NodeUID types.UID
}

// ValidateCustom_PodCertificateRequest validates a /status write: the
// condition types, then the transition. The server checks the status only
// there (its strategies reset the status on create and on updates of the
// main resource), and reports nothing about it when the metadata is
// invalid.
func ValidateCustom_PodCertificateRequest(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *certificatesv1.PodCertificateRequest) field.ErrorList {
	if op.Type != operation.Update || op.Request.SubresourcePath() != "/status" || oldObj == nil {
		return nil
	}
	if len(podCertificateRequestMetadata.ValidateUpdate(ctx, nil, &obj.ObjectMeta, &oldObj.ObjectMeta)) > 0 {
		return nil
	}
	// The status strategy copies the stored spec over the new one.
	return validateStatus(fldPath.Child("status"), &obj.Status, &oldObj.Status, &oldObj.Spec, clockFrom(ctx))
}

// ValidateCustom_PodCertificateRequest_Spec validates the spec as the server
// does: on create, the generated field rules and then the key request; on
// an update of the main resource, only that it did not change (it is
// called only when it did); never on a /status write, whose strategy keeps
// the stored spec.
func ValidateCustom_PodCertificateRequest_Spec(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *certificatesv1.PodCertificateRequestSpec) field.ErrorList {
	switch {
	case op.Type != operation.Update:
		errs := Validate_PodCertificateRequestSpec(ctx, op, fldPath, obj, nil)
		return append(errs, validateKeyRequest(fldPath, obj)...)
	case op.Request.SubresourcePath() == "/status" || oldObj == nil:
		return nil
	}
	return apivalidation.ValidateImmutableField(internalSpec(obj), internalSpec(oldObj), fldPath)
}

// ValidateCustom_PodCertificateRequestSpec_SignerName checks the signer
// name's form; +k8s:required has checked that it is set.
func ValidateCustom_PodCertificateRequestSpec_SignerName(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *string) field.ErrorList {
	return ValidateSignerName(fldPath, *obj)
}

// ValidateCustom_PodCertificateRequestSpec_UnverifiedUserAnnotations checks
// the keys as the server does, lowercased, and the total size.
func ValidateCustom_PodCertificateRequestSpec_UnverifiedUserAnnotations(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ map[string]string) field.ErrorList {
	if obj == nil {
		return nil
	}
	return validateUserAnnotations(obj, fldPath)
}

// ValidateCustom_PodCertificateRequestSpec_PodName checks a DNS subdomain:
// +k8s:format=k8s-long-name would say "must be no more than 253 bytes"
// where the server says "253 characters".
func ValidateCustom_PodCertificateRequestSpec_PodName(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *string) field.ErrorList {
	return validateSubdomain(fldPath, *obj)
}

// ValidateCustom_PodCertificateRequestSpec_ServiceAccountName is a DNS
// subdomain, as PodName.
func ValidateCustom_PodCertificateRequestSpec_ServiceAccountName(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *string) field.ErrorList {
	return validateSubdomain(fldPath, *obj)
}

// ValidateCustom_PodCertificateRequestSpec_NodeName is a DNS subdomain, as
// PodName.
func ValidateCustom_PodCertificateRequestSpec_NodeName(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *types.NodeName) field.ErrorList {
	return validateSubdomain(fldPath, string(*obj))
}

// ValidateCustom_PodCertificateRequestSpec_PodUID rejects an empty UID
// with the server's message (+k8s:required would say "Required value");
// +k8s:maxBytes checks the length.
func ValidateCustom_PodCertificateRequestSpec_PodUID(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *types.UID) field.ErrorList {
	return validateUIDSet(fldPath, *obj)
}

// ValidateCustom_PodCertificateRequestSpec_ServiceAccountUID is set, as
// PodUID.
func ValidateCustom_PodCertificateRequestSpec_ServiceAccountUID(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *types.UID) field.ErrorList {
	return validateUIDSet(fldPath, *obj)
}

// ValidateCustom_PodCertificateRequestSpec_NodeUID is set, as PodUID.
func ValidateCustom_PodCertificateRequestSpec_NodeUID(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *types.UID) field.ErrorList {
	return validateUIDSet(fldPath, *obj)
}
