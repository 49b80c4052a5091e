package certificates

import (
	"fmt"
	"time"

	"github.com/metagen-dev/metagen/server/internal/registry/subresource"
	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	genericregistry "k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
)

// NewStorage is storage.NewREST of kube-apiserver: the
// resource and its status subresource over one store.
func NewStorage(serving *runtime.Scheme, getter genericregistry.RESTOptionsGetter, nameGen names.NameGenerator, authz authorizer.Authorizer, now func() time.Time) (map[string]rest.Storage, error) {
	strategy := pcrStrategy{ObjectTyper: serving, NameGenerator: nameGen}
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
		TableConvertor:            table,
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
		"podcertificaterequests/status": subresource.NewStatus(&statusStore),
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
