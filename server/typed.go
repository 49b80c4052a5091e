package server

import (
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/metagen-dev/metagen/server/internal/registry/subresource"
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
)

// Resource describes how one kind of the scheme is served. Kinds the server
// finds in the scheme get defaults (namespaced, plural from the kind, a
// status subresource when the type has a status field); a Resource in
// Options overrides them. It applies to its kind in every version the kind
// is served in (a kind is one resource, as a CRD is); Resources given for
// several versions of one kind must agree but for StorageVersion.
type Resource struct {
	// Kind is the group, version and kind of the type.
	Kind schema.GroupVersionKind
	// StorageVersion makes Kind's version the one objects of the kind are
	// stored in when the kind is served in several versions, as the
	// kubebuilder storageversion marker makes a CRD version the storage one. By
	// default it is the first of the group's versions in the scheme's
	// priority (scheme.PrioritizedVersionsForGroup: the order given to
	// SetVersionPriority, else the order in which the versions were added to
	// the scheme) that has the kind.
	StorageVersion bool
	// Plural is the resource name; by default the one the scheme records
	// for the kind (schema/resources, as metagen's generated code registers
	// it), else the lowercased kind plus "s" (meta.UnsafeGuessKindToResource).
	Plural string
	// Singular is the singular resource name; by default the recorded one,
	// else the lowercased kind.
	Singular string
	// ShortNames and Categories are listed in discovery (kubectl get
	// SHORTNAME, kubectl get CATEGORY), as a CRD's names list them.
	ShortNames []string
	Categories []string
	// ClusterScoped serves the resource without namespaces.
	ClusterScoped bool
	// NoStatusSubresource serves status as part of the main resource even if
	// the type has a status field.
	NoStatusSubresource bool
	// Unserved leaves Kind's version out, as a CRD version with served:
	// false: the scheme's type of that version is not served. The storage
	// version cannot be unserved here.
	Unserved bool
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
	// shortNames and categories are what discovery lists besides the names.
	shortNames, categories []string
	// storageVersion is the version of the kind objects are stored in, and
	// which the registry handles (kind.Version but for kinds served in
	// several versions).
	storageVersion string

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
	byKind := map[schema.GroupKind]Resource{}
	storage := map[schema.GroupKind]string{}
	unserved := map[schema.GroupVersionKind]bool{}
	for _, o := range overrides {
		gk := o.Kind.GroupKind()
		if prev, ok := byKind[gk]; ok && !sameServing(prev, o) {
			return nil, fmt.Errorf("resource %v: differs from the resource given for %v; a Resource applies to its kind in every version", o.Kind, prev.Kind)
		}
		if o.Unserved {
			if o.StorageVersion {
				return nil, fmt.Errorf("resource %v: the storage version is unserved, which this server cannot serve", o.Kind)
			}
			unserved[o.Kind] = true
			continue
		}
		byKind[gk] = o
		if o.StorageVersion {
			if v, ok := storage[gk]; ok && v != o.Kind.Version {
				return nil, fmt.Errorf("resource %v: both %s and %s are marked as the storage version", gk, v, o.Kind.Version)
			}
			storage[gk] = o.Kind.Version
		}
	}
	var out []typedResource
	for gvk, t := range scheme.AllKnownTypes() {
		r, named := byKind[gvk.GroupKind()]
		if !servable(scheme, gvk, t, named) || unserved[gvk] {
			continue
		}
		plural, singular := meta.UnsafeGuessKindToResource(gvk)
		if r.Plural != "" {
			plural.Resource = r.Plural
		}
		if r.Singular != "" {
			singular.Resource = r.Singular
		}
		out = append(out, typedResource{
			kind:       gvk,
			plural:     plural.Resource,
			singular:   singular.Resource,
			namespaced: !r.ClusterScoped,
			status:     !r.NoStatusSubresource && hasStatusField(t),
			grace:      r.GracePeriodSeconds,
			shortNames: r.ShortNames,
			categories: r.Categories,
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].kind.String() < out[j].kind.String() })
	for _, o := range overrides {
		if !o.Unserved && !containsKind(out, o.Kind) {
			return nil, fmt.Errorf("resource %v: kind is not in the scheme or cannot be served", o.Kind)
		}
	}
	storageVersions(scheme, out, storage)
	return out, nil
}

