package server

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apiserver/pkg/endpoints/handlers/negotiation"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/features"
	genericregistry "k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	genericapiserver "k8s.io/apiserver/pkg/server"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/kube-openapi/pkg/common"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// Resource describes how one kind of the scheme is served. Kinds the server
// finds in the scheme get defaults (namespaced, plural from the kind, a
// status subresource when the type has a status field); a Resource in
// Options overrides them.
type Resource struct {
	// Kind is the group, version and kind of the type.
	Kind schema.GroupVersionKind
	// Plural is the resource name; by default the lowercased kind plus "s"
	// (meta.UnsafeGuessKindToResource).
	Plural string
	// ClusterScoped serves the resource without namespaces.
	ClusterScoped bool
	// NoStatusSubresource serves status as part of the main resource even if
	// the type has a status field.
	NoStatusSubresource bool
	// GracePeriodSeconds, when set, makes deletion graceful (as for pods): a
	// DELETE without gracePeriodSeconds gives the object this long, and it
	// stays, terminating, until a DELETE with a period of 0. Deletion is
	// immediate by default, as for custom resources.
	GracePeriodSeconds *int64
}

// typedResource is a Resource with its defaults filled in.
type typedResource struct {
	kind       schema.GroupVersionKind
	plural     string
	singular   string
	namespaced bool
	status     bool
	grace      *int64

	// Built-in resources (kinds kube-apiserver serves) are not in the
	// caller's scheme: register adds their kinds to the serving scheme, and
	// storage builds their REST storage.
	register func(serving *runtime.Scheme) error
	storage  func(serving *runtime.Scheme, getter *restOptionsGetter) (map[string]rest.Storage, error)
	// definitions are the OpenAPI definitions of a built-in resource.
	definitions common.GetOpenAPIDefinitions
}

// metaKinds are the kinds metav1.AddToGroupVersion registers in every group
// version; they are not resources.
var metaKinds = map[string]bool{
	"WatchEvent": true, "Status": true, "ListOptions": true, "GetOptions": true, "DeleteOptions": true,
	"CreateOptions": true, "UpdateOptions": true, "PatchOptions": true, "APIVersions": true,
	"APIGroupList": true, "APIGroup": true, "APIResourceList": true, "Table": true,
	"PartialObjectMetadata": true, "PartialObjectMetadataList": true,
}

// typedResources lists the kinds of scheme to serve: every kind with
// ObjectMeta and a matching List kind, in a group that is not a built-in
// Kubernetes group, preferring overrides.
func typedResources(scheme *runtime.Scheme, overrides []Resource) ([]typedResource, error) {
	byKind := map[schema.GroupVersionKind]Resource{}
	for _, o := range overrides {
		byKind[o.Kind] = o
	}
	var out []typedResource
	for gvk, t := range scheme.AllKnownTypes() {
		if !servable(scheme, gvk, t) {
			continue
		}
		r := byKind[gvk]
		plural, singular := meta.UnsafeGuessKindToResource(gvk)
		if r.Plural != "" {
			plural.Resource = r.Plural
		}
		out = append(out, typedResource{
			kind:       gvk,
			plural:     plural.Resource,
			singular:   singular.Resource,
			namespaced: !r.ClusterScoped,
			status:     !r.NoStatusSubresource && hasStatusField(t),
			grace:      r.GracePeriodSeconds,
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].kind.String() < out[j].kind.String() })
	for kind := range byKind {
		if !containsKind(out, kind) {
			return nil, fmt.Errorf("resource %v: kind is not in the scheme or cannot be served", kind)
		}
	}
	return out, nil
}

func containsKind(resources []typedResource, kind schema.GroupVersionKind) bool {
	for _, r := range resources {
		if r.kind == kind {
			return true
		}
	}
	return false
}

// servable reports whether gvk is an API resource this server can serve.
func servable(scheme *runtime.Scheme, gvk schema.GroupVersionKind, t reflect.Type) bool {
	if builtinGroup(gvk.Group) || metaKinds[gvk.Kind] || strings.HasSuffix(gvk.Kind, "List") {
		return false
	}
	if !scheme.Recognizes(gvk.GroupVersion().WithKind(gvk.Kind + "List")) {
		return false
	}
	_, err := meta.Accessor(reflect.New(t).Interface())
	return err == nil
}

// builtinGroup reports whether group belongs to Kubernetes itself: the core
// group, dotless groups (apps, batch, …) and *.k8s.io. Custom API groups
// always contain a dot.
func builtinGroup(group string) bool {
	return !strings.Contains(group, ".") || strings.HasSuffix(group, ".k8s.io") || group == "k8s.io"
}

