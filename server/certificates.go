package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	genericregistry "k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

// The built-in certificates.k8s.io/v1 PodCertificateRequest, served as
// kube-apiserver 1.37.2 serves it (pkg/registry/certificates/
// podcertificaterequest): its strategy and status strategy, with the
// validation of schema/certificates/v1, the v1 defaults, its field
// selectors, and the signer authorization of /status writes.
//
// Left out:
//   - admission, which kube-apiserver runs outside the registry:
//     NodeRestriction's checks of PCRs created by node identities (the pod,
//     service account and node must exist and match, the pod must mount the
//     signer), which a server without nodes, pods and node identities cannot
//     apply; PCRs created by other users get none of them on a real server
//     either;
//   - the deprecated certificates.k8s.io/v1beta1 version, and the group's
//     other resources (CertificateSigningRequests, ClusterTrustBundles);
//   - the table printer columns (the default Name/Created columns are used);
//   - an OpenAPI model: server-side apply tracks the object's fields without
//     the schema's list types (see typedOpenAPIConfig).

var pcrKind = certificatesv1.SchemeGroupVersion.WithKind("PodCertificateRequest")

// podCertificateRequests is the resource as the typed server serves it.
func podCertificateRequests(authz authorizer.Authorizer, now func() time.Time) typedResource {
	return typedResource{
		kind:        pcrKind,
		plural:      "podcertificaterequests",
		singular:    "podcertificaterequest",
		namespaced:  true,
		status:      true,
		register:    registerPodCertificateRequests,
		definitions: podCertificateRequestDefinitions,
		storage: func(serving *runtime.Scheme, getter *restOptionsGetter) (map[string]rest.Storage, error) {
			return podCertificateRequestStorage(serving, getter, authz, now)
		},
	}
}

// registerPodCertificateRequests adds the v1 kinds to the serving scheme,
// each also as its own internal version (as servingScheme does for Go
// types), with the v1 defaults and field selectors.
func registerPodCertificateRequests(s *runtime.Scheme) error {
	gv := certificatesv1.SchemeGroupVersion
	for kind, obj := range map[string]runtime.Object{
		"PodCertificateRequest":     &certificatesv1.PodCertificateRequest{},
		"PodCertificateRequestList": &certificatesv1.PodCertificateRequestList{},
	} {
		s.AddKnownTypeWithName(gv.WithKind(kind), obj)
		s.AddKnownTypeWithName(schema.GroupVersionKind{Group: gv.Group, Version: runtime.APIVersionInternal, Kind: kind}, obj.DeepCopyObject())
	}
	if err := pcrvalidation.RegisterDefaults(s); err != nil {
		return err
	}
	return s.AddFieldLabelConversionFunc(pcrKind, func(label, value string) (string, string, error) {
		switch label {
		case "metadata.name", "metadata.namespace", "spec.signerName", "spec.podName", "spec.nodeName":
			return label, value, nil
		}
		return "", "", fmt.Errorf("field label not supported: %s", label)
	})
}

// podCertificateRequestStorage is storage.NewREST of kube-apiserver: the
// resource and its status subresource over one store.
func podCertificateRequestStorage(serving *runtime.Scheme, getter *restOptionsGetter, authz authorizer.Authorizer, now func() time.Time) (map[string]rest.Storage, error) {
	strategy := pcrStrategy{ObjectTyper: serving, NameGenerator: nameGenerator}
	resource := certificatesv1.Resource("podcertificaterequests")
	store := &registry.Store{
		NewFunc:                   func() runtime.Object { return &certificatesv1.PodCertificateRequest{} },
		NewListFunc:               func() runtime.Object { return &certificatesv1.PodCertificateRequestList{} },
		DefaultQualifiedResource:  resource,
		SingularQualifiedResource: certificatesv1.Resource("podcertificaterequest"),
		CreateStrategy:            strategy,
		UpdateStrategy:            strategy,
		DeleteStrategy:            strategy,
		ResetFieldsStrategy:       strategy,
		TableConvertor:            podCertificateRequestTable,
	}
	options := &genericregistry.StoreOptions{RESTOptions: getter, AttrFunc: pcrAttrs}
	if err := store.CompleteWithOptions(options); err != nil {
		return nil, err
	}
	statusStore := *store
	statusStrategy := pcrStatusStrategy{pcrStrategy: strategy, authorizer: authz, now: now}
	statusStore.UpdateStrategy = statusStrategy
	statusStore.ResetFieldsStrategy = statusStrategy
	return map[string]rest.Storage{
		"podcertificaterequests":        store,
		"podcertificaterequests/status": &statusREST{store: &statusStore},
	}, nil
}

// pcrAttrs is the storage's getAttrs: labels, and the field selectors
// metadata.name, metadata.namespace, spec.signerName, spec.podName and
// spec.nodeName.
func pcrAttrs(obj runtime.Object) (labels.Set, fields.Set, error) {
	pcr, ok := obj.(*certificatesv1.PodCertificateRequest)
	if !ok {
		return nil, nil, fmt.Errorf("not a podcertificaterequest")
	}
	selectable := genericregistry.MergeFieldsSets(genericregistry.ObjectMetaFieldsSet(&pcr.ObjectMeta, true), fields.Set{
		"spec.signerName": pcr.Spec.SignerName,
		"spec.podName":    pcr.Spec.PodName,
		"spec.nodeName":   string(pcr.Spec.NodeName),
	})
	return labels.Set(pcr.Labels), selectable, nil
}

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

// isAuthorizedForSignerName is kube-apiserver's certauthorization
// function: verb "sign" on the synthetic certificates.k8s.io "signers"
// resource named signerName, or else named "<domain>/*". An authorizer error
// counts as a refusal.
func isAuthorizedForSignerName(ctx context.Context, authz authorizer.Authorizer, u user.Info, signerName string) bool {
	domain, _, _ := strings.Cut(signerName, "/")
	for _, name := range []string{signerName, domain + "/*"} {
		decision, _, err := authz.Authorize(ctx, authorizer.AttributesRecord{
			User: u, Verb: "sign", Name: name,
			APIGroup: certificatesv1.GroupName, APIVersion: "*", Resource: "signers", ResourceRequest: true,
		})
		if err == nil && decision == authorizer.DecisionAllow {
			return true
		}
	}
	return false
}