// sameServing reports whether two Resources serve their kind the same way.
func sameServing(a, b Resource) bool {
	return a.Plural == b.Plural && a.Singular == b.Singular && slices.Equal(a.ShortNames, b.ShortNames) && slices.Equal(a.Categories, b.Categories) &&
		a.ClusterScoped == b.ClusterScoped && a.NoStatusSubresource == b.NoStatusSubresource &&
		reflect.DeepEqual(a.GracePeriodSeconds, b.GracePeriodSeconds)
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
// A kind in a Kubernetes group with a dot (*.k8s.io, which kube-apiserver
// serves as a CRD with the api-approved.kubernetes.io annotation, as
// gateway.networking.k8s.io) is served when its resource is named
// (Resources, ResourceCRDPaths, or recorded on the scheme by metagen's
// generated code); the types of k8s.io/api, which record none, are not.
func servable(scheme *runtime.Scheme, gvk schema.GroupVersionKind, t reflect.Type, named bool) bool {
	if builtinGroup(gvk.Group) && (!named || !strings.Contains(gvk.Group, ".")) || gvk.Version == runtime.APIVersionInternal || metaKinds[gvk.Kind] || strings.HasSuffix(gvk.Kind, "List") {
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
// The handlers convert every object to an internal "hub" version, which the
// registry works on: each kind's storage version's type is also registered
// as its internal version, with conversions to and from the kind's other
// versions (see conversions). A type served in one version is its own hub.
// Each group's versions are in kube-aware order, the preferred one first.
func servingScheme(user *runtime.Scheme, resources []typedResource) (*runtime.Scheme, error) {
	s := runtime.NewScheme()
	versions := map[string][]string{}
	served := map[schema.GroupKind][]schema.GroupVersionKind{}
	for _, r := range resources {
		if !slices.Contains(versions[r.kind.Group], r.kind.Version) {
			versions[r.kind.Group] = append(versions[r.kind.Group], r.kind.Version)
		}
		if r.register != nil {
			if err := r.register(s); err != nil {
				return nil, err
			}
			continue
		}
		served[r.kind.GroupKind()] = append(served[r.kind.GroupKind()], r.kind)
		for _, kind := range []schema.GroupVersionKind{r.kind, listKind(r.kind)} {
			obj, err := user.New(kind)
			if err != nil {
				return nil, err
			}
			s.AddKnownTypeWithName(kind, obj)
			if r.kind.Version == r.storageVersion {
				s.AddKnownTypeWithName(kind.GroupKind().WithVersion(runtime.APIVersionInternal), obj.DeepCopyObject())
			}
			s.AddTypeDefaultingFunc(obj, func(o interface{}) { user.Default(o.(runtime.Object)) })
		}
		if err := s.AddFieldLabelConversionFunc(r.kind, fieldLabels(r.namespaced)); err != nil {
			return nil, err
		}
	}
	for _, r := range resources {
		if r.register != nil || r.kind.Version == r.storageVersion {
			continue
		}
		storage := r.kind.GroupKind().WithVersion(r.storageVersion)
		vType, _ := user.New(r.kind)
		sType, _ := user.New(storage)
		if reflect.TypeOf(vType) == reflect.TypeOf(sType) {
			continue // one Go type in both versions: only apiVersion differs
		}
		toStorage, fromStorage, err := conversions(user, r.kind, storage, served[r.kind.GroupKind()])
		if err != nil {
			return nil, err
		}
		if err := addVersionConversions(s, r.kind, storage, toStorage, fromStorage); err != nil {
			return nil, err
		}
	}
	for group, vs := range versions {
		kubeAwareVersions(vs)
		gvs := make([]schema.GroupVersion, len(vs))
		for i, v := range vs {
			gvs[i] = schema.GroupVersion{Group: group, Version: v}
			metav1.AddToGroupVersion(s, gvs[i])
		}
		if err := s.SetVersionPriority(gvs...); err != nil {
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

// typedGroups builds the APIGroupInfo of every group of resources. The
// versions of one kind share one store, which holds objects of the storage
// version's type.
func typedGroups(user, serving *runtime.Scheme, resources []typedResource, getter *restOptionsGetter) ([]*genericapiserver.APIGroupInfo, error) {
	codecs := serializer.NewCodecFactory(serving)
	groups := map[string]*genericapiserver.APIGroupInfo{}
	var order []string
	byResource := map[schema.GroupResource][]typedResource{}
	var resourceOrder []schema.GroupResource
	for _, r := range resources {
		if groups[r.kind.Group] == nil {
			g := genericapiserver.NewDefaultAPIGroupInfo(r.kind.Group, serving, metav1.ParameterCodec, codecs)
			if r.register == nil {
				g.NegotiatedSerializer = withoutProtobuf{codecs}
			}
			groups[r.kind.Group] = &g
			order = append(order, r.kind.Group)
		}
		gr := schema.GroupResource{Group: r.kind.Group, Resource: r.plural}
		if byResource[gr] == nil {
			resourceOrder = append(resourceOrder, gr)
		}
		byResource[gr] = append(byResource[gr], r)
	}
	for _, gr := range resourceOrder {
		versions := byResource[gr]
		info := groups[gr.Group]
		add := func(version string, storages map[string]rest.Storage) {
			if info.VersionedResourcesStorageMap[version] == nil {
				info.VersionedResourcesStorageMap[version] = map[string]rest.Storage{}
			}
			for path, storage := range storages {
				info.VersionedResourcesStorageMap[version][path] = storage
			}
		}
		if r := versions[0]; r.storage != nil {
			gv := r.kind.GroupVersion()
			getter.setCodec(gr, codecs.CodecForVersions(codecs.LegacyCodec(gv), codecs.UniversalDecoder(gv), gv, gv), gv)
			storages, err := r.storage(serving, getter)
			if err != nil {
				return nil, err
			}
			add(r.kind.Version, storages)
			continue
		}
		storageIndex := slices.IndexFunc(versions, func(r typedResource) bool { return r.kind.Version == r.storageVersion })
		if storageIndex < 0 || len(versions) != countKinds(versions) {
			return nil, fmt.Errorf("resource %v: served for several kinds, or without its storage version", gr)
		}
		stored := versions[storageIndex]
		gv := stored.kind.GroupVersion()
		getter.setCodec(gr, codecs.CodecForVersions(codecs.LegacyCodec(gv), codecs.UniversalDecoder(gv), gv, gv), gv)
		main, status, err := typedStorage(user, serving, stored, versions, getter)
		if err != nil {
			return nil, err
		}
		for _, r := range versions {
			storages := map[string]rest.Storage{r.plural: main}
			if status != nil && r.status {
				storages[r.plural+"/status"] = status
			}
			add(r.kind.Version, storages)
		}
	}
	out := make([]*genericapiserver.APIGroupInfo, 0, len(order))
	for _, group := range order {
		out = append(out, groups[group])
	}
	return out, nil
}

// countKinds counts the distinct versions of one kind among resources; it
// is len(resources) unless two kinds share a plural.
func countKinds(resources []typedResource) int {
	kinds := map[schema.GroupVersionKind]bool{}
	for _, r := range resources {
		if r.kind.GroupKind() != resources[0].kind.GroupKind() {
			return -1
		}
		kinds[r.kind] = true
	}
	return len(kinds)
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
// of its status subresource. stored is the resource in its storage version,
// versions are all the versions it is served in.
func typedStorage(user, serving *runtime.Scheme, stored typedResource, versions []typedResource, getter *restOptionsGetter) (rest.Storage, rest.Storage, error) {
	strategy, err := newTypedStrategy(serving, user, stored, versions)
	if err != nil {
		return nil, nil, err
	}
	kind := stored.kind
	resource := schema.GroupResource{Group: kind.Group, Resource: stored.plural}
	store := &registry.Store{
		NewFunc:                   func() runtime.Object { obj, _ := serving.New(kind); return obj },
		NewListFunc:               func() runtime.Object { obj, _ := serving.New(listKind(kind)); return obj },
		DefaultQualifiedResource:  resource,
		SingularQualifiedResource: schema.GroupResource{Group: kind.Group, Resource: stored.singular},
		CreateStrategy:            strategy,
		UpdateStrategy:            strategy,
		DeleteStrategy:            deleteStrategy(strategy, stored.grace),
		ResetFieldsStrategy:       strategy,
		TableConvertor:            rest.NewDefaultTableConvertor(resource),
	}
	options := &genericregistry.StoreOptions{RESTOptions: getter, AttrFunc: strategy.GetAttrs}
	if err := store.CompleteWithOptions(options); err != nil {
		return nil, nil, err
	}
	var main rest.Storage = store
	if len(stored.shortNames) > 0 || len(stored.categories) > 0 {
		main = namedStore{store, stored.shortNames, stored.categories}
	}
	if !stored.status {
		return main, nil, nil
	}
	statusStore := *store
	statusStrategy := typedStatusStrategy{strategy}
	statusStore.UpdateStrategy = statusStrategy
	statusStore.ResetFieldsStrategy = statusStrategy
	return main, subresource.NewStatus(&statusStore), nil
}

// namedStore is a resource's store with the short names and categories
// discovery lists, which registry.Store does not carry (kube-apiserver's
// registries add them the same way: rest.ShortNamesProvider,
// rest.CategoriesProvider).
type namedStore struct {
	*registry.Store
	shortNames, categories []string
}

var (
	_ rest.ShortNamesProvider = namedStore{}
	_ rest.CategoriesProvider = namedStore{}
)

func (s namedStore) ShortNames() []string { return s.shortNames }
func (s namedStore) Categories() []string { return s.categories }

// deleteStrategy is strategy, graceful when a grace period is given.
func deleteStrategy(strategy typedStrategy, grace *int64) rest.RESTDeleteStrategy {
	if grace == nil {
		return strategy
	}
	return gracefulDeleteStrategy{typedStrategy: strategy, defaultGracePeriod: *grace}
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
func withCustomResourcePatchTypes(handler http.Handler, resources map[schema.GroupVersionResource]bool, serializer runtime.NegotiatedSerializer) http.Handler {
	if len(resources) == 0 {
		return handler
	}
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, ok := request.RequestInfoFrom(req.Context())
		if ok && info.IsResourceRequest && info.Verb == "patch" &&
			resources[schema.GroupVersionResource{Group: info.APIGroup, Version: info.APIVersion, Resource: info.Resource}] &&
			strings.HasPrefix(req.Header.Get("Content-Type"), string(types.StrategicMergePatchType)) {
			gv := schema.GroupVersion{Group: info.APIGroup, Version: info.APIVersion}
			responsewriters.ErrorNegotiated(negotiation.NewUnsupportedMediaTypeError(customResourcePatchTypes()), serializer, gv, w, req)
			return
		}
		handler.ServeHTTP(w, req)
	})
}

// customResourceLike returns the resources, by version, served with
// custom-resource semantics: those whose type in that version has no
// validation of its own.
func customResourceLike(user *runtime.Scheme, resources []typedResource) map[schema.GroupVersionResource]bool {
	out := map[schema.GroupVersionResource]bool{}
	for _, r := range resources {
		if example, err := user.New(r.kind); err == nil && !user.HasValidationFunc(example) {
			out[r.kind.GroupVersion().WithResource(r.plural)] = true
		}
	}
	return out
}
