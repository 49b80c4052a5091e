package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	serveradmission "github.com/metagen-dev/metagen/server/internal/admission"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsapiserver "k8s.io/apiextensions-apiserver/pkg/apiserver"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	discoveryendpoint "k8s.io/apiserver/pkg/endpoints/discovery/aggregated"
	genericapifilters "k8s.io/apiserver/pkg/endpoints/filters"
	genericapiserver "k8s.io/apiserver/pkg/server"
	genericfilters "k8s.io/apiserver/pkg/server/filters"
	utilcompatibility "k8s.io/apiserver/pkg/util/compatibility"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/apiserver/pkg/util/notfoundhandler"
	"k8s.io/client-go/rest"
	"k8s.io/kube-openapi/pkg/common"
)

// apiServers is the chain kube-apiserver builds, minus the aggregator: the
// server of the Go types in front, delegating what it does not serve to the
// apiextensions server (CRDs and custom resources), which delegates to a
// 404 handler.
type apiServers struct {
	core       *genericapiserver.GenericAPIServer
	extensions *apiextensionsapiserver.CustomResourceDefinitions
	loopback   *rest.Config
}

func newAPIServers(url string, loopback *rest.Config, getter *restOptionsGetter, ids *identities, opts Options) (*apiServers, error) {
	aggregated := discoveryendpoint.NewResourceManager("apis")
	auth := authentication{ids: ids, authz: ids.access.recording(serverAuthorizer{rules: ids.rules, custom: opts.Authorizer}.Authorize)}
	var namespaceLifecycle *lifecycle.Lifecycle
	var lifecycleAdmission admission.Interface
	if !opts.NoNamespaceLifecycle {
		var err error
		if namespaceLifecycle, err = serveradmission.NewNamespaceLifecycle(); err != nil {
			return nil, err
		}
		lifecycleAdmission = namespaceLifecycle
	}
	finalizers := serveradmission.NewAllowedFinalizers()
	auth.admission = serveradmission.Chain(lifecycleAdmission, finalizers)

	extensionsOpenAPI := extensionsOpenAPIConfig()
	extensions, err := newExtensionsServer(url, loopback, getter, aggregated, auth, extensionsOpenAPI)
	if err != nil {
		return nil, err
	}
	namespaces := &namespaceAPI{}
	builtins := []typedResource{namespaces.resource()}
	if !opts.NoPodCertificateRequests {
		now := opts.Now
		if now == nil {
			now = time.Now
		}
		builtins = append(builtins, podCertificateRequests(auth.authz, now))
	}
	fromCRDs, err := resourcesFromCRDPaths(opts.Scheme, opts.ResourceCRDPaths)
	if err != nil {
		return nil, err
	}
	api, err := newTypedAPI(opts.Scheme, withDefaults(opts.Resources, withDefaults(fromCRDs, registeredResources(opts.Scheme))), builtins, getter)
	if err != nil {
		return nil, err
	}
	if namespaceLifecycle != nil {
		if err := serveradmission.WireNamespaceLifecycle(namespaceLifecycle, namespaces.store, loopback); err != nil {
			return nil, err
		}
	}
	coreConfig := genericConfig(serializer.NewCodecFactory(api.scheme), url, loopback, getter, aggregated, auth)
	coreConfig.OpenAPIV3Config = typedOpenAPIConfig(api.scheme, api.resources, opts.OpenAPIDefinitions)
	crLike := api.customResourceLike
	coreConfig.BuildHandlerChainFunc = func(handler http.Handler, c *genericapiserver.Config) http.Handler {
		return buildHandlerChain(withCustomResourcePatchTypes(handler, crLike, c.Serializer), c)
	}
	core, err := coreConfig.Complete(nil).New("metagen-apiserver", extensions.GenericAPIServer)
	if err != nil {
		return nil, err
	}
	if err := core.InstallLegacyAPIGroup(genericapiserver.DefaultLegacyAPIPrefix, api.legacy); err != nil {
		return nil, err
	}
	if len(api.groups) > 0 {
		if err := core.InstallAPIGroups(api.groups...); err != nil {
			return nil, err
		}
	}
	finalizers.SetLister(extensions.Informers.Apiextensions().V1().CustomResourceDefinitions().Lister())
	watchCRDGroups(extensions.Informers.Apiextensions().V1().CustomResourceDefinitions(), core.DiscoveryGroupManager)
	core.PrepareRun()
	err = serveOpenAPI(openAPISource{core, coreConfig.OpenAPIV3Config}, openAPISource{extensions.GenericAPIServer, extensionsOpenAPI})
	if err != nil {
		return nil, err
	}
	return &apiServers{core: core, extensions: extensions, loopback: loopback}, nil
}

