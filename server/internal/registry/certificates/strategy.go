package certificates

import (
	"context"
	"errors"
	"fmt"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

// pcrStrategy is the PodCertificateRequest strategy: status cleared on
// create and kept on update, generation left alone, no graceful deletion,
// no create on update, no unconditional update, no warnings.
//
// Validation is schema/certificates/v1's, and it is the whole answer: it
// runs where kube-apiserver runs declarative validation (last), and its
// errors replace those of the registry's generic ObjectMeta checks, which it
// already holds in the real order and deduplicated as the real strategy's
// are (spec §0.2; the same route the typed resources with registered
// validation take).
type pcrStrategy struct {
	runtime.ObjectTyper
	names.NameGenerator
}

var (
	_ rest.RESTCreateStrategy            = pcrStrategy{}
	_ rest.RESTUpdateStrategy            = pcrStrategy{}
	_ rest.RESTDeleteStrategy            = pcrStrategy{}
	_ rest.DeclarativeValidationStrategy = pcrStrategy{}
	_ rest.ResetFieldsStrategy           = pcrStatusStrategy{}
	_ rest.DeclarativeValidationStrategy = pcrStatusStrategy{}
	_ rest.RESTUpdateStrategy            = pcrStatusStrategy{}
)

// NamespaceScoped implements rest.RESTCreateStrategy.
func (pcrStrategy) NamespaceScoped() bool { return true }

// PrepareForCreate clears the status.
func (pcrStrategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	obj.(*certificatesv1.PodCertificateRequest).Status = certificatesv1.PodCertificateRequestStatus{}
}

// PrepareForUpdate keeps the stored status.
func (pcrStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	obj.(*certificatesv1.PodCertificateRequest).Status = old.(*certificatesv1.PodCertificateRequest).Status
}

// Validate implements rest.RESTCreateStrategy; ValidateDeclaratively decides.
func (pcrStrategy) Validate(context.Context, runtime.Object) field.ErrorList { return nil }

// ValidateUpdate implements rest.RESTUpdateStrategy; ValidateDeclaratively
// decides.
func (pcrStrategy) ValidateUpdate(context.Context, runtime.Object, runtime.Object) field.ErrorList {
	return nil
}

// ValidateDeclaratively returns schema/certificates/v1's answer for a
// create or an update of the main resource.
func (pcrStrategy) ValidateDeclaratively(_ context.Context, obj, old runtime.Object, _ field.ErrorList, op operation.Type, _ rest.DeclarativeValidationConfig) field.ErrorList {
	pcr := obj.(*certificatesv1.PodCertificateRequest)
	if op == operation.Update {
		return pcrvalidation.ValidateUpdate(pcr, old.(*certificatesv1.PodCertificateRequest))
	}
	return pcrvalidation.ValidateCreate(pcr)
}

// DeclarativeValidationConfig implements rest.DeclarativeValidationStrategy.
func (pcrStrategy) DeclarativeValidationConfig(context.Context, runtime.Object, runtime.Object) rest.DeclarativeValidationConfig {
	return rest.DeclarativeValidationConfig{}
}

// WarningsOnCreate implements rest.RESTCreateStrategy: there are none.
func (pcrStrategy) WarningsOnCreate(context.Context, runtime.Object) []string { return nil }

// WarningsOnUpdate implements rest.RESTUpdateStrategy: there are none.
func (pcrStrategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}

// Canonicalize implements rest.RESTCreateStrategy.
func (pcrStrategy) Canonicalize(runtime.Object) {}

// GetResetFields: writes to the main resource never own status fields.
func (pcrStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(certificatesv1.SchemeGroupVersion.String()): fieldpath.NewSet(fieldpath.MakePathOrDie("status")),
	}
}

// AllowCreateOnUpdate is false: PUT to a missing name is a 404.
func (pcrStrategy) AllowCreateOnUpdate(context.Context) bool { return false }

// AllowUnconditionalUpdate is false: PUT without a resourceVersion is a 422.
func (pcrStrategy) AllowUnconditionalUpdate(context.Context) bool { return false }

// pcrStatusStrategy is the /status strategy: only the status changes, it
// goes through the status rules with the server's clock, and a write that
// changes it needs the "sign" permission for the signer.
type pcrStatusStrategy struct {
	pcrStrategy
	authorizer authorizer.Authorizer
	now        func() time.Time
}

// GetResetFields: a /status write never owns metadata or spec fields (spec
// §4.1). So a no-op status write with labels in its body changes nothing,
// managedFields included, and keeps the resourceVersion, as on the real
// server (row S30).
func (pcrStatusStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(certificatesv1.SchemeGroupVersion.String()): fieldpath.NewSet(
			fieldpath.MakePathOrDie("metadata"), fieldpath.MakePathOrDie("spec")),
	}
}

// PrepareForUpdate keeps the stored spec and metadata (but for
// managedFields, ResetObjectMetaForStatus).
func (pcrStatusStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	pcr, oldPCR := obj.(*certificatesv1.PodCertificateRequest), old.(*certificatesv1.PodCertificateRequest)
	pcr.Spec = oldPCR.Spec
	metav1.ResetObjectMetaForStatus(&pcr.ObjectMeta, &oldPCR.ObjectMeta)
}

// ValidateDeclaratively runs the status rules, then, when they pass and the
// status changes, the signer authorization: the user needs verb "sign" on
// certificates.k8s.io/signers named spec.signerName or "<domain>/*". A
// refusal is a field error, so the client gets a 422, not a 403.
func (s pcrStatusStrategy) ValidateDeclaratively(ctx context.Context, obj, old runtime.Object, _ field.ErrorList, _ operation.Type, _ rest.DeclarativeValidationConfig) field.ErrorList {
	pcr, oldPCR := obj.(*certificatesv1.PodCertificateRequest), old.(*certificatesv1.PodCertificateRequest)
	if errs := pcrvalidation.ValidateStatusUpdate(pcr, oldPCR, s.now()); len(errs) > 0 {
		return errs
	}
	if apiequality.Semantic.DeepEqual(oldPCR.Status, pcr.Status) {
		return nil
	}
	signerPath := field.NewPath("spec", "signerName")
	u, ok := genericapirequest.UserFrom(ctx)
	if !ok {
		return field.ErrorList{field.InternalError(signerPath, errors.New(`cannot determine calling user to perform "sign" check`))}
	}
	if !isAuthorizedForSignerName(ctx, s.authorizer, u, oldPCR.Spec.SignerName) {
		return field.ErrorList{field.Forbidden(signerPath, fmt.Sprintf("User %q is not permitted to \"sign\" for signer %q", u.GetName(), oldPCR.Spec.SignerName))}
	}
	return nil
}

// WarningsOnUpdate implements rest.RESTUpdateStrategy: there are none.
func (pcrStatusStrategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}