// servingScheme returns a scheme with the served kinds of user plus what the
// generic API server needs. It leaves user untouched (it may be shared and in
// use) and defers to it for defaulting.
//
// Each kind is also registered as its own internal version: the handlers
// convert to an internal "hub" version (strategic merge patch does), and a
// type served in one version is its own hub.
func servingScheme(user *runtime.Scheme, resources []typedResource) (*runtime.Scheme, error) {
	s := runtime.NewScheme()
	groupVersions := map[schema.GroupVersion]bool{}
	for _, r := range resources {
		groupVersions[r.kind.GroupVersion()] = true
		if r.register != nil {
			if err := r.register(s); err != nil {
				return nil, err
			}
			continue
		}
		for _, kind := range []schema.GroupVersionKind{r.kind, r.kind.GroupVersion().WithKind(r.kind.Kind + "List")} {
			obj, err := user.New(kind)
			if err != nil {
				return nil, err
			}
			s.AddKnownTypeWithName(kind, obj)
			s.AddKnownTypeWithName(kind.GroupKind().WithVersion(runtime.APIVersionInternal), obj.DeepCopyObject())
			s.AddTypeDefaultingFunc(obj, func(o interface{}) { user.Default(o.(runtime.Object)) })
		}
		if err := s.AddFieldLabelConversionFunc(r.kind, fieldLabels(r.namespaced)); err != nil {
			return nil, err
		}
	}
	for gv := range groupVersions {
		metav1.AddToGroupVersion(s, gv)
		if err := s.SetVersionPriority(gv); err != nil {
			return nil, err
		}
	}
	metav1.AddToGroupVersion(s, schema.GroupVersion{Version: "v1"})
	s.AddUnversionedTypes(schema.GroupVersion{Version: "v1"},
		&metav1.Status{}, &metav1.APIVersions{}, &metav1.APIGroupList{}, &metav1.APIGroup{}, &metav1.APIResourceList{})
	return s, nil
}

// fieldLabels accepts the field selectors custom resources accept, with
// their error (apiextensions' crConverter.ConvertFieldLabel).
func fieldLabels(namespaced bool) runtime.FieldLabelConversionFunc {
	return func(label, value string) (string, string, error) {
		if label == "metadata.name" || (namespaced && label == "metadata.namespace") {
			return label, value, nil
		}
		return "", "", fmt.Errorf("field label not supported: %s", label)
	}
}

// typedGroups builds the APIGroupInfo of every group of resources.
func typedGroups(user, serving *runtime.Scheme, resources []typedResource, getter *restOptionsGetter) ([]*genericapiserver.APIGroupInfo, error) {
	codecs := serializer.NewCodecFactory(serving)
	groups := map[string]*genericapiserver.APIGroupInfo{}
	var order []string
	for _, r := range resources {
		info := groups[r.kind.Group]
		if info == nil {
			g := genericapiserver.NewDefaultAPIGroupInfo(r.kind.Group, serving, metav1.ParameterCodec, codecs)
			if r.register == nil {
				g.NegotiatedSerializer = withoutProtobuf{codecs}
			}
			info = &g
			groups[r.kind.Group] = info
			order = append(order, r.kind.Group)
		}
		gv := r.kind.GroupVersion()
		getter.setCodec(schema.GroupResource{Group: gv.Group, Resource: r.plural}, codecs.CodecForVersions(
			codecs.LegacyCodec(gv), codecs.UniversalDecoder(gv), gv, gv), gv)
		storages, err := typedStorage(user, serving, r, getter)
		if err != nil {
			return nil, err
		}
		if info.VersionedResourcesStorageMap[gv.Version] == nil {
			info.VersionedResourcesStorageMap[gv.Version] = map[string]rest.Storage{}
		}
		for path, storage := range storages {
			info.VersionedResourcesStorageMap[gv.Version][path] = storage
		}
	}
	out := make([]*genericapiserver.APIGroupInfo, 0, len(order))
	for _, group := range order {
		out = append(out, groups[group])
	}
	return out, nil
}

// withoutProtobuf serves the Go types of a scheme, which cannot be encoded in
// protobuf, the way kube-apiserver serves custom resources: JSON, YAML and
// (with its feature gate) CBOR. A client that prefers protobuf but accepts
// JSON, as client-go's metadata client does, gets JSON; one that accepts
// only protobuf gets 406, and a protobuf body 415. (Otherwise the handlers
// would pick protobuf and fail to encode the object.)
type withoutProtobuf struct{ runtime.NegotiatedSerializer }

func (s withoutProtobuf) SupportedMediaTypes() []runtime.SerializerInfo {
	var out []runtime.SerializerInfo
	for _, info := range s.NegotiatedSerializer.SupportedMediaTypes() {
		if info.MediaType != runtime.ContentTypeProtobuf {
			out = append(out, info)
		}
	}
	return out
}