// newExtensionsServer builds k8s.io/apiextensions-apiserver's server: the
// CustomResourceDefinition API and the handler of custom resources.
func newExtensionsServer(url string, loopback *rest.Config, getter *restOptionsGetter, aggregated discoveryendpoint.ResourceManager,
	auth authentication, openAPI *common.OpenAPIV3Config) (*apiextensionsapiserver.CustomResourceDefinitions, error) {
	crds := apiextensionsv1.Resource("customresourcedefinitions")
	getter.setCodec(crds, apiextensionsapiserver.Codecs.LegacyCodec(apiextensionsv1.SchemeGroupVersion), apiextensionsv1.SchemeGroupVersion)
	generic := genericConfig(apiextensionsapiserver.Codecs, url, loopback, getter, aggregated, auth)
	generic.MergedResourceConfig = apiextensionsapiserver.DefaultAPIResourceConfigSource()
	generic.OpenAPIV3Config = openAPI
	// The hook polls every 100ms and exits the process when stopped before
	// the informer syncs; start waits for the informer itself.
	generic.DisabledPostStartHooks.Insert("crd-informer-synced")
	config := apiextensionsapiserver.Config{
		GenericConfig: &genericapiserver.RecommendedConfig{Config: *generic},
		ExtraConfig:   apiextensionsapiserver.ExtraConfig{CRDRESTOptionsGetter: getter, MasterCount: 1},
	}
	notFound := notfoundhandler.New(apiextensionsapiserver.Codecs, genericapifilters.NoMuxAndDiscoveryIncompleteKey)
	return config.Complete().New(genericapiserver.NewEmptyDelegateWithCustomHandler(notFound))
}

// typedAPI is what the server of the Go types serves: the legacy core group
// at /api (namespaces) and the named groups at /apis.
type typedAPI struct {
	scheme             *runtime.Scheme // the serving scheme
	resources          []typedResource
	legacy             *genericapiserver.APIGroupInfo
	groups             []*genericapiserver.APIGroupInfo
	customResourceLike map[schema.GroupVersionResource]bool
}

func newTypedAPI(scheme *runtime.Scheme, overrides []Resource, builtins []typedResource, getter *restOptionsGetter) (*typedAPI, error) {
	if scheme == nil {
		scheme = runtime.NewScheme()
	}
	resources, err := typedResources(scheme, overrides)
	if err != nil {
		return nil, err
	}
	resources = append(resources, builtins...)
	serving, err := servingScheme(scheme, resources)
	if err != nil {
		return nil, err
	}
	groups, err := typedGroups(scheme, serving, resources, getter)
	if err != nil {
		return nil, err
	}
	api := &typedAPI{scheme: serving, resources: resources, customResourceLike: customResourceLike(scheme, resources)}
	for _, g := range groups {
		if g.PrioritizedVersions[0].Group == "" {
			api.legacy = g
		} else {
			api.groups = append(api.groups, g)
		}
	}
	return api, nil
}