// typedStorage returns the REST storage of a resource and, when it has one,
// of its status subresource, keyed by path.
func typedStorage(user, serving *runtime.Scheme, r typedResource, getter *restOptionsGetter) (map[string]rest.Storage, error) {
	if r.storage != nil {
		return r.storage(serving, getter)
	}
	example, err := user.New(r.kind)
	if err != nil {
		return nil, err
	}
	strategy := newTypedStrategy(serving, user, example, r.kind, r.namespaced, r.status)
	resource := schema.GroupResource{Group: r.kind.Group, Resource: r.plural}
	store := &registry.Store{
		NewFunc: func() runtime.Object { obj, _ := serving.New(r.kind); return obj },
		NewListFunc: func() runtime.Object {
			obj, _ := serving.New(r.kind.GroupVersion().WithKind(r.kind.Kind + "List"))
			return obj
		},
		DefaultQualifiedResource:  resource,
		SingularQualifiedResource: schema.GroupResource{Group: r.kind.Group, Resource: r.singular},
		CreateStrategy:            strategy,
		UpdateStrategy:            strategy,
		DeleteStrategy:            deleteStrategy(strategy, r.grace),
		ResetFieldsStrategy:       strategy,
		TableConvertor:            rest.NewDefaultTableConvertor(resource),
	}
	options := &genericregistry.StoreOptions{RESTOptions: getter, AttrFunc: strategy.GetAttrs}
	if err := store.CompleteWithOptions(options); err != nil {
		return nil, err
	}
	storages := map[string]rest.Storage{r.plural: store}
	if r.status {
		statusStore := *store
		statusStrategy := typedStatusStrategy{strategy}
		statusStore.UpdateStrategy = statusStrategy
		statusStore.ResetFieldsStrategy = statusStrategy
		storages[r.plural+"/status"] = &statusREST{store: &statusStore}
	}
	return storages, nil
}

// deleteStrategy is strategy, graceful when a grace period is given.
func deleteStrategy(strategy typedStrategy, grace *int64) rest.RESTDeleteStrategy {
	if grace == nil {
		return strategy
	}
	return gracefulDeleteStrategy{typedStrategy: strategy, defaultGracePeriod: *grace}
}

// statusREST serves the status subresource: get and update (patch) only.
type statusREST struct {
	store *registry.Store
}

var _ rest.Patcher = &statusREST{}

// New implements rest.Storage.
func (r *statusREST) New() runtime.Object { return r.store.New() }

// Destroy implements rest.Storage; the main resource owns the storage.
func (r *statusREST) Destroy() {}

// Get implements rest.Getter; patch needs it.
func (r *statusREST) Get(ctx context.Context, name string, options *metav1.GetOptions) (runtime.Object, error) {
	return r.store.Get(ctx, name, options)
}

// Update implements rest.Updater. A subresource never creates on update.
func (r *statusREST) Update(ctx context.Context, name string, objInfo rest.UpdatedObjectInfo, createValidation rest.ValidateObjectFunc,
	updateValidation rest.ValidateObjectUpdateFunc, _ bool, options *metav1.UpdateOptions) (runtime.Object, bool, error) {
	return r.store.Update(ctx, name, objInfo, createValidation, updateValidation, false, options)
}

// GetResetFields implements rest.ResetFieldsStrategy.
func (r *statusREST) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return r.store.GetResetFields()
}

// customResourcePatchTypes are the patch types kube-apiserver accepts for
// custom resources: no strategic merge patch.
func customResourcePatchTypes() []string {
	patchTypes := []string{string(types.JSONPatchType), string(types.MergePatchType), string(types.ApplyYAMLPatchType)}
	if utilfeature.DefaultFeatureGate.Enabled(features.CBORServingAndStorage) {
		patchTypes = append(patchTypes, string(types.ApplyCBORPatchType))
	}
	return patchTypes
}

// withCustomResourcePatchTypes answers strategic merge patches of resources
// served like custom resources as kube-apiserver answers them for custom
// resources: 415 Unsupported Media Type. (The generic handlers accept them
// for every Go type.)
func withCustomResourcePatchTypes(handler http.Handler, resources map[schema.GroupResource]bool, serializer runtime.NegotiatedSerializer) http.Handler {
	if len(resources) == 0 {
		return handler
	}
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, ok := request.RequestInfoFrom(req.Context())
		if ok && info.IsResourceRequest && info.Verb == "patch" &&
			resources[schema.GroupResource{Group: info.APIGroup, Resource: info.Resource}] &&
			strings.HasPrefix(req.Header.Get("Content-Type"), string(types.StrategicMergePatchType)) {
			gv := schema.GroupVersion{Group: info.APIGroup, Version: info.APIVersion}
			responsewriters.ErrorNegotiated(negotiation.NewUnsupportedMediaTypeError(customResourcePatchTypes()), serializer, gv, w, req)
			return
		}
		handler.ServeHTTP(w, req)
	})
}

// customResourceLike returns the resources served with custom-resource
// semantics: those without validation of their own.
func customResourceLike(user *runtime.Scheme, resources []typedResource) map[schema.GroupResource]bool {
	out := map[schema.GroupResource]bool{}
	for _, r := range resources {
		if example, err := user.New(r.kind); err == nil && !user.HasValidationFunc(example) {
			out[schema.GroupResource{Group: r.kind.Group, Resource: r.plural}] = true
		}
	}
	return out
}