// authentication is who a request acts as, what they may do, and the
// admission their writes go through (none when nil).
type authentication struct {
	ids       *identities
	authz     authorizer.Authorizer
	admission admission.Interface
}

// genericConfig is the generic API server configuration both servers share:
// in-memory storage, bearer tokens (the admin's, the loopback client's, the
// Users'), authorization that refuses only those users, the
// NamespaceLifecycle admission unless turned off, no metrics. The OpenAPI
// models are built (the field manager needs them); the server of the Go
// types serves them (see serveOpenAPI).
func genericConfig(codecs serializer.CodecFactory, url string, loopback *rest.Config, getter *restOptionsGetter,
	aggregated discoveryendpoint.ResourceManager, auth authentication) *genericapiserver.Config {
	c := genericapiserver.NewConfig(codecs)
	c.EffectiveVersion = utilcompatibility.DefaultBuildEffectiveVersion()
	c.FeatureGate = utilfeature.DefaultFeatureGate
	c.ExternalAddress = url[strings.Index(url, "://")+len("://"):]
	c.LoopbackClientConfig = loopback
	c.Authentication.Authenticator = auth.ids
	c.Authorization.Authorizer = auth.authz
	c.AdmissionControl = auth.admission
	c.RESTOptionsGetter = getter
	c.AggregatedDiscoveryGroupManager = aggregated
	c.BuildHandlerChainFunc = buildHandlerChain
	c.EnableMetrics = false
	c.EnableProfiling = false
	c.SkipOpenAPIInstallation = true
	return c
}

// buildHandlerChain is genericapiserver.DefaultBuildHandlerChain without
// impersonation, audit, flow control, CORS and HSTS: the filters that shape
// what clients see (authentication and authorization, request info,
// warnings, timeouts, panics as 500s) stay.
func buildHandlerChain(apiHandler http.Handler, c *genericapiserver.Config) http.Handler {
	handler := genericapifilters.WithAuthorization(apiHandler, c.Authorization.Authorizer, c.Serializer)
	handler = genericapifilters.WithAuthentication(handler, c.Authentication.Authenticator, genericapifilters.Unauthorized(c.Serializer), nil, nil)
	handler = genericapifilters.WithWarningRecorder(handler)
	handler = genericfilters.WithTimeoutForNonLongRunningRequests(handler, c.LongRunningFunc)
	handler = genericapifilters.WithRequestDeadline(handler, c.AuditBackend, c.AuditPolicyRuleEvaluator,
		c.LongRunningFunc, c.Serializer, c.RequestTimeout)
	handler = genericfilters.WithWaitGroup(handler, c.LongRunningFunc, c.NonLongRunningRequestWaitGroup)
	handler = genericapifilters.WithCacheControl(handler)
	handler = genericapifilters.WithRequestInfo(handler, c.RequestInfoResolver)
	handler = genericapifilters.WithRequestReceivedTimestamp(handler)
	handler = genericfilters.WithPanicRecovery(handler, c.RequestInfoResolver)
	handler = genericapifilters.WithAuditInit(handler)
	return handler
}

// handler returns the HTTP handler of the whole chain.
func (a *apiServers) handler() http.Handler { return a.core.Handler }

// start starts the informers and controllers of both servers (the CRD
// controllers among them) until ctx ends. The CRD informer is started and
// synced first: the controllers wait for it in 100ms steps otherwise.
func (a *apiServers) start(ctx context.Context) error {
	a.extensions.Informers.Start(ctx.Done())
	informer := a.extensions.Informers.Apiextensions().V1().CustomResourceDefinitions().Informer()
	err := wait.PollUntilContextTimeout(ctx, time.Millisecond, time.Minute, true, func(context.Context) (bool, error) {
		return informer.HasSynced(), nil
	})
	if err != nil {
		return err
	}
	a.core.RunPostStartHooks(ctx)
	return nil
}

// destroy releases the storage of both servers.
func (a *apiServers) destroy() {
	a.core.Destroy()
}
